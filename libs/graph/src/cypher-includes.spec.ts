import { checkFragment, resolveIncludes } from './cypher-includes';
import { QueryRegistryError } from './query-registry.errors';

const fragments = new Map([
  ['row', '[m.id, m.content]'],
  ['edge-types', 'A|B'],
  ['hop', 'MATCH (n)-[r:{{edge-types}}]-(m)\nWITH m'],
  ['ping', '{{pong}}'],
  ['pong', '{{ping}}'],
  ['self', 'RETURN {{self}}'],
  ['dangling', 'MATCH (n) {{nowhere}}'],
]);

describe('resolveIncludes', () => {
  it('splices a fragment in place, inline or on a line of its own, as often as it is named', () => {
    const { text, used } = resolveIncludes('q', 'MATCH (m)\n{{hop}}\n{{hop}}\nRETURN {{row}} AS memory', fragments);
    expect(text).toBe('MATCH (m)\nMATCH (n)-[r:A|B]-(m)\nWITH m\nMATCH (n)-[r:A|B]-(m)\nWITH m\nRETURN [m.id, m.content] AS memory');
    expect([...used].sort()).toEqual(['edge-types', 'hop', 'row']);
  });

  it('leaves a text without includes as it is and reports no fragment used', () => {
    expect(resolveIncludes('q', 'RETURN {a: {b: 1}} AS x', fragments)).toEqual({ text: 'RETURN {a: {b: 1}} AS x', used: new Set() });
  });

  it('refuses a missing fragment, naming the query, the fragment and its file', () => {
    expect(() => resolveIncludes('recall.x', 'RETURN {{memory-rows}}', fragments)).toThrow(QueryRegistryError);
    expect(() => resolveIncludes('recall.x', 'RETURN {{memory-rows}}', fragments)).toThrow('recall.x includes {{memory-rows}}, but there is no fragment memory-rows (cypher/fragments/memory-rows.cypher)');
  });

  it('names the fragment whose include is missing when it is nested', () => {
    expect(() => resolveIncludes('q', '{{dangling}}', fragments)).toThrow('fragment dangling (in q) includes {{nowhere}}');
  });

  it('refuses fragments that include each other, and one that includes itself, showing the cycle', () => {
    expect(() => resolveIncludes('q', '{{ping}}', fragments)).toThrow('q: fragments include each other: ping → pong → ping');
    expect(() => resolveIncludes('q', '{{self}}', fragments)).toThrow('q: fragments include each other: self → self');
  });

  it('refuses "{{" that is not an include, so no template syntax reaches Neo4j', () => {
    expect(() => resolveIncludes('q', 'RETURN {{Row}}', fragments)).toThrow(/q: "\{\{" that is no include/);
  });
});

describe('checkFragment', () => {
  it('refuses an end-of-line comment, which would swallow the text after an inline include', () => {
    expect(() => checkFragment('row', '[m.id] // the id')).toThrow(/fragment row has a "\/\/" comment after code/);
    expect(checkFragment('row', '[m.id]')).toBe('[m.id]');
  });
});
