// The vector revision of an agent (Agent.vectorRev, schema 018) against the writers that must
// stamp it: each runs as the registry sends it, through the test driver, in a tenant of its own.
// A process holding an agent's vectors reads only what was stamped after its copy, so a writer
// that adds or changes a searchable memory without a stamp would be invisible to it; one that
// stamps another agent's memories, or raises another agent's revision, would make it reread what
// did not change.
import { join } from 'node:path';
import type { Driver } from 'neo4j-driver';
import { findCypherDir, QueryRegistry, type QueryName } from '@limbic/graph';
import { deleteTenants, testDriver } from '../support/neo4j';
import { uniqueSuffix } from '../support/processes';

const QUERIES = ['encode.create-memories', 'memory.update-apply', 'lifecycle.memory-archive', 'lifecycle.memory-restore', 'lifecycle.import-memories'] as const satisfies readonly QueryName[];
const REGISTRY = QueryRegistry.load(join(findCypherDir(), 'queries'), [...QUERIES]);
const DB = { database: process.env.NEO4J_DATABASE ?? 'neo4j' };
const NOW = Date.UTC(2026, 11, 7, 12);

describe('Agent.vectorRev: every writer of a searchable memory raises and stamps it', () => {
  let driver: Driver;
  const suffix = uniqueSuffix();
  const tenantId = `vrev_${suffix}`;
  const otherTenantId = `vrev_other_${suffix}`;

  const run = async (name: (typeof QUERIES)[number], params: Record<string, unknown>): Promise<void> => {
    const session = driver.session(DB);
    try {
      await session.executeWrite((tx) => tx.run(REGISTRY.get(name), params));
    } finally {
      await session.close();
    }
  };
  const read = async (cypher: string, params: Record<string, unknown>): Promise<Record<string, unknown>[]> => {
    const session = driver.session(DB);
    try {
      return (await session.run(cypher, params)).records.map((r) => r.toObject());
    } finally {
      await session.close();
    }
  };
  const agentRev = async (tenant: string, agent: string): Promise<unknown> => (await read('MATCH (a:Agent {tenantId: $tenant, id: $agent}) RETURN a.vectorRev AS rev', { tenant, agent }))[0]?.rev;
  const stamps = async (tenant: string, agent: string): Promise<Record<string, unknown>> =>
    Object.fromEntries((await read('MATCH (m:Memory) WHERE m.tenantId = $tenant AND m.agentId = $agent RETURN m.id AS id, m.vectorRev AS rev', { tenant, agent })).map((r) => [r.id, r.rev]));
  const encode = (tenant: string, agent: string, ids: readonly string[]): Promise<void> =>
    run('encode.create-memories', {
      tenantId: tenant,
      agentId: agent,
      now: NOW,
      embeddingModel: 'hash',
      memories: ids.map((id, i) => ({
        id,
        externalId: null,
        content: `memory ${id}`,
        occurredAt: NOW - i,
        nextReviewAt: NOW + 86_400_000,
        sessionStartedAt: NOW,
        valence: 0.1,
        arousal: 0.4,
        dominance: 0.5,
        valenceBand: 'Neutral',
        concepts: [],
        tags: [],
        vector: [1, 0, 0, i],
      })),
    });

  beforeAll(async () => {
    driver = testDriver();
    const session = driver.session(DB);
    try {
      await session.run(
        `UNWIND $agents AS a CREATE (:Agent {tenantId: a.tenant, id: a.id})`,
        { agents: [{ tenant: tenantId, id: 'a' }, { tenant: tenantId, id: 'sibling' }, { tenant: otherTenantId, id: 'a' }, { tenant: tenantId, id: 'imported' }] },
      );
    } finally {
      await session.close();
    }
  });

  afterAll(async () => {
    await deleteTenants([tenantId, otherTenantId]);
    await driver.close();
  });

  it('encode raises the agent’s revision once a batch and stamps each new memory with it, and no one else’s', async () => {
    await encode(tenantId, 'a', [`${suffix}-1`, `${suffix}-2`]);
    expect(await agentRev(tenantId, 'a')).toBe(1);
    await encode(tenantId, 'a', [`${suffix}-3`]);
    expect(await agentRev(tenantId, 'a')).toBe(2);
    expect(await stamps(tenantId, 'a')).toEqual({ [`${suffix}-1`]: 1, [`${suffix}-2`]: 1, [`${suffix}-3`]: 2 });
    await encode(otherTenantId, 'a', [`${suffix}-o1`]);
    expect(await agentRev(tenantId, 'sibling')).toBeNull();
    expect(await agentRev(tenantId, 'a')).toBe(2);
    expect(await agentRev(otherTenantId, 'a')).toBe(1);
  });

  it('an update stamps the memory it changes', async () => {
    await run('memory.update-apply', {
      tenantId,
      agentId: 'a',
      memoryId: `${suffix}-1`,
      set: { scope: 'work' },
      now: NOW + 1,
      valenceBand: null,
      valenceBands: [],
      vector: [0, 1, 0, 0],
      embeddingModel: 'hash',
      concepts: null,
    });
    expect(await agentRev(tenantId, 'a')).toBe(3);
    expect(await stamps(tenantId, 'a')).toEqual({ [`${suffix}-1`]: 3, [`${suffix}-2`]: 1, [`${suffix}-3`]: 2 });
  });

  it('archiving stamps nothing (searches check the rows they lean on); restoring stamps the memory', async () => {
    await run('lifecycle.memory-archive', { tenantId, memoryId: `${suffix}-2`, now: NOW + 2 });
    expect(await agentRev(tenantId, 'a')).toBe(3);
    expect((await stamps(tenantId, 'a'))[`${suffix}-2`]).toBe(1);
    await run('lifecycle.memory-restore', { tenantId, memoryId: `${suffix}-2`, now: NOW + 3 });
    expect(await agentRev(tenantId, 'a')).toBe(4);
    expect((await stamps(tenantId, 'a'))[`${suffix}-2`]).toBe(4);
  });

  it('an import stamps its memories over whatever revision their exported properties carried', async () => {
    await run('lifecycle.import-memories', {
      tenantId,
      agentId: 'imported',
      rows: [1, 2].map((i) => ({ key: `k${i}`, valenceBand: 'Neutral', props: { id: `${suffix}-i${i}`, vectorRev: 99, archived: false, embedding: [0, 0, 1, i] } })),
    });
    expect(await agentRev(tenantId, 'imported')).toBe(1);
    expect(await stamps(tenantId, 'imported')).toEqual({ [`${suffix}-i1`]: 1, [`${suffix}-i2`]: 1 });
  });

  it('reads what was stamped after a revision through the vector-revision index', async () => {
    const cypher = 'MATCH (m:Memory) WHERE m.tenantId = $tenant AND m.agentId = $agent AND m.vectorRev > $rev RETURN m.id AS id ORDER BY id';
    expect((await read(cypher, { tenant: tenantId, agent: 'a', rev: 2 })).map((r) => r.id)).toEqual([`${suffix}-1`, `${suffix}-2`]);
    const session = driver.session(DB);
    try {
      const plan = JSON.stringify((await session.run(`EXPLAIN ${cypher}`, { tenant: tenantId, agent: 'a', rev: 2 })).summary.plan);
      expect(plan).toContain('NodeIndexSeek');
      expect(plan).toContain('Memory(tenantId, agentId, vectorRev)');
    } finally {
      await session.close();
    }
  });

});
