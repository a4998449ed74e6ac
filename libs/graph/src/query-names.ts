import { AGENT_QUERIES } from './query-names/agent.queries';
import { APPRAISAL_QUERIES } from './query-names/appraisal.queries';
import { BROWSE_QUERIES } from './query-names/browse.queries';
import { CONSOLIDATION_QUERIES } from './query-names/consolidation.queries';
import { ENCODE_QUERIES } from './query-names/encode.queries';
import { FOUNDATION_QUERIES } from './query-names/foundation.queries';
import { LIFECYCLE_QUERIES } from './query-names/lifecycle.queries';
import { RECALL_QUERIES } from './query-names/recall.queries';
import { RECALL_EFFECTS_QUERIES } from './query-names/recall-effects.queries';
import { REEMBED_QUERIES } from './query-names/reembed.queries';
import { REVISION_QUERIES } from './query-names/revision.queries';
import { VECTOR_SEARCH_QUERIES } from './query-names/vector-search.queries';

/**
 * Every query Limbic runs, one list per feature. Each name `a.b-c` is the file
 * `cypher/queries/a.b-c.cypher`; the registry refuses to start when one is missing or when a
 * file is named by none, so a typo or a leftover of a rename fails at boot, not at 3 am.
 */
export const QUERY_NAMES = [...FOUNDATION_QUERIES, ...VECTOR_SEARCH_QUERIES, ...AGENT_QUERIES, ...ENCODE_QUERIES, ...RECALL_QUERIES, ...RECALL_EFFECTS_QUERIES, ...APPRAISAL_QUERIES, ...CONSOLIDATION_QUERIES, ...LIFECYCLE_QUERIES, ...REEMBED_QUERIES, ...REVISION_QUERIES, ...BROWSE_QUERIES] as const;

export type QueryName = (typeof QUERY_NAMES)[number];
