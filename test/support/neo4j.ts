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
    // A worker may still be writing to a tenant as its file ends (an appraisal, a review): the
    // delete can then deadlock with it, which Neo4j reports as transient. The delete is
    // idempotent, so it is tried again, as a driver's managed transaction would be (CALL … IN
    // TRANSACTIONS runs only in an auto-commit one, which the driver does not retry).
    for (let attempt = 1; ; attempt++) {
      try {
        await session.run('MATCH (n) WHERE n.tenantId IN $tenantIds CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS', { tenantIds });
        return;
      } catch (err) {
        if (attempt >= DELETE_ATTEMPTS || !isTransient(err)) throw err;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  } finally {
    await session.close();
    await driver.close();
  }
}

const DELETE_ATTEMPTS = 5;

/** Deadlocks and lock timeouts: what the driver calls retriable (Neo.TransientError.* among them). */
function isTransient(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, retryable } = err as { code?: unknown; retryable?: unknown };
  return retryable === true || (typeof code === 'string' && code.startsWith('Neo.TransientError.'));
}
