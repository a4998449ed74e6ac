import { join } from 'node:path';
import { EDGE_TYPES } from '@limbic/affect';
import { findCypherDir } from './cypher-dir';
import { stripComments } from './cypher-text';
import { QUERY_NAMES, type QueryName } from './query-names';
import { QueryRegistry } from './query-registry';

/**
 * The API spreads over its own copy of an agent's graph only while the agent's graphRev is the
 * one its copy was loaded at (SpreadGraphCache), so a query that changes the graph without
 * raising it would let recalls spread over a graph that no longer exists. This reads every
 * query, its includes resolved, for what changes the graph — a write beside a resonance type, a
 * dynamic relationship type, an `archived` flag or a deletion — and asks that it raise graphRev
 * (or effectsRev, for the worker's asynchronous effects) itself, or be listed below with the
 * reason it need not.
 */
const NEED_NOT: Readonly<Partial<Record<QueryName, string>>> = {
  'encode.link': 'runs in the encode transaction, which raises it once (encode.raise-graph-rev) and hands its links to the held copy',
  'encode.unchain': 'runs in the encode transaction, which raises it once (encode.raise-graph-rev) and hands its changes to the held copy',
  'appraisal.revise-edges': 'runs in the appraisal transaction, whose first statement (appraisal.lock) raised effectsRev',
  'consolidation.edges-decay': 'runs in the review transaction, whose first statement (consolidation.review-lock) raised it',
  'consolidation.edges-prune': 'runs in the review transaction, whose first statement (consolidation.review-lock) raised it',
  'consolidation.merge-into': 'runs in the review transaction, whose first statement (consolidation.review-lock) raised it',
  'consolidation.review-apply': 'runs in the review transaction, whose first statement (consolidation.review-lock) raised it',
  'lifecycle.chain-link': 'runs in the hard delete, whose first statement (lifecycle.memory-chain-neighbours) raised it',
  'lifecycle.memory-delete': 'runs in the hard delete, whose first statement (lifecycle.memory-chain-neighbours) raised it',
  'lifecycle.delete-agent-node': 'deletes the agent itself: a recall of it finds no agent, and one made again is another incarnation',
  'agent.set-goals': 'replaces goals (PURSUES), not memories or their edges',
  'index.refresh-unmark': 'deletes the vector refresher’s marker node, which no edge touches',
  'encode.create-memories': 'new memories, no edges yet ($(…) is the valence-band label); encode.link raises it',
  'lifecycle.import-memories': 'new memories, no edges yet ($(…) is the valence-band label); lifecycle.import-edges raises it',
  'appraisal.apply': '$(…) is the valence-band label; the edges change in appraisal.revise-edges',
  'memory.update-apply': '$(…) is the valence-band label; the edges change in memory.update-unlink and encode.link',
  'recall-effects.apply-memories': '$(…) is the valence-band label; the edges change in recall-effects.apply-edges',
  'reembed.clear-old': 'vectors only ($(…) is a label); no edge or archived flag changes',
  'reembed.write-vectors': 'vectors only ($(…) is a label); no edge or archived flag changes',
  'agent.record-state': 'deletes old state samples',
  'agent.reset-state': 'deletes primed concepts (PRIMED)',
  'agent.save-primed': 'deletes primed concepts (PRIMED)',
  'recall-effects.apply-agent': 'deletes primed concepts (PRIMED)',
  'lexicon.adjust': 'deletes term statistics (LexTerm)',
  'recall-effects.expire': 'deletes old recall records (RecallEffect)',
  'reembed.advance': 'the re-embed run’s own progress node',
  'reembed.switch': 'the re-embed run’s own progress node',
};

describe('queries that change an agent’s spreading graph raise its revision', () => {
  const registry = QueryRegistry.load(join(findCypherDir(), 'queries'), QUERY_NAMES);
  const text = (name: QueryName): string => stripComments(registry.get(name));
  const writes = /\b(CREATE|MERGE|DELETE|SET|REMOVE)\b/;
  const touchesGraph = new RegExp(`\\b(${EDGE_TYPES.join('|')})\\b|\\[\\s*\\w*\\s*:\\s*\\$\\(|:\\s*\\$\\(|\\barchived\\s*=|\\bDELETE\\b|\\bSET\\s+r\\b`);
  const raises = /\.(graphRev|effectsRev)\s*=/;
  const writers = QUERY_NAMES.filter((name) => writes.test(text(name)) && touchesGraph.test(text(name)));

  it('finds the writers it is meant to find', () => {
    expect(writers).toEqual(expect.arrayContaining(['encode.link', 'encode.unchain', 'recall-effects.apply-edges', 'lifecycle.memory-archive', 'consolidation.edges-prune', 'appraisal.lock']));
  });

  it.each(writers)('%s raises graphRev or effectsRev, or says why it need not', (name) => {
    const reason = NEED_NOT[name];
    if (reason === undefined) expect(text(name)).toMatch(raises);
    else expect(text(name)).not.toMatch(raises);
  });

  it('lists no query that is not a writer', () => {
    expect(Object.keys(NEED_NOT).filter((name) => !writers.includes(name as QueryName))).toEqual([]);
  });

  // The worker's asynchronous effects may lag (LIMBIC_SPREAD_EFFECTS_LAG_MS); nothing else may.
  it('only appraisal and recall effects raise effectsRev', () => {
    expect(QUERY_NAMES.filter((name) => /\.effectsRev\s*=/.test(text(name))).sort()).toEqual(['appraisal.lock', 'recall-effects.apply-edges']);
  });
});
