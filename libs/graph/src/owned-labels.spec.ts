import { join } from 'node:path';
import { findCypherDir } from './cypher-dir';
import { QUERY_NAMES, type QueryName } from './query-names';
import { QueryRegistry } from './query-registry';

/**
 * deleteAgent deletes an agent's nodes label by label (lifecycle.delete-owned-batch), so a
 * label that a query starts writing with an agentId would be left behind if the delete did not
 * list it. This reads every query, its includes resolved, for nodes it creates or merges whose
 * agentId it sets.
 */
describe('deleteAgent’s owned labels', () => {
  const registry = QueryRegistry.load(join(findCypherDir(), 'queries'), QUERY_NAMES);
  const text = (name: QueryName) => registry.get(name);

  function labelsWrittenWithAgentId(): Set<string> {
    const labels = new Set<string>();
    for (const name of QUERY_NAMES) {
      const t = text(name);
      for (const m of t.matchAll(/\b(?:CREATE|MERGE)\s*(?:\([^)]*\)\s*-\[[^\]]*\]->\s*)?\((\w*):(\w+)\s*(\{[^}]*\})?/g)) {
        const [, variable = '', label, props = ''] = m;
        // An anonymous node can only get its agentId from its own map.
        const setsAgent = props.includes('agentId') || (variable !== '' && new RegExp(`\\b${variable}\\.agentId\\s*=|\\bSET\\s+${variable}\\s*\\+?=`).test(t));
        if (setsAgent && label) labels.add(label);
      }
    }
    return labels;
  }

  it('lists every label a query writes with an agentId (the Agent node itself goes last, on its own)', () => {
    const deleted = new Set([...text('lifecycle.delete-owned-batch').matchAll(/MATCH \(n:(\w+)\)/g)].map((m) => m[1]));
    const written = labelsWrittenWithAgentId();
    // The check itself must see the kinds we know of, or it proves nothing.
    for (const known of ['Memory', 'Goal', 'Concept', 'LexTerm', 'Revision', 'RecallEffect', 'StateSample']) expect(written.has(known)).toBe(true);
    const missing = [...written].filter((l) => l !== 'Agent' && !deleted.has(l));
    expect(missing).toEqual([]);
  });
});
