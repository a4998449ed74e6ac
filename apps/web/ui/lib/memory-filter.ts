// The memory list's filter as it lives in the URL (strings) and as the API takes it.
import type { ops } from './client';

export interface ListQuery {
  readonly filter: ops.MemoryListFilterInput;
  readonly order: ops.MemoryOrder;
}

const ARCHIVED: readonly ops.ArchivedFilter[] = ['LIVE', 'ARCHIVED', 'ALL'];

/** Unknown or empty parameters are left out, so a hand-edited URL lists rather than fails. */
export function listQueryOf(params: Readonly<Record<string, string>>): ListQuery {
  const filter: ops.MemoryListFilterInput = {};
  const contains = params.contains?.trim();
  if (contains) filter.contains = contains;
  const tags = (params.tags ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  if (tags.length > 0) filter.tagsAny = tags;
  const scope = params.scope?.trim();
  if (scope) filter.scope = scope;
  const archived = ARCHIVED.find((a) => a === params.archived);
  if (archived) filter.archived = archived;
  const after = instantOf(params.after);
  if (after) filter.occurredAfter = after;
  const before = instantOf(params.before);
  if (before) filter.occurredBefore = before;
  return { filter, order: params.order === 'ASC' ? 'OCCURRED_AT_ASC' : 'OCCURRED_AT_DESC' };
}

/** A date input's `yyyy-mm-dd` (midnight UTC) or a full ISO instant; anything else is no bound. */
function instantOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}
