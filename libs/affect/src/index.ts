// @limbic/affect — the affective model and every scoring formula, pure TypeScript.
// See libs/affect/README.md for a formula → file table.

export * from './constants';
export * from './cue-words';

export type * from './types/affect.types';
export * from './types/recall.types';
export * from './types/graph.types';

export * from './math/scalar';
export * from './math/vector';
export * from './math/int8-codes';
export * from './math/cosine-scale';
export * from './math/time';
export * from './math/time-of-day';
export * from './text/tokens';
export * from './text/time-references';
export * from './text/concepts';
export * from './text/lexical-terms';

export * from './dynamics/affect-space';
export * from './dynamics/momentum';
export * from './dynamics/mood';
export * from './dynamics/energy';
export * from './dynamics/attention-residue';
export * from './dynamics/session';

export * from './appraisal/appraisal-to-affect';
export * from './appraisal/consolidation-strength';
export * from './appraisal/importance';
export * from './appraisal/novelty';
export * from './appraisal/lexicon-appraiser';
export * from './appraisal/goal-appraisal';

export * from './recall/signals/similarity-signals';
export * from './recall/signals/bm25';
export * from './recall/signals/affective-signals';
export * from './recall/signals/temporal-signals';
export * from './recall/signals/context-signals';
export * from './recall/signals/temporal-state-signals';
export * from './recall/signals/speaker-signal';
export * from './recall/signals/named-time-signal';
export * from './recall/signals/episode-lexical';
export * from './recall/compute-signals';
export * from './recall/weights';
export * from './recall/profiles';
export * from './recall/mood-adaptive-weights';
export * from './recall/query-classifier';
export * from './recall/query-breadth';
export * from './recall/resolve-weights';
export * from './recall/feedback';
export * from './recall/learned-weights';
export * from './recall/energy-effects';
export * from './recall/session-effects';
export * from './recall/global-workspace';
export * from './recall/score';

export * from './graph/link-scoring';
export * from './graph/spreading-activation';
export * from './graph/hebbian';
export * from './graph/reconsolidation';
export * from './graph/spaced-review';
export * from './graph/near-duplicate';

export * from './agent/agent-state';
export * from './agent/presets';
export * from './revision/memory-revision';
