import { NO_FILTER, type MemoryFilter } from '../memory-filter';

/** Which memories a listing sees by their archived flag: LIVE is recall's view. */
export type ArchivedView = 'LIVE' | 'ARCHIVED' | 'ALL';

/**
 * A MemoryFilter for listing (`memories`), passed as the same one `$filter` map: the
 * MemoryFilter predicate (memory-filter.ts) plus
 *   AND ($filter.archived = 'ALL' OR coalesce(m.archived, false) = ($filter.archived = 'ARCHIVED'))
 *   AND ($filter.contains IS NULL OR toLower(m.content) CONTAINS toLower($filter.contains))
 * (both sides lowered by Cypher, so that case folds one way however the caller wrote it).
 */
export interface MemoryListFilter extends MemoryFilter {
  readonly archived: ArchivedView;
  readonly contains: string | null;
}

export const NO_LIST_FILTER: MemoryListFilter = { ...NO_FILTER, archived: 'LIVE', contains: null };
