// Loads one agent of model-embedded sentences into a bench tenant, for vector-accuracy.ts (not
// a test). The recall bench's agents are hash-embedded random syllables, nearly random vectors:
// HNSW's hardest case. This one holds English sentences drawn from a small world (people,
// actions, things, places, times), embedded by the local model, so that the index's share of
// the exact top 10 can be read on vectors shaped like a real agent's.
//
//   npm run build
//   node dist/bench/vector-accuracy/load-text-agent.js [--size 100000] [--embedder local]   # prints the tenant
//   node dist/bench/vector-accuracy/vector-accuracy.js --tenant <it> --agent text-agent
import { randomUUID } from 'node:crypto';
import neo4j from 'neo4j-driver';
import { arg, intOption } from '../common/args';
import { benchEmbedder, parseEmbedderChoice } from '../common/bench-embedder';
import { worldSentences } from './text-world';

const SIZE = intOption('size', arg('size', '100000'), 10);
const EMBEDDER = parseEmbedderChoice(arg('embedder', 'local'));
const AGENT = 'text-agent';
const BATCH = 256;

const sentence = worldSentences(20261207);

async function main(): Promise<void> {
  const embedder = benchEmbedder(EMBEDDER, (m) => console.log(m));
  const driver = neo4j.driver(
    process.env.NEO4J_URI ?? 'bolt://127.0.0.1:7687',
    neo4j.auth.basic(process.env.NEO4J_USER ?? 'neo4j', process.env.NEO4J_PASSWORD ?? 'limbic-dev-password'),
    { disableLosslessIntegers: true },
  );
  const tenantId = `bench_text_${randomUUID().slice(0, 8)}`;
  const t0 = performance.now();
  const start = Date.UTC(2024, 0, 1);
  try {
    for (let i = 0; i < SIZE; i += BATCH) {
      const texts = Array.from({ length: Math.min(BATCH, SIZE - i) }, sentence);
      const vectors = await embedder.embed(texts);
      const rows = texts.map((content, k) => ({ id: randomUUID(), content, embedding: vectors[k], occurredAt: start + (i + k) * 60_000 }));
      await driver.executeQuery(
        `UNWIND $rows AS r
         CREATE (m:Memory {id: r.id, tenantId: $tenantId, agentId: $agentId, content: r.content, embedding: r.embedding,
           occurredAt: datetime({epochMillis: toInteger(r.occurredAt)}), encodedAt: datetime({epochMillis: toInteger(r.occurredAt)}),
           valence: 0.0, arousal: 0.3, dominance: 0.5, importance: 0.5, tags: [], accessCount: 0,
           pendingAppraisal: false, archived: false, moodAtEncoding: [0.0, 0.3, 0.5], consolidation: 0.8})`,
        { rows, tenantId, agentId: AGENT },
        { database: process.env.NEO4J_DATABASE ?? 'neo4j' },
      );
      if ((i / BATCH) % 40 === 0) console.log(`${i + texts.length} of ${SIZE} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    }
    console.log(`loaded ${SIZE} memories of ${AGENT} into tenant ${tenantId} with ${embedder.name} in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    console.log(`next: node dist/bench/vector-accuracy/vector-accuracy.js --tenant ${tenantId} --agent ${AGENT}`);
  } finally {
    await driver.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
