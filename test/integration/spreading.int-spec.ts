// The spreading-activation Cypher against its libs/affect reference, on random graphs.
// This file checks the query text itself, not the API: it writes its graphs straight through
// the test driver into a tenant of its own and removes them afterwards.
import { join } from 'node:path';
import type { Driver } from 'neo4j-driver';
import { EDGE_TYPES, spreadActivation, type EdgeType, type SpreadEdge, type SpreadOptions, type SpreadSeed } from '@limbic/affect';
import { findCypherDir, NO_FILTER, QueryRegistry } from '@limbic/graph';
// A seeded PRNG, so a failing graph can be reproduced from its seed.
import { rng } from '../../bench/common/rng';
import { testDriver } from '../support/neo4j';
import { uniqueSuffix } from '../support/processes';

// The text as the registry sends it: includes resolved.
const SPREAD = QueryRegistry.load(join(findCypherDir(), 'queries'), ['spread.activate']).get('spread.activate');
const DB = { database: process.env.NEO4J_DATABASE ?? 'neo4j' };
const DIM = 4;

interface RandomCase {
  readonly agentNodes: readonly string[];
  readonly archived: readonly string[];
  readonly strangers: readonly string[];
  readonly edges: readonly SpreadEdge[];
  readonly seeds: readonly SpreadSeed[];
  readonly options: SpreadOptions;
}

/**
 * `dense`: small graphs with many edges and seeds, a tight fan-out and a raised minimum
 * activation, so that nodes are reached by several walks and have more edges than their fan-out,
 * many too weak to carry a walk (the Cypher skips those before reading the neighbour, judged by
 * the node's strongest arrival; the fan-out must not change).
 */
function randomCase(seed: number, prefix: string, dense = false): RandomCase {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const size = dense ? 12 + Math.floor(r() * 15) : 20 + Math.floor(r() * 40);
  const ids = Array.from({ length: size }, (_, i) => `${prefix}-s${seed}-n${String(i).padStart(3, '0')}`);
  const archived = ids.filter(() => r() < 0.08);
  const agentNodes = ids.filter((id) => !archived.includes(id));
  const strangers = [`${prefix}-s${seed}-x0`, `${prefix}-s${seed}-x1`];
  const edges: SpreadEdge[] = [];
  const edgeCount = Math.floor(size * (dense ? 3 + r() * 3 : 1 + r() * 3));
  for (let i = 0; i < edgeCount; i++) {
    const a = pick(ids);
    // A few self-loops and edges to another agent's memories: both must be ignored.
    const b = r() < 0.03 ? a : r() < 0.04 ? pick(strangers) : pick(ids);
    edges.push({ a, b, type: pick(EDGE_TYPES), weight: Math.round(r() * 1000) / 1000 });
  }
  const factors: Partial<Record<EdgeType, number>> = {};
  for (const t of EDGE_TYPES) if (r() < 0.85) factors[t] = Math.round(r() * 100) / 100;
  const seedCount = dense ? 3 + Math.floor(r() * 8) : 1 + Math.floor(r() * 8);
  const seeds = [...new Set(Array.from({ length: seedCount }, () => pick(agentNodes)))].map((id) => ({
    id,
    activation: Math.round((0.05 + r() * 0.95) * 1000) / 1000,
  }));
  return {
    agentNodes,
    archived,
    strangers,
    edges,
    seeds,
    options: dense
      ? { hops: 1 + Math.floor(r() * 3), typeFactors: factors, minActivation: Math.round((0.05 + r() * 0.2) * 100) / 100, maxFanOut: 1 + Math.floor(r() * 3) }
      : { hops: 1 + Math.floor(r() * 3), typeFactors: factors, minActivation: Math.round(r() * 0.2 * 100) / 100, maxFanOut: 1 + Math.floor(r() * 6) },
  };
}

describe('spread.activate.cypher equals spreadActivation (libs/affect)', () => {
  let driver: Driver;
  const tenantId = `spread_${uniqueSuffix()}`;
  const agentId = 'walker';

  beforeAll(() => {
    driver = testDriver();
  });
  afterAll(async () => {
    await driver.executeQuery('MATCH (n {tenantId: $tenantId}) DETACH DELETE n', { tenantId }, DB);
    await driver.close();
  });

  async function load(c: RandomCase): Promise<void> {
    const memories = [
      ...c.agentNodes.map((id) => ({ id, agentId, archived: false })),
      ...c.archived.map((id) => ({ id, agentId, archived: true })),
      ...c.strangers.map((id) => ({ id, agentId: 'stranger', archived: false })),
    ];
    await driver.executeQuery(
      `UNWIND $memories AS x
       CREATE (:Memory {id: x.id, tenantId: $tenantId, agentId: x.agentId, archived: x.archived, embedding: $embedding, content: x.id})`,
      { memories, tenantId, embedding: Array.from({ length: DIM }, (_, i) => (i === 0 ? 1 : 0)) },
      DB,
    );
    for (const type of EDGE_TYPES) {
      const edges = c.edges.filter((e) => e.type === type);
      // Relationship types cannot be parameters; this is test setup over a closed list.
      await driver.executeQuery(
        `UNWIND $edges AS e
         MATCH (a:Memory {id: e.a}), (b:Memory {id: e.b})
         CREATE (a)-[:${type} {tenantId: $tenantId, agentId: $agentId, weight: e.weight}]->(b)`,
        { edges, tenantId, agentId },
        DB,
      );
    }
  }

  async function cypherSpread(c: RandomCase) {
    const { records } = await driver.executeQuery(
      SPREAD,
      {
        tenantId,
        agentId,
        // Unfiltered: recall filters restrict the graph the reference would be given (recall-filters e2e).
        filter: NO_FILTER,
        seeds: c.seeds,
        hops: c.options.hops,
        factors: c.options.typeFactors,
        minActivation: c.options.minActivation,
        maxFanOut: c.options.maxFanOut,
        poolIds: c.seeds.map((s) => s.id),
        maxJoined: 1000,
        embedding: Array.from({ length: DIM }, (_, i) => (i === 1 ? 1 : 0)),
        goalEmbeddings: [],
      },
      { ...DB, routing: 'READ' },
    );
    return new Map(
      records.map((row) => [
        row.get('id') as string,
        { activation: row.get('activation') as number, seedId: row.get('seedId') as string, path: row.get('path') as string[], edgeTypes: row.get('edgeTypes') as string[] },
      ]),
    );
  }

  const cases = [...Array.from({ length: 40 }, (_, i) => [1000 + i, false] as const), ...Array.from({ length: 15 }, (_, i) => [2000 + i, true] as const)];
  it.each(cases)('random graph %i (dense: %s)', async (seed, dense) => {
    const c = randomCase(seed, tenantId, dense);
    await load(c);
    const reference = spreadActivation({ nodes: c.agentNodes, edges: c.edges }, c.seeds, c.options);
    const actual = await cypherSpread(c);
    expect([...actual.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [id, ref] of reference) {
      const got = actual.get(id);
      expect(got?.activation).toBeCloseTo(ref.activation, 12);
      expect({ id, seedId: got?.seedId, path: got?.path, edgeTypes: got?.edgeTypes }).toEqual({ id, seedId: ref.seedId, path: ref.path, edgeTypes: ref.edgeTypes });
    }
  });

  // The random cases are worth comparing only if the reference activates enough memories in
  // them: computed here from the cases themselves, so it holds whichever tests run.
  it('the random cases activate a meaningful number of memories (in the reference)', () => {
    const activated = cases.reduce((n, [seed, dense]) => {
      const c = randomCase(seed, tenantId, dense);
      return n + spreadActivation({ nodes: c.agentNodes, edges: c.edges }, c.seeds, c.options).size;
    }, 0);
    expect(activated).toBeGreaterThan(200);
  });

  it('never follows an edge into another agent or an archived memory', async () => {
    const c = randomCase(7, tenantId);
    await load(c);
    const actual = await cypherSpread({ ...c, options: { ...c.options, hops: 3, minActivation: 0, maxFanOut: 50 } });
    for (const id of actual.keys()) expect(c.agentNodes).toContain(id);
  });
});
