// One large agent's stored vectors and the probes both vector benches search with: noisy copies
// of stored vectors, or new sentences of load-text-agent's world embedded by a model.
import neo4j, { type Driver, type Session } from 'neo4j-driver';
import { benchEmbedder, parseEmbedderChoice } from '../common/bench-embedder';
import { rng } from '../common/rng';
import { worldSentences } from './text-world';

/** A session on the development Neo4j (NEO4J_URI etc., the scripts' defaults), and its driver to close. */
export function openBenchSession(): { driver: Driver; session: Session } {
  const driver = neo4j.driver(
    process.env.NEO4J_URI ?? 'bolt://127.0.0.1:7687',
    neo4j.auth.basic(process.env.NEO4J_USER ?? 'neo4j', process.env.NEO4J_PASSWORD ?? 'limbic-dev-password'),
    { disableLosslessIntegers: true },
  );
  return { driver, session: driver.session({ database: process.env.NEO4J_DATABASE ?? 'neo4j' }) };
}

export interface AgentVectors {
  readonly ids: readonly string[];
  readonly dim: number;
  /** Row i is memory ids[i]'s embedding. */
  readonly vectors: Float32Array;
  /** Wall time of the read, ms. */
  readonly loadMs: number;
}

/** Every unarchived memory's embedding of the agent, in one read. */
export async function loadAgentVectors(session: Session, tenant: string, agent: string): Promise<AgentVectors> {
  const t0 = performance.now();
  const stored = await session.run('MATCH (m:Memory) WHERE m.tenantId = $tenant AND m.agentId = $agent AND m.archived = false RETURN m.id AS id, m.embedding AS e', {
    tenant,
    agent,
  });
  const ids = stored.records.map((r) => r.get('id') as string);
  const dim = ids.length === 0 ? 0 : (stored.records[0]!.get('e') as number[]).length;
  const vectors = new Float32Array(ids.length * dim);
  stored.records.forEach((r, i) => vectors.set(r.get('e') as number[], i * dim));
  return { ids, dim, vectors, loadMs: performance.now() - t0 };
}

export interface ProbeOptions {
  readonly count: number;
  /** An embedder choice (`local`, `hash`): new sentences of the text world; empty: noisy stored vectors. */
  readonly textProbes: string;
  /** Noise per component before normalising. */
  readonly noise: number;
}

export async function makeProbes(agent: AgentVectors, options: ProbeOptions): Promise<number[][]> {
  if (options.textProbes) {
    return benchEmbedder(parseEmbedderChoice(options.textProbes), (m) => console.log(m)).embed(Array.from({ length: options.count }, worldSentences(4242)));
  }
  const random = rng(20261206);
  const n = agent.ids.length;
  const { dim, vectors } = agent;
  return Array.from({ length: options.count }, () => {
    const source = Math.floor(random() * n);
    const v = Array.from(vectors.subarray(source * dim, (source + 1) * dim), (x) => x + (random() - 0.5) * options.noise);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  });
}

export function describeProbes(options: ProbeOptions): string {
  return options.textProbes ? `probes: ${options.count} new sentences embedded by ${options.textProbes}` : `probes: ${options.count} stored vectors with noise ±${options.noise / 2} per component`;
}

/** Brute force: every stored vector's dot product with the probe in float64 (the vectors are unit length), and the top-th best. */
export function exactScores(agent: AgentVectors, probe: readonly number[], top: number): { scores: Float64Array; kth: number } {
  const n = agent.ids.length;
  const { dim, vectors } = agent;
  const scores = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let k = 0; k < dim; k++) s += vectors[i * dim + k]! * probe[k]!;
    scores[i] = s;
  }
  return { scores, kth: [...scores].sort((a, b) => b - a)[top - 1]! };
}
