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
}

export const DEFAULT_FIELD_COST = 1;

/** `Type.field` → cost; every key names a field of apps/api/schema.gql (checked by the spec). */
export const FIELD_COSTS: ReadonlyMap<string, FieldCost> = new Map<string, FieldCost>([
  // Reads.
  ['Query.recall', { base: 25 }],
  ['Query.agent', { base: 2 }],
  ['Query.memory', { base: 2 }],
  ['Query.exportAgent', { base: 2 }],
  ['Query.reembedStatus', { base: 2 }],
  // A read of their own per agent.
  ['Agent.goals', { base: 2 }],
  ['Agent.primedConcepts', { base: 2 }],
  ['Memory.revisions', { base: 2 }],
  // Writes. encode embeds, links and enqueues an appraisal; a batch shares one transaction and
  // batched embedding, so its items cost less than separate encodes.
  ['Mutation.encode', { base: 10 }],
  ['Mutation.encodeBatch', { base: 10, perItem: { arg: 'input', path: ['items'], cost: 1 } }],
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
