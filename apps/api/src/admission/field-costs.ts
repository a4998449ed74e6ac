/**
 * What one occurrence of a field costs, in the unit of the query cost budget
 * (LIMBIC_MAX_QUERY_COST) and the tenant rate limit: a plain field costs 1, a field that
 * reads or writes the graph, embeds text or enqueues work costs what it makes us do, relative
 * to a recall. The numbers are judgement, not measurement (recall ≈ 25 field resolutions of
 * work: embedding, fulltext and vector seeds, spreading, an effects job).
 */
export interface FieldCost {
  readonly base: number;
  /** Extra cost per element of a list argument (`arg`, then `path` into an input object). */
  readonly perItem?: { readonly arg: string; readonly path: readonly string[]; readonly cost: number };
  /**
   * A field that returns up to n elements: n is the Int argument at `arg`/`path` (`size: 'int'`)
   * or the length of the list there (`size: 'length'`), `default` when absent, at most `max`
   * (the resolver refuses more, so a larger n is a bad input, not a costly one). The field
   * costs `perElement` for each (rounded up), and every field of this table beneath the
   * elements (the selection path `elements`, e.g. `edges.node` of a connection; empty when the
   * field is the list) is charged once per element: a page of memories pays for each memory's
   * neighbours, and once for its totalCount.
   */
  readonly fanOut?: {
    readonly arg: string;
    readonly path: readonly string[];
    readonly elements: readonly string[];
    readonly size: 'int' | 'length';
    readonly default: number;
    readonly max: number;
    readonly perElement: number;
  };
}

export const DEFAULT_FIELD_COST = 1;

/** `Type.field` → cost; every key names a field of apps/api/schema.gql (checked by the spec). */
export const FIELD_COSTS: ReadonlyMap<string, FieldCost> = new Map<string, FieldCost>([
  // Reads.
  ['Query.recall', { base: 25, fanOut: { arg: 'input', path: ['topK'], elements: ['items'], size: 'int', default: 10, max: 100, perElement: 0 } }],
  ['Query.agent', { base: 2 }],
  ['Query.memory', { base: 2 }],
  // Listings: an index seek and a row per element (a tenth of a field resolution each); the
  // count is a second read over every match, not bounded by the page.
  ['Query.memories', { base: 2, fanOut: { arg: 'first', path: [], elements: ['edges'], size: 'int', default: 20, max: 100, perElement: 0.1 } }],
  ['MemoryConnection.totalCount', { base: 5 }],
  ['Query.agents', { base: 2, fanOut: { arg: 'first', path: [], elements: ['edges'], size: 'int', default: 20, max: 100, perElement: 0.1 } }],
  ['AgentConnection.totalCount', { base: 5 }],
  // One batched read per response for all its memories: each memory's edges expanded and
  // sorted (the base, per memory), then a memory row per edge returned. Memory's other graph
  // fields (moodAtEncoding, stability, …) are one batched lookup by id per response, no more
  // than the row itself: plain fields.
  // A ring per hop (each a bounded read of the ring's edges) and the edges among the nodes.
  ['Query.neighborhood', { base: 5, fanOut: { arg: 'maxNodes', path: [], elements: ['nodes'], size: 'int', default: 50, max: 200, perElement: 0.2 } }],
  ['Memory.neighbours', { base: 2, fanOut: { arg: 'first', path: [], elements: [], size: 'int', default: 10, max: 50, perElement: 0.2 } }],
  ['Query.exportAgent', { base: 2 }],
  ['Query.reembedStatus', { base: 2 }],
  // A read of their own per agent.
  ['Agent.goals', { base: 2 }],
  ['Agent.primedConcepts', { base: 2 }],
  // An index range of the agent's samples, a row each.
  ['Agent.stateHistory', { base: 2, fanOut: { arg: 'first', path: [], elements: [], size: 'int', default: 200, max: 1440, perElement: 0.02 } }],
  ['Memory.revisions', { base: 2 }],
  // Writes. encode embeds, links and enqueues an appraisal; a batch shares one transaction and
  // batched embedding, so its items cost less than separate encodes.
  ['Mutation.encode', { base: 10 }],
  ['Mutation.encodeBatch', {
    base: 10,
    perItem: { arg: 'input', path: ['items'], cost: 1 },
    fanOut: { arg: 'input', path: ['items'], elements: ['items'], size: 'length', default: 0, max: 500, perElement: 0 },
  }],
  ['Mutation.createAgent', { base: 3 }],
  ['Mutation.updateAgent', { base: 3 }],
  // Like an encode: embeds a new text, relinks, writes a revision.
  ['Mutation.updateMemory', { base: 10 }],
  ['Mutation.setAffect', { base: 3 }],
  ['Mutation.resetState', { base: 3 }],
  ['Mutation.observe', { base: 5 }],
  // Each goal is embedded.
  ['Mutation.setGoals', { base: 5, perItem: { arg: 'goals', path: [], cost: 2 } }],
  ['Mutation.feedback', { base: 5 }],
  ['Mutation.resetWeights', { base: 3 }],
  ['Mutation.forget', { base: 5 }],
  ['Mutation.restore', { base: 3 }],
  // Cascades over everything the agent owns, in batches.
  ['Mutation.deleteAgent', { base: 50 }],
]);
