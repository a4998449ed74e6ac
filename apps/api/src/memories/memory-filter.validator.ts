import type { Limits } from '@limbic/config';
import { metadataPair, NO_FILTER, type MemoryFilter } from '@limbic/graph';
import { badInput } from '../common/api-error';
import { requireDate, requireScope, requireWellFormed } from '../common/validate';
import type { MemoryFilterInput } from './dto/memory-filter.types';
import { requireMetadataFilterValue } from './metadata.validator';

/** chosen: a filter names a few keys; more is a sign of metadata used as a database. */
const MAX_METADATA_KEYS = 16;

/** A MemoryFilterInput checked and normalised as encode stores what it compares (tags lowercased). */
export function validateMemoryFilter(input: MemoryFilterInput | null | undefined, limits: Limits, prefix = 'filter.'): MemoryFilter {
  if (!input) return NO_FILTER;
  const f = (name: string) => `${prefix}${name}`;
  const after = input.occurredAfter ? requireDate(f('occurredAfter'), input.occurredAfter, 0) : null;
  const before = input.occurredBefore ? requireDate(f('occurredBefore'), input.occurredBefore, 0) : null;
  if (after !== null && before !== null && after >= before) throw badInput(f('occurredBefore'), 'must be later than occurredAfter');
  const metadata = Object.entries(input.metadata ?? {});
  if (metadata.length > MAX_METADATA_KEYS) throw badInput(f('metadata'), `at most ${MAX_METADATA_KEYS} keys`);
  return {
    scope: input.scope === undefined || input.scope === null ? null : requireScope(f('scope'), input.scope),
    tagsAny: tagList(f('tagsAny'), input.tagsAny, limits),
    tagsAll: tagList(f('tagsAll'), input.tagsAll, limits),
    after,
    before,
    metadataPairs: metadata.map(([key, value]) => metadataPair(key, requireMetadataFilterValue(f(`metadata.${key}`), value))).sort(),
  };
}

function tagList(field: string, tags: readonly string[] | null | undefined, limits: Limits): string[] {
  if (!tags) return [];
  if (tags.length > limits.maxTags) throw badInput(field, `at most ${limits.maxTags} tags`);
  return [...new Set(tags.map((t, i) => requireWellFormed(`${field}[${i}]`, t).trim().toLowerCase()))].filter((t) => {
    if (t.length === 0) throw badInput(field, 'tags must not be empty');
    return true;
  });
}
