/**
 * Consolidation benchmark (not a test): one agent of N memories (default 100,000) with
 * embeddings and a temporal chain of edges, every first review due. Measures one sweep
 * (find due reviews in Neo4j, enqueue them as jobs) and the review throughput of one worker
 * process end to end (BullMQ → review transaction → Neo4j), then an idle sweep.
 *
 * Build first (it runs from the build, with the real worker module):
 *   npx tsc -p tsconfig.build.json --outDir dist-consolidation && npx tsc-alias -p tsconfig.build.json --outDir dist-consolidation
 *   node dist-consolidation/bench/consolidation/consolidation.bench.js [memories] [throughputSeconds]
 * It writes only its own tenant and its own BullMQ prefix, and deletes both at the end.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import neo4j from 'neo4j-driver';
import { Redis } from 'ioredis';
import { deleteQueueKeys } from '@limbic/jobs';
import { nearDuplicateMinIndexScore, REFERENCE_COSINE_SCALE } from '@limbic/affect';
import { rng } from '../common/rng';
import { ReviewSweep } from '../../apps/worker/src/consolidation/review.sweep';
import { WorkerModule } from '../../apps/worker/src/worker.module';

const N = Number(process.argv[2] ?? 100_000);
const WINDOW_S = Number(process.argv[3] ?? 60);
const DIM = 384;
const suffix = randomBytes(4).toString('hex');
const tenant = `bench_${suffix}`;
const prefix = `limbic-bench-${suffix}`;

function vector(i: number): number[] {
  // Deterministic, spread-out unit vectors: no two memories are near-duplicates. (The first
  // version ran its own LCG in floating point, past 2^53, where it collapsed into repeating
  // sequences: hundreds of identical memories, so the bench measured merges and exact
  // near-duplicate scans, not reviews. The check after seeding guards against that.)
  const random = rng(i + 1);
  const v = Array.from({ length: DIM }, () => random() - 0.5);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

async function main(): Promise<void> {
  const driver = neo4j.driver(process.env.NEO4J_URI ?? 'bolt://127.0.0.1:7687', neo4j.auth.basic(process.env.NEO4J_USER ?? 'neo4j', process.env.NEO4J_PASSWORD ?? 'limbic-dev-password'), {
    disableLosslessIntegers: true,
  });
  const run = (q: string, p: Record<string, unknown> = {}) => driver.executeQuery(q, p);
  // CALL … IN TRANSACTIONS needs an auto-commit transaction.
  const autoCommit = async (q: string, p: Record<string, unknown>) => {
    const session = driver.session();
    try {
      await session.run(q, p);
    } finally {
      await session.close();
    }
  };
  const now = Date.now();
  const t = performance.now();
  await run(`CREATE (:Agent {id: 'bench', tenantId: $tenant, preset: 'personal'})`, { tenant });
  for (let start = 0; start < N; start += 2000) {
    const rows = Array.from({ length: Math.min(2000, N - start) }, (_, k) => ({ i: start + k, embedding: vector(start + k) }));
    await run(
      `UNWIND $rows AS r
       CREATE (:Memory {id: $tenant + '-' + toString(toInteger(r.i)), tenantId: $tenant, agentId: 'bench', content: 'memory ' + toString(toInteger(r.i)),
         embedding: r.embedding, occurredAt: datetime({epochMillis: toInteger($now) - toInteger(r.i) * 1000}),
         encodedAt: datetime({epochMillis: toInteger($now) - 7200000}), valence: 0.0, arousal: 0.3, dominance: 0.5,
         importance: 0.5, consolidation: 0.36, stability: 1.0, reviewCount: 0, accessCount: 0, archived: false,
         pendingAppraisal: false, nextReviewAt: datetime({epochMillis: toInteger($now) - 3600000 + toInteger(r.i)})})`,
      { rows, tenant, now },
    );
  }
  for (let start = 1; start < N; start += 5000) {
    await run(
      `UNWIND range(toInteger($from), toInteger($to)) AS i
       MATCH (a:Memory {id: $tenant + '-' + toString(i - 1)}), (b:Memory {id: $tenant + '-' + toString(i)})
       CREATE (a)-[:TEMPORAL {tenantId: $tenant, agentId: 'bench', weight: 0.3, coActivations: 0,
         createdAt: datetime({epochMillis: toInteger($now) - 7200000}), strengthenedAt: datetime({epochMillis: toInteger($now) - 7200000})}]->(b)`,
      { tenant, now, from: start, to: Math.min(N - 1, start + 4999) },
    );
  }
  console.log(`seeded ${N} memories + ${N - 1} edges in ${((performance.now() - t) / 1000).toFixed(1)} s; waiting for the vector index …`);
  await run(`CALL db.awaitIndexes(600)`);
  // The data must hold no near-duplicates, or the bench measures merges: check a sample.
  const twins = await run(
    `CYPHER 25 MATCH (m:Memory {tenantId: $tenant}) WITH m LIMIT 50
     CALL (m) {
       MATCH (node:Memory) SEARCH node IN (VECTOR INDEX memory_embedding_hnsw FOR m.embedding WHERE node.tenantId = $tenant LIMIT 2) SCORE AS score
       RETURN node, score
     }
     WITH m, node, score WHERE node <> m AND score >= $minScore
     RETURN count(*) AS n`,
    { tenant, minScore: nearDuplicateMinIndexScore(REFERENCE_COSINE_SCALE) },
  );
  const twinCount = Number(twins.records[0]?.get('n') ?? 0);
  if (twinCount > 0) throw new Error(`bench data: ${twinCount} of 50 sampled memories have a near-duplicate; fix vector()`);

  Object.assign(process.env, {
    NODE_ENV: 'test',
    LIMBIC_QUEUE_PREFIX: prefix,
    LIMBIC_REVIEW_TENANTS: tenant,
    LIMBIC_REVIEW_SWEEP_INTERVAL_MS: '86400000',
    LIMBIC_PENDING_SWEEP_INTERVAL_MS: '86400000',
    LIMBIC_WORKER_PORT: '0',
    LIMBIC_LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    LIMBIC_LOG_FORMAT: 'text',
    LIMBIC_EMBEDDER: 'hash',
  });
  const app = await NestFactory.createApplicationContext(WorkerModule, { logger: process.env.BENCH_LOG_LEVEL ? ['error', 'warn', 'log', 'debug', 'verbose'] : ['error', 'warn'] });
  await app.init(); // the boot sweep starts here; the workers start consuming while it runs
  const sweep = app.get(ReviewSweep);
  const first = await sweep.sweepOnce();
  console.log(`sweep (all ${N} due): scheduled ${first.scheduled} in ${first.ms.toFixed(0)} ms`);

  const count = async () => Number((await run(`MATCH (m:Memory {tenantId: $tenant}) WHERE m.reviewCount >= 1 RETURN count(m) AS n`, { tenant })).records[0]?.get('n') ?? 0);
  const c0 = await count();
  const w0 = performance.now();
  await new Promise((r) => setTimeout(r, WINDOW_S * 1000));
  const c1 = await count();
  const seconds = (performance.now() - w0) / 1000;
  const merged = Number((await run(`MATCH (m:Memory {tenantId: $tenant}) WHERE size(coalesce(m.mergedIds, [])) > 0 RETURN count(m) AS n`, { tenant })).records[0]?.get('n') ?? 0);
  console.log(`reviews: ${c1 - c0} in ${seconds.toFixed(1)} s = ${((c1 - c0) / seconds).toFixed(0)} reviews/s (one worker, concurrency from queue-settings.ts); memories that absorbed a near-duplicate: ${merged}`);
  await app.close();

  // Idle sweep: nothing due in the horizon (what every sweep costs in steady state).
  await autoCommit(`MATCH (m:Memory {tenantId: $tenant}) CALL (m) { SET m.nextReviewAt = datetime() + duration('P1D') } IN TRANSACTIONS OF 10000 ROWS`, { tenant });
  const idleApp = await NestFactory.createApplicationContext(WorkerModule, { logger: ['error', 'warn'] });
  await idleApp.init();
  const idle = await idleApp.get(ReviewSweep).sweepOnce();
  const idle2 = await idleApp.get(ReviewSweep).sweepOnce();
  console.log(`idle sweep (none due): ${idle.ms.toFixed(0)} ms, again ${idle2.ms.toFixed(0)} ms`);
  await idleApp.close();

  await autoCommit(`MATCH (m:Memory {tenantId: $tenant}) CALL (m) { DETACH DELETE m } IN TRANSACTIONS OF 5000 ROWS`, { tenant });
  await run(`MATCH (a:Agent {tenantId: $tenant}) DETACH DELETE a`, { tenant });
  await driver.close();
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  await deleteQueueKeys(redis, prefix);
  redis.disconnect();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
