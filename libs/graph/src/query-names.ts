import { APPRAISAL_QUERIES } from './query-names/appraisal.queries';
import { BROWSE_QUERIES } from './query-names/browse.queries';
import { CONSOLIDATION_QUERIES } from './query-names/consolidation.queries';
import { FOUNDATION_QUERIES } from './query-names/foundation.queries';
import { LIFECYCLE_QUERIES } from './query-names/lifecycle.queries';
import { READ_PATH_QUERIES } from './query-names/read-path.queries';
import { REEMBED_QUERIES } from './query-names/reembed.queries';
import { REVISION_QUERIES } from './query-names/revision.queries';
import { VECTOR_SEARCH_QUERIES } from './query-names/vector-search.queries';
import { WRITE_PATH_QUERIES } from './query-names/write-path.queries';

/**
 * Every query Limbic runs, one list per feature. Each name `a.b-c` is the file
 * `cypher/queries/a.b-c.cypher`; the registry refuses to start when one is missing, so a
 * typo fails at boot, not at 3 am.
 */
export const QUERY_NAMES = [...FOUNDATION_QUERIES, ...VECTOR_SEARCH_QUERIES, ...WRITE_PATH_QUERIES, ...READ_PATH_QUERIES, ...APPRAISAL_QUERIES, ...CONSOLIDATION_QUERIES, ...LIFECYCLE_QUERIES, ...REEMBED_QUERIES, ...REVISION_QUERIES, ...BROWSE_QUERIES] as const;

export type QueryName = (typeof QUERY_NAMES)[number];
