import neo4j, { type Driver } from 'neo4j-driver';

/**
 * Direct access for assertions (counts, flags) and for deleting a finished file's tenants:
 * the tests never write through it otherwise.
 */
export function testDriver(): Driver {
  return neo4j.driver(
    process.env.NEO4J_URI ?? 'bolt://127.0.0.1:7687',
    neo4j.auth.basic(process.env.NEO4J_USER ?? 'neo4j', process.env.NEO4J_PASSWORD ?? 'limbic-dev-password'),
    { disableLosslessIntegers: true },
  );
}

/** Every node of the tenant and every edge touching one (a write anywhere in the tenant shows). */
export async function countTenant(driver: Driver, tenantId: string): Promise<{ nodes: number; edges: number }> {
  const { records } = await driver.executeQuery(
    `MATCH (n {tenantId: $tenantId})
     OPTIONAL MATCH (n)-[r]-()
     RETURN count(DISTINCT n) AS nodes, count(DISTINCT r) AS edges`,
    { tenantId },
    { database: process.env.NEO4J_DATABASE ?? 'neo4j' },
  );
  const row = records[0];
  return { nodes: Number(row?.get('nodes') ?? 0), edges: Number(row?.get('edges') ?? 0) };
}

export async function memoryFlags(driver: Driver, memoryId: string): Promise<{ pendingAppraisal: boolean; valence: number; arousal: number } | null> {
  const { records } = await driver.executeQuery(
    'MATCH (m:Memory {id: $memoryId}) RETURN m.pendingAppraisal AS p, m.valence AS v, m.arousal AS a',
    { memoryId },
    { database: process.env.NEO4J_DATABASE ?? 'neo4j' },
  );
  const row = records[0];
  return row ? { pendingAppraisal: row.get('p') === true, valence: Number(row.get('v')), arousal: Number(row.get('a')) } : null;
}

export async function eventually<T>(probe: () => Promise<T>, accept: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await probe();
  while (!accept(last) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    last = await probe();
  }
  return last;
}

/**
 * Deletes every node of these tenants and every edge touching one. Test files share the
 * developer's database with `npm start`: what they leave behind (hundreds of memories pending
 * appraisal, agents, concepts) would otherwise be swept and reviewed by the next local worker.
 */
export async function deleteTenants(tenantIds: readonly string[]): Promise<void> {
  const driver = testDriver();
  const session = driver.session({ database: process.env.NEO4J_DATABASE ?? 'neo4j' });
  try {
    await session.run('MATCH (n) WHERE n.tenantId IN $tenantIds CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS', { tenantIds });
  } finally {
    await session.close();
    await driver.close();
  }
}
