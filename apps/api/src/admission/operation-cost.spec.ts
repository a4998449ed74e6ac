import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, getNamedType, isObjectType, Kind, parse, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { FIELD_COSTS } from './field-costs';
import { operationCost } from './operation-cost';

// The committed schema: the table and the calculator are checked against the real API.
const schema = buildSchema(readFileSync(join(__dirname, '..', '..', 'schema.gql'), 'utf8'));

function cost(query: string, variables: Record<string, unknown> = {}) {
  const doc = parse(query);
  const operation = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(
    doc.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  );
  return operationCost({ schema, operation, fragments, variables, costs: FIELD_COSTS });
}

const aliased = (n: number, field: (i: number) => string) => Array.from({ length: n }, (_, i) => `a${i}: ${field(i)}`).join('\n');
const RECALL = (i: number) => `recall(input: { agentId: "a", query: "q${i}" }) { recallId }`;

describe('operationCost', () => {
  it('names only fields that exist in the schema', () => {
    for (const key of FIELD_COSTS.keys()) {
      const [type, field] = key.split('.') as [string, string];
      const t = schema.getType(type);
      expect([key, isObjectType(t) && field in t.getFields()]).toEqual([key, true]);
    }
  });

  it('charges 1 per plain field and the table’s cost for an expensive one', () => {
    expect(cost('{ memory(id: "m") { id content } }').total).toBe(2 + 2);
    expect(cost('{ recall(input: { agentId: "a", query: "q" }) { recallId items { rank memory { id } } } }').total).toBe(25 + 5);
    // Nested: an agent's goals are a read of their own.
    expect(cost('{ agent(id: "a") { id goals { name } primedConcepts { name } } }').total).toBe(2 + 1 + 2 + 1 + 2 + 1);
  });

  it('charges every alias of an expensive field', () => {
    const one = cost(`{ ${aliased(1, RECALL)} }`).total;
    expect(cost(`{ ${aliased(40, RECALL)} }`).total).toBe(40 * one);
    expect(cost(`{ ${aliased(40, RECALL)} }`).heaviest).toEqual({ field: 'Query.recall', occurrences: 40, cost: 1000 });
    expect(cost(`mutation { ${aliased(100, (i) => `encode(input: { agentId: "a", content: "c${i}" }) { id }`)} }`).total).toBe(100 * 11);
  });

  it('expands fragments (named, inline, nested) where they are spread, each time', () => {
    const q = `
      query { first: recall(input: { agentId: "a", query: "x" }) { ...R } second: recall(input: { agentId: "a", query: "y" }) { ...R } }
      fragment R on RecallResult { recallId items { ...I } }
      fragment I on RecallItem { rank ... on RecallItem { score memory { id } } }`;
    expect(cost(q).total).toBe(2 * (25 + 1 + 1 + 1 + 1 + 1 + 1));
    // A fragment spread of an expensive root field is charged like the field itself.
    expect(cost('{ ...Q ...Q } fragment Q on Query { recall(input: { agentId: "a", query: "x" }) { recallId } }').total).toBe(2 * 26);
  });

  it('survives a fragment cycle (validation refuses it; the walk must not loop)', () => {
    const q = '{ agent(id: "a") { ...A } } fragment A on Agent { id ...B } fragment B on Agent { energy ...A }';
    expect(cost(q).total).toBe(2 + 1 + 1);
  });

  it('charges encodeBatch per item, from a list literal or from a variable', () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ content: `c${i}` }));
    const literal = `mutation { encodeBatch(input: { agentId: "a", items: [{ content: "x" }, { content: "y" }, { content: "z" }] }) { created } }`;
    expect(cost(literal).total).toBe(10 + 3 + 1);
    const whole = 'mutation($input: EncodeBatchInput!) { encodeBatch(input: $input) { created items { memory { id } } } }';
    expect(cost(whole, { input: { agentId: 'a', items: items(500) } }).total).toBe(10 + 500 + 4);
    const inner = 'mutation($items: [EncodeInput!]!) { encodeBatch(input: { agentId: "a", items: $items }) { created } }';
    expect(cost(inner, { items: items(7) }).total).toBe(10 + 7 + 1);
    // A missing variable or a single object where a list is expected (coerced to a list of one).
    expect(cost(inner, {}).total).toBe(11);
    expect(cost(inner, { items: { content: 'one' } }).total).toBe(12);
    expect(cost('mutation { setGoals(agentId: "a", goals: [{ name: "x" }, { name: "y" }]) { id } }').total).toBe(5 + 2 * 2 + 1);
  });

  it('charges listings by page size, their count once, and what is beneath their elements once per element', () => {
    // 2 + 20 × 0.1, totalCount 5, edges, node, id.
    expect(cost('{ memories(agentId: "a") { totalCount edges { node { id } } } }').total).toBe(4 + 5 + 3);
    expect(cost('{ memories(agentId: "a", first: 100) { totalCount pageInfo { endCursor } edges { cursor } } }').total).toBe(12 + 5 + 2 + 2);
    // Neighbours: 2 + first × 0.2 per memory the page can hold (a variable's value counts like a literal).
    const nested = 'query($n: Int) { memories(agentId: "a", first: $n) { edges { node { neighbours(first: 5) { type } } } } }';
    expect(cost(nested, { n: 50 }).total).toBe(2 + 5 + 1 + 1 + 50 * (2 + 1) + 1);
    expect(cost(nested, {}).total).toBe(2 + 2 + 1 + 1 + 20 * (2 + 1) + 1);
    // Over the page limit: charged as the limit (the resolver refuses it as bad input).
    expect(cost(nested, { n: 10_000 }).total).toBe(cost(nested, { n: 100 }).total);
    // Nested neighbours multiply; a listing of the biggest pages with the most neighbours is refused.
    const deep = '{ memories(agentId: "a", first: 100) { edges { node { neighbours(first: 50) { memory { neighbours(first: 50) { type } } } } } } }';
    expect(cost(deep).total).toBeGreaterThan(1000);
    expect(cost(deep).heaviest?.field).toBe('Memory.neighbours');
    // Under recall's items and encodeBatch's items, by topK and by the number of items.
    expect(cost('{ recall(input: { agentId: "a", query: "q", topK: 40 }) { items { memory { neighbours { type } } } } }').total).toBe(25 + 1 + 1 + 40 * 4 + 1);
    const batch = 'mutation($input: EncodeBatchInput!) { encodeBatch(input: $input) { items { memory { neighbours(first: 1) { type } } } } }';
    expect(cost(batch, { input: { agentId: 'a', items: [{ content: 'x' }, { content: 'y' }] } }).total).toBe(10 + 2 + 1 + 1 + 2 * 3 + 1);
    // A field beside the elements is not multiplied: the agents connection's count.
    expect(cost('{ agents(first: 100) { totalCount edges { node { goals { name } } } } }').total).toBe(12 + 5 + 1 + 1 + 100 * 2 + 1);
  });

  it('puts typical client operations under the default budget of 1000 and 40 aliased recalls over it', () => {
    const explainAll = `{ recall(input: { agentId: "a", query: "q", topK: 100, explain: true }) {
      recallId tookMs queryType weightSource focus { memory { id content } since expiresAt }
      weights { semantic lexical recency }
      items { rank score pass1Rank pass2Rank memory { id content tags occurredAt valence arousal }
        explanation { activation { seedId path edgeTypes activation } signals { semantic lexical recency importance }
          weighted { semantic lexical } weights { semantic } } } } }`;
    expect(cost(explainAll).total).toBeLessThan(100);
    const maxBatch = 'mutation($input: EncodeBatchInput!) { encodeBatch(input: $input) { created items { created memory { id externalId } } } }';
    expect(cost(maxBatch, { input: { agentId: 'a', items: Array.from({ length: 500 }, () => ({ content: 'x' })) } }).total).toBeLessThan(1000);
    expect(cost(`{ ${aliased(38, RECALL)} }`).total).toBeLessThan(1000);
    const browsePage = `{ memories(agentId: "a", first: 50) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node {
      id content occurredAt tags stability nextReviewAt moodAtEncoding { valence } neighbours(first: 10) { type weight memory { id content } } } } } }`;
    expect(cost(browsePage).total).toBeLessThan(1000);
    expect(cost(`{ ${aliased(40, RECALL)} }`).total).toBeGreaterThan(1000);
  });

  it('charges introspection and unknown types by the field', () => {
    expect(cost('{ __typename }').total).toBe(1);
    expect(cost('{ __schema { types { name fields { name } } } }').total).toBe(5);
    expect(getNamedType(schema.getQueryType()!.getFields().recall!.type).name).toBe('RecallResult');
  });
});
