// Where a recall's first read goes (not a test). On a `bench:recall --keep` tenant, runs the
// parts of recall.prelude on their own, with the parameters a default recall (topK 10) sends
// for the paired bench's queries, all variants interleaved so the machine's load hits them
// alike; prints client-timed p50/p25 per part, db hits (PROFILE) and how often the first
// scans would leave the seed pool short (the widening second round trip).
//
//   node dist/bench/recall-latency/prelude-parts.js --tenant bench_1234 [--size 100000] [--runs 150]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import neo4j, { type Session } from 'neo4j-driver';
import { queryTerms } from '@limbic/affect';
import { HashEmbedder } from '@limbic/embeddings';
import { agentLuceneQuery } from '../../apps/api/src/recall/utils/lucene-query';
import { arg } from '../common/args';
import { rng } from '../common/rng';

const ROOT = join(__dirname, '..', '..', '..');
const DB = process.env.NEO4J_DATABASE ?? 'neo4j';
const TENANT = arg('tenant', '');
const SIZE = Number(arg('size', '100000'));
const RUNS = Number(arg('runs', '150'));
const LIMIT = 30;

const read = (name: string): string => readFileSync(join(ROOT, name.startsWith('recall.prelude-') ? 'bench/recall-latency/split-prelude' : 'cypher/queries', `${name}.cypher`), 'utf8');
const prelude = read('recall.prelude');
const vectorHalf = read('recall.prelude-vector');
const textHalf = read('recall.prelude-text');

/** The parts, each a query of its own over the same parameters. */
const PARTS: Record<string, string> = {
  prelude,
  vectorHalf,
  textHalf,
  vector: `CALL db.index.vector.queryNodes('memory_embedding', toInteger($vectorFetch), $embedding) YIELD node, score
    WITH collect({node: node, score: score}) AS hits
    RETURN size([h IN hits WHERE h.node.tenantId = $tenantId AND h.node.agentId = $agentId AND coalesce(h.node.archived, false) = false]) AS n`,
  vectorBare: `CALL db.index.vector.queryNodes('memory_embedding', toInteger($vectorFetch), $embedding) YIELD node, score RETURN count(*) AS n`,
  fulltext: `CALL db.index.fulltext.queryNodes('memory_content', $text, {limit: toInteger($textFetch)}) YIELD node, score
    WITH collect({node: node, score: score}) AS hits
    RETURN size([h IN hits WHERE h.node.tenantId = $tenantId AND h.node.agentId = $agentId AND coalesce(h.node.archived, false) = false]) AS n`,
  fulltextBare: `CALL db.index.fulltext.queryNodes('memory_content', $text, {limit: toInteger($textFetch)}) YIELD node, score RETURN count(*) AS n`,
  lexicon: `MATCH (t:LexTerm) WHERE t.tenantId = $tenantId AND t.agentId = $agentId AND t.term IN $terms RETURN count(t.df) AS n`,
  agent: `MATCH (a:Agent {tenantId: $tenantId, id: $agentId}) RETURN a {.*} AS a`,
  trivial: `RETURN 1 AS n`,
};

function pct(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function timed(session: Session, text: string, params: Record<string, unknown>): Promise<number> {
  const t = performance.now();
  await session.executeRead((tx) => tx.run(text, params));
  return performance.now() - t;
}

async function main(): Promise<void> {
  if (!TENANT) throw new Error('--tenant is required');
  const driver = neo4j.driver(
    process.env.NEO4J_URI ?? 'bolt://127.0.0.1:7687',
    neo4j.auth.basic(process.env.NEO4J_USER ?? 'neo4j', process.env.NEO4J_PASSWORD ?? 'limbic-dev-password'),
  );
  const session = driver.session({ database: DB });
  const side = driver.session({ database: DB });
  const embedder = new HashEmbedder(384);
  const agentId = `agent-${SIZE}`;
  try {
    // The paired bench's queries (same seed, same construction).
    const random = rng(7);
    const { records } = await driver.executeQuery(
      'MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId}) WITH m ORDER BY m.id LIMIT toInteger($n) RETURN m.content AS c',
      { tenantId: TENANT, agentId, n: RUNS },
      { database: DB },
    );
    const queries = records.map((row) => {
      const words = String(row.get('c')).split(' ');
      const start = Math.floor(random() * Math.max(1, words.length - 4));
      return words.slice(start, start + 3 + Math.floor(random() * 2)).join(' ');
    });
    const params = queries.map((q) => ({
      tenantId: TENANT,
      agentId,
      embedding: embedder.embedOne(q),
      text: agentLuceneQuery(q, TENANT, agentId),
      terms: queryTerms(q),
      limit: neo4j.int(LIMIT),
      vectorFetch: neo4j.int(Number(arg('vector-fetch', String(Math.ceil((4 / 3) * LIMIT))))),
      textFetch: neo4j.int(Number(arg('text-fetch', String(Math.max(100, 4 * LIMIT))))),
      vectorExact: false,
    }));

    // Would the seed pool widen? (vector: fewer than LIMIT own hits; fulltext: same and the scan was full)
    let vectorShort = 0;
    let textShort = 0;
    let textHitsSum = 0;
    for (const p of params) {
      const rows = (await session.executeRead((tx) => tx.run(prelude, p))).records;
      const r = rows[0];
      if (!r) continue;
      if ((r.get('vectorFound') as unknown[]).length < LIMIT) vectorShort++;
      const tf = (r.get('textFound') as unknown[]).length;
      textHitsSum += tf;
      if (p.text !== null && tf < LIMIT && Number(r.get('textScanned')) >= Number(p.textFetch)) textShort++;
    }
    console.log(`${params.length} queries: vector short ${vectorShort}, fulltext short (would widen) ${textShort}, mean fulltext hits kept ${(textHitsSum / params.length).toFixed(1)}`);

    // db hits per part (PROFILE, summed over operators), median over 20 queries.
    for (const [name, text] of Object.entries(PARTS)) {
      const hits: number[] = [];
      for (const p of params.slice(0, 20)) {
        const summary = (await session.executeRead((tx) => tx.run(`PROFILE ${text}`, p))).summary;
        let total = 0;
        const walk = (op: { dbHits?: number; children?: unknown[] } | undefined): void => {
          if (!op) return;
          total += op.dbHits ?? 0;
          for (const c of op.children ?? []) walk(c as { dbHits?: number; children?: unknown[] });
        };
        walk(summary.profile as unknown as { dbHits?: number; children?: unknown[] });
        hits.push(total);
      }
      hits.sort((x, y) => x - y);
      console.log(`PROFILE ${name}: db hits median ${pct(hits, 50)} (min ${hits[0]}, max ${hits[hits.length - 1]})`);
    }

    // Client time per part, interleaved: warm-up pass, then RUNS rounds.
    const times: Record<string, number[]> = Object.fromEntries([...Object.keys(PARTS), 'split (both halves at once)'].map((k) => [k, []]));
    for (let round = 0; round < 2; round++) {
      for (const p of params) {
        const t = performance.now();
        await Promise.all([timed(session, vectorHalf, p), timed(side, textHalf, p)]);
        if (round > 0) times['split (both halves at once)']!.push(performance.now() - t);
        for (const [name, text] of Object.entries(PARTS)) {
          const ms = await timed(session, text, p);
          if (round > 0) times[name]!.push(ms);
        }
      }
    }
    console.log('\n| part | p25 (ms) | p50 | p90 |\n|---|---:|---:|---:|');
    for (const [name, t] of Object.entries(times)) {
      const s = [...t].sort((x, y) => x - y);
      console.log(`| ${name} | ${pct(s, 25).toFixed(2)} | ${pct(s, 50).toFixed(2)} | ${pct(s, 90).toFixed(2)} |`);
    }
  } finally {
    await session.close();
    await side.close();
    await driver.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
