import type { Limits } from '@limbic/config';
import { NO_LIST_FILTER, type MemoryListFilter } from '@limbic/graph';
import { badInput } from '../common/api-error';
import { requireWellFormed } from '../common/validate';
import { ArchivedFilter, type MemoryListFilterInput } from './dto/memory-filter.types';
import { validateMemoryFilter } from './memory-filter.validator';

/** chosen: a phrase to find, not a document to compare. */
const MAX_CONTAINS_CHARS = 256;

/** A MemoryListFilterInput checked and normalised: validateMemoryFilter's part, plus archived and contains. */
export function validateMemoryListFilter(input: MemoryListFilterInput | null | undefined, limits: Limits, prefix = 'filter.'): MemoryListFilter {
  if (!input) return NO_LIST_FILTER;
  const contains = input.contains ?? null;
  if (contains !== null) {
    requireWellFormed(`${prefix}contains`, contains);
    if (contains.length === 0 || contains.length > MAX_CONTAINS_CHARS) throw badInput(`${prefix}contains`, `must be 1–${MAX_CONTAINS_CHARS} characters`);
  }
  return { ...validateMemoryFilter(input, limits, prefix), archived: input.archived ?? ArchivedFilter.LIVE, contains };
}
