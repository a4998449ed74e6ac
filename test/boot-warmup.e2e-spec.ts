import type { Driver } from 'neo4j-driver';
import { SYSTEM_TENANT } from '@limbic/graph';
import { countTenant, testDriver } from './support/neo4j';
import { startStack, type Stack } from './support/stack';

/**
 * The API warms the recall path at boot (RecallWarmupService) before /health/ready says ready,
 * and the warm-up reads as tenants no key can name: it must leave the store as it was.
 * Timing is not asserted (the bench in bench/cold-start measures it).
 */
describe('boot warm-up', () => {
  let stack: Stack;
  let driver: Driver;

  const totals = async (): Promise<{ nodes: number; edges: number; odd: number }> => {
    const res = await driver.executeQuery(
      // Without the vector index refresher's marker (a worker of another file may be writing and
      // deleting it meanwhile): the system's node, never the warm-up's.
      `MATCH (n) WHERE n.tenantId IS NULL OR n.tenantId <> $system WITH count(n) AS nodes
       OPTIONAL MATCH ()-[r]->() WITH nodes, count(r) AS edges
       OPTIONAL MATCH (m) WHERE m.tenantId IS NOT NULL AND m.tenantId <> $system AND NOT m.tenantId =~ '[A-Za-z0-9_-]+'
       RETURN nodes, edges, count(m) AS odd`,
      { system: SYSTEM_TENANT },
      { database: process.env.NEO4J_DATABASE ?? 'neo4j' },
    );
    const r = res.records[0]!;
    return { nodes: Number(r.get('nodes')), edges: Number(r.get('edges')), odd: Number(r.get('odd')) };
  };

  beforeAll(async () => {
    driver = testDriver();
    stack = await startStack({ env: { LIMBIC_LOG_LEVEL: 'log' } });
  });

  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  it('says ready only once the warm-up has ended, and logs what it planned', async () => {
    const res = await fetch(`${stack.url}/health/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ready', neo4j: true, redis: true, warmedUp: true });
    // Two tenants of one id length: 2 agent-id lengths x 3 list sizes x 5 reads.
    expect(stack.api.output()).toMatch(/recall queries planned in \d+ ms \(30 executions\)/);
  });

  it('writes nothing: a second API booting on this store leaves every count as it was', async () => {
    const before = await totals();
    const replica = await stack.startApi({ LIMBIC_LOG_LEVEL: 'log' });
    await expect((await fetch(`${replica.url}/health/ready`)).json()).resolves.toMatchObject({ warmedUp: true });
    expect(replica.proc.output()).toMatch(/recall queries planned in \d+ ms/);
    expect(await totals()).toEqual(before);
    expect(before.odd).toBe(0);
    for (const t of stack.tenants) expect(await countTenant(driver, t.id)).toEqual({ nodes: 0, edges: 0 });
  });
});
