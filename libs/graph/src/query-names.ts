import { CONSOLIDATION_QUERIES } from './query-names/consolidation.queries';
import { FOUNDATION_QUERIES } from './query-names/foundation.queries';
import { READ_PATH_QUERIES } from './query-names/read-path.queries';
import { WRITE_PATH_QUERIES } from './query-names/write-path.queries';

/**
 * Every query Limbic runs, one list per feature. Each name `a.b-c` is the file
 * `cypher/queries/a.b-c.cypher`; the registry refuses to start when one is missing, so a
 * typo fails at boot, not at 3 am.
 */
export const QUERY_NAMES = [...FOUNDATION_QUERIES, ...WRITE_PATH_QUERIES, ...READ_PATH_QUERIES, ...CONSOLIDATION_QUERIES] as const;

export type QueryName = (typeof QUERY_NAMES)[number];
