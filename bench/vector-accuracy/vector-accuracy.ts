// How much of a large agent's exact top 10 (or --top n) the filtered vector index returns, by the LIMIT the
// search asks for (not a test). HNSW is approximate: this prints the share of the brute-force
// top 10 (ties at the tenth score count) and the search's p50 for each LIMIT, over probes that
// are an agent's own vectors with noise added. Reads a kept bench tenant:
//
//   node dist/bench/recall-latency/recall-latency.js --sizes 100000 --keep --no-scenarios
//   node dist/bench/vector-accuracy/vector-accuracy.js --tenant bench_1234 --agent agent-100000 [--index memory_embedding_hnsw] [--limits 10,30,100] [--probes 60] [--top 10] [--noise 0.1]
//
// For an agent of load-text-agent.ts, `--text-probes local` probes with new sentences of its
// world embedded by the model instead of noisy stored vectors.
import neo4j from 'neo4j-driver';
import { SLOT_INDEX } from '../../libs/graph/src/embedding-space/embedding-slot';
import { arg, intOption } from '../common/args';
import { percentile } from '../common/stats';
import { describeProbes, exactScores, loadAgentVectors, makeProbes, openBenchSession } from './agent-vectors';

const TENANT = arg('tenant', '');
const AGENT = arg('agent', 'agent-100000');
const INDEX = arg('index', SLOT_INDEX.embedding);
const LIMITS = arg('limits', '10,30,100').split(',').map((v) => intOption('limits', v, 1));
const PROBES = intOption('probes', arg('probes', '60'), 1);
/** With an embedder: probes are new sentences of load-text-agent's world, embedded (a query as a user writes one), not noisy stored vectors. */
const TEXT_PROBES = arg('text-probes', '');
/** Noise per component before normalising: the probes are near, not equal to, stored vectors. */
const NOISE = Number(arg('noise', '0.1'));
/** The exact top this many is what a search should return (novelty asks for 1, encode's links for 10). */
const TOP = intOption('top', arg('top', '10'), 1);

if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(INDEX)) throw new Error('--index must be an index name');

async function main(): Promise<void> {
  if (!TENANT) throw new Error('--tenant is required (a tenant kept by bench:recall --keep)');
  const { driver, session } = openBenchSession();
  try {
    const agent = await loadAgentVectors(session, TENANT, AGENT);
    const { ids, dim } = agent;
    const n = ids.length;
    if (n < TOP) throw new Error(`agent ${AGENT} of tenant ${TENANT} holds ${n} memories`);
    const config = await session.run('SHOW INDEXES YIELD name, options WHERE name = $name RETURN options.indexConfig AS config', { name: INDEX });
    console.log(`${AGENT} of ${TENANT}: ${n} memories, ${dim}-d; index ${INDEX} ${JSON.stringify(config.records[0]?.get('config') ?? 'missing')}`);

    const probeOptions = { count: PROBES, textProbes: TEXT_PROBES, noise: NOISE };
    const probes = await makeProbes(agent, probeOptions);
    console.log(describeProbes(probeOptions));
    const exact = probes.map((p) => exactScores(agent, p, TOP));
    const row = new Map(ids.map((id, i) => [id, i] as const));
    const query = `CYPHER 25 MATCH (m:Memory)
      SEARCH m IN (VECTOR INDEX ${INDEX} FOR $vector WHERE m.tenantId = $tenant AND m.agentId = $agent AND m.archived <= false LIMIT $limit) SCORE AS score
      RETURN m.id AS id ORDER BY score DESC LIMIT ${TOP}`;
    console.log(`\n| LIMIT | share of the exact top ${TOP} | search p50 ms | p99 |\n|---:|---:|---:|---:|`);
    // Each LIMIT twice, in both orders, so that warm-up favours none; the second pass is printed.
    for (const limits of [[...LIMITS].reverse(), LIMITS]) {
      for (const limit of limits) {
        let found = 0;
        const ms: number[] = [];
        for (const [j, vector] of probes.entries()) {
          const t0 = performance.now();
          const hits = await session.run(query, { vector, tenant: TENANT, agent: AGENT, limit: neo4j.int(limit) });
          ms.push(performance.now() - t0);
          for (const h of hits.records) if (exact[j]!.scores[row.get(h.get('id') as string)!]! >= exact[j]!.kth - 1e-6) found++;
        }
        if (limits === LIMITS) console.log(`| ${limit} | ${found} / ${PROBES * TOP} (${((100 * found) / (PROBES * TOP)).toFixed(1)} %) | ${percentile(ms, 50).toFixed(2)} | ${percentile(ms, 99).toFixed(2)} |`);
      }
    }
  } finally {
    await session.close();
    await driver.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
