// What exactness for a large agent would cost outside Lucene (not a test): the agent's vectors
// held in this process and scanned whole, against Lucene's exhaustive path (a SEARCH whose LIMIT
// covers the agent) and today's search, for the same probes. Prints each path's share of the
// exact top k and its p50 / p99, the read of the vectors and the memory they take. Reads a kept
// bench tenant, as vector-accuracy.ts does:
//
//   node dist/bench/vector-accuracy/resident-scan.js --tenant bench_1234 --agent agent-100000 [--probes 60] [--top 10] [--text-probes local]
//
// The in-process scans: plain JavaScript over float32; WebAssembly SIMD over float32
// (resident-scan.wat); WebAssembly SIMD over an int8 copy whose error bound is proven per row,
// then every row that could still reach the top k rescored from float32 — exact by construction.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import neo4j from 'neo4j-driver';
import wabt from 'wabt';
import { SLOT_INDEX } from '../../libs/graph/src/embedding-space/embedding-slot';
import { arg, intOption } from '../common/args';
import { percentile } from '../common/stats';
import { describeProbes, exactScores, loadAgentVectors, makeProbes, openBenchSession, type AgentVectors } from './agent-vectors';

const TENANT = arg('tenant', '');
const AGENT = arg('agent', 'agent-100000');
const PROBES = intOption('probes', arg('probes', '60'), 1);
const TOP = intOption('top', arg('top', '10'), 1);
const TEXT_PROBES = arg('text-probes', '');
const NOISE = Number(arg('noise', '0.1'));
/**
 * Today's candidate list (AgentVectorSearch's SEARCH_CANDIDATES_MIN), and a LIMIT past which Lucene
 * scores every vector of the agent (bench/vector-accuracy/README.md: 100 % of the top 10 from
 * 3,000 up at 100,000; a LIMIT of the whole agent also returns it all through Cypher, ≈ 95 ms).
 */
const TODAY_LIMIT = 30;
const EXHAUSTIVE_LIMIT = 20_000;
const INDEX = SLOT_INDEX.embedding;

/** Node's WebAssembly global, as far as this script uses it (the project's lib has no DOM, which declares it). */
declare const WebAssembly: {
  Memory: new (descriptor: { initial: number }) => { readonly buffer: ArrayBuffer };
  instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: Record<string, unknown> } }>;
};

interface Kernel {
  readonly memory: { readonly buffer: ArrayBuffer };
  dotF32(m: number, q: number, out: number, n: number, d: number): void;
  dotI8(m: number, q: number, out: number, n: number, d: number): void;
}

/** resident-scan.wat compiled for a memory of `bytes`. */
async function compileKernel(bytes: number): Promise<Kernel> {
  const source = readFileSync(join(__dirname, '../../../bench/vector-accuracy/resident-scan.wat'), 'utf8');
  const module = (await wabt()).parseWat('resident-scan.wat', source, { simd: true });
  const { buffer } = module.toBinary({});
  module.destroy();
  const memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / 65536) });
  const instance = await WebAssembly.instantiate(buffer, { env: { mem: memory } });
  const exports = instance.instance.exports as unknown as Omit<Kernel, 'memory'>;
  return { memory, dotF32: exports.dotF32, dotI8: exports.dotI8 };
}

/** Byte offsets of the resident arrays in the kernel's memory, each 16-aligned. */
function layout(n: number, d: number): { f32: number; i8: number; q32: number; q16: number; out: number; end: number } {
  const align = (x: number): number => Math.ceil(x / 16) * 16;
  const f32 = 0;
  const i8 = align(f32 + n * d * 4);
  const q32 = align(i8 + n * d);
  const q16 = align(q32 + d * 4);
  const out = align(q16 + d * 2);
  return { f32, i8, q32, q16, out, end: out + n * 4 };
}

/** Indices of the k largest scores, best first (ties: lower index first). */
function topK(scores: ArrayLike<number>, k: number, among?: Int32Array): number[] {
  const best: number[] = [];
  const count = among ? among.length : scores.length;
  for (let c = 0; c < count; c++) {
    const i = among ? among[c]! : c;
    const s = scores[i]!;
    if (best.length === k && s <= scores[best[k - 1]!]!) continue;
    let at = best.length === k ? k - 1 : best.length;
    while (at > 0 && scores[best[at - 1]!]! < s) at--;
    best.splice(at, 0, i);
    if (best.length > k) best.pop();
  }
  return best;
}

/**
 * The agent's vectors in the kernel's memory: float32 rows, and int8 rows with their scales.
 * Row v ≈ scale[v] · int8[v] with every component off by at most scale[v] / 2.
 */
class ResidentAgent {
  readonly n: number;
  readonly d: number;
  private readonly at: ReturnType<typeof layout>;
  private readonly scale: Float64Array;
  /** Σ |int8[v][j]| per row: the bound's row term. */
  private readonly l1: Float64Array;
  private readonly exactBuf: Float64Array;
  private readonly lower: Float64Array;
  private readonly upper: Float64Array;

  constructor(
    private readonly kernel: Kernel,
    private readonly agent: AgentVectors,
  ) {
    this.n = agent.ids.length;
    this.d = agent.dim;
    this.at = layout(this.n, this.d);
    const mem = kernel.memory.buffer;
    new Float32Array(mem, this.at.f32, this.n * this.d).set(agent.vectors);
    const q8 = new Int8Array(mem, this.at.i8, this.n * this.d);
    this.scale = new Float64Array(this.n);
    this.l1 = new Float64Array(this.n);
    for (let v = 0; v < this.n; v++) {
      const row = agent.vectors.subarray(v * this.d, (v + 1) * this.d);
      let max = 0;
      for (const x of row) max = Math.max(max, Math.abs(x));
      const scale = max === 0 ? 1 : max / 127;
      let l1 = 0;
      for (let j = 0; j < this.d; j++) {
        const c = Math.round(row[j]! / scale);
        q8[v * this.d + j] = c;
        l1 += Math.abs(c);
      }
      this.scale[v] = scale;
      this.l1[v] = l1;
    }
    this.exactBuf = new Float64Array(this.n);
    this.lower = new Float64Array(this.n);
    this.upper = new Float64Array(this.n);
  }

  get bytes(): number {
    return this.n * this.d * 5 + this.n * 16;
  }

  /** Plain JavaScript, float32 rows, float64 sums. */
  scanJs(probe: readonly number[], k: number): number[] {
    const { vectors } = this.agent;
    const d = this.d;
    const q = Float64Array.from(probe);
    const scores = this.exactBuf;
    for (let v = 0, o = 0; v < this.n; v++, o += d) {
      let s = 0;
      for (let j = 0; j < d; j++) s += vectors[o + j]! * q[j]!;
      scores[v] = s;
    }
    return topK(scores, k);
  }

  /** WebAssembly SIMD over the float32 rows (float32 sums: near ties may order differently). */
  scanF32(probe: readonly number[], k: number): number[] {
    const mem = this.kernel.memory.buffer;
    new Float32Array(mem, this.at.q32, this.d).set(probe);
    this.kernel.dotF32(this.at.f32, this.at.q32, this.at.out, this.n, this.d);
    return topK(new Float32Array(mem, this.at.out, this.n), k);
  }

  /**
   * Exact top k from the int8 rows. With row v = s_v (c_v + e_v), |e_v| ≤ ½ per component, and the
   * probe q = s_q (c_q + e_q) likewise, v·q = s_v s_q (c_v·c_q + c_v·e_q + e_v·c_q + e_v·e_q),
   * so |v·q − s_v s_q c_v·c_q| ≤ s_v s_q (½‖c_v‖₁ + ½‖c_q‖₁ + ¼ d). The k-th best lower bound T is
   * beaten by at least k rows, so a row whose upper bound is below T is not in the top k; the
   * others must be rescored (scanI8 here, from the float32 rows; or in Neo4j, from the stored
   * embeddings, when only the int8 copy is held).
   */
  candidatesI8(probe: readonly number[], k: number): Int32Array {
    const mem = this.kernel.memory.buffer;
    const d = this.d;
    let max = 0;
    for (const x of probe) max = Math.max(max, Math.abs(x));
    // int32 lanes must hold Σ |c_v c_q| ≤ 127 · qMax · d.
    const qMax = Math.min(32767, Math.floor(2 ** 31 / (127 * d)) - 1);
    const sq = max === 0 ? 1 : max / qMax;
    const q16 = new Int16Array(mem, this.at.q16, d);
    let l1q = 0;
    for (let j = 0; j < d; j++) {
      q16[j] = Math.round(probe[j]! / sq);
      l1q += Math.abs(q16[j]!);
    }
    this.kernel.dotI8(this.at.i8, this.at.q16, this.at.out, this.n, d);
    const dots = new Int32Array(mem, this.at.out, this.n);
    const { lower, upper, scale, l1 } = this;
    const slack = 0.5 * l1q + 0.25 * d;
    for (let v = 0; v < this.n; v++) {
      const s = scale[v]! * sq;
      const approx = s * dots[v]!;
      const bound = s * (0.5 * l1[v]! + slack) + 1e-9;
      lower[v] = approx - bound;
      upper[v] = approx + bound;
    }
    const threshold = lower[topK(lower, k)[k - 1]!]!;
    let count = 0;
    for (let v = 0; v < this.n; v++) if (upper[v]! >= threshold) count++;
    const candidates = new Int32Array(count);
    count = 0;
    for (let v = 0; v < this.n; v++) if (upper[v]! >= threshold) candidates[count++] = v;
    return candidates;
  }

  scanI8(probe: readonly number[], k: number): { top: number[]; rescored: number } {
    const d = this.d;
    const candidates = this.candidatesI8(probe, k);
    const { vectors } = this.agent;
    const exact = this.exactBuf;
    for (const v of candidates) {
      let s = 0;
      for (let j = 0, o = v * d; j < d; j++) s += vectors[o + j]! * probe[j]!;
      exact[v] = s;
    }
    return { top: topK(exact, k, candidates), rescored: candidates.length };
  }
}

interface PathResult {
  found: number;
  ms: number[];
  note?: string;
}

async function main(): Promise<void> {
  if (!TENANT) throw new Error('--tenant is required (a tenant kept by bench:recall --keep, or load-text-agent)');
  const { driver, session } = openBenchSession();
  try {
    const rssBefore = process.memoryUsage().rss;
    const agent = await loadAgentVectors(session, TENANT, AGENT);
    const { n, d } = { n: agent.ids.length, d: agent.dim };
    if (n < TOP) throw new Error(`agent ${AGENT} of tenant ${TENANT} holds ${n} memories`);
    if (d % 16 !== 0) throw new Error(`the kernel takes vectors of a multiple of 16 components, not ${d}`);
    const t0 = performance.now();
    const resident = new ResidentAgent(await compileKernel(layout(n, d).end), agent);
    const prepareMs = performance.now() - t0;
    console.log(`${AGENT} of ${TENANT}: ${n} memories, ${d}-d, at ${new Date().toISOString()}`);
    console.log(`read of every vector in one query: ${(agent.loadMs / 1000).toFixed(1)} s; kernel and int8 copy: ${(prepareMs / 1000).toFixed(1)} s`);
    console.log(`resident: ${(resident.bytes / 2 ** 20).toFixed(0)} MiB (float32 + int8 + scales); process RSS grew ${((process.memoryUsage().rss - rssBefore) / 2 ** 20).toFixed(0)} MiB`);

    const probeOptions = { count: PROBES, textProbes: TEXT_PROBES, noise: NOISE };
    const probes = await makeProbes(agent, probeOptions);
    console.log(describeProbes(probeOptions));
    const exact = probes.map((p) => exactScores(agent, p, TOP));
    const row = new Map(agent.ids.map((id, i) => [id, i] as const));
    const query = `CYPHER 25 MATCH (m:Memory)
      SEARCH m IN (VECTOR INDEX ${INDEX} FOR $vector WHERE m.tenantId = $tenant AND m.agentId = $agent AND m.archived <= false LIMIT $limit) SCORE AS score
      RETURN m.id AS id ORDER BY score DESC LIMIT $top`;
    const search = async (probe: number[], limit: number): Promise<number[]> =>
      (await session.run(query, { vector: probe, tenant: TENANT, agent: AGENT, limit: neo4j.int(limit), top: neo4j.int(TOP) })).records.map((r) => row.get(r.get('id') as string)!);

    const paths: [string, (probe: number[]) => Promise<number[]> | number[]][] = [
      [`index, LIMIT ${TODAY_LIMIT} (today)`, (p) => search(p, TODAY_LIMIT)],
      [`index, LIMIT ${EXHAUSTIVE_LIMIT} (Lucene's exhaustive path)`, (p) => search(p, EXHAUSTIVE_LIMIT)],
      ['in process: JavaScript, float32', (p) => resident.scanJs(p, TOP)],
      ['in process: WebAssembly SIMD, float32', (p) => resident.scanF32(p, TOP)],
    ];
    const rescoreQuery = `UNWIND $ids AS id
      MATCH (m:Memory {id: id}) WHERE m.tenantId = $tenant AND m.agentId = $agent AND m.archived = false
      WITH m, vector.similarity.cosine(m.embedding, $vector) AS score
      RETURN m.id AS id ORDER BY score DESC LIMIT $top`;
    const int8Only = 'in process: WebAssembly SIMD, int8 only; rescoring in Neo4j';
    paths.push([
      int8Only,
      async (p) => {
        const ids = Array.from(resident.candidatesI8(p, TOP), (v) => agent.ids[v]!);
        const rows = await session.run(rescoreQuery, { ids, vector: p, tenant: TENANT, agent: AGENT, top: neo4j.int(TOP) });
        return rows.records.map((r) => row.get(r.get('id') as string)!);
      },
    ]);
    const results = new Map<string, PathResult>();
    const rescored: number[] = [];
    const certified = 'in process: WebAssembly SIMD, int8 + proven rescoring';
    const all: [string, (probe: number[]) => Promise<number[]> | number[]][] = [
      ...paths,
      [
        certified,
        (p) => {
          const r = resident.scanI8(p, TOP);
          rescored.push(r.rescored);
          return r.top;
        },
      ],
    ];
    // Two passes, the second reversed and printed, so warm-up favours no path.
    for (const pass of [[...all].reverse(), all]) {
      rescored.length = 0;
      for (const [name, run] of pass) {
        const result: PathResult = { found: 0, ms: [] };
        for (const [j, probe] of probes.entries()) {
          const t = performance.now();
          const top = await run(probe);
          result.ms.push(performance.now() - t);
          for (const v of top) if (exact[j]!.scores[v]! >= exact[j]!.kth - 1e-6) result.found++;
        }
        results.set(name, result);
      }
    }
    results.get(certified)!.note = `rows rescored p50 ${percentile(rescored, 50)}, max ${Math.max(...rescored)}`;
    console.log(`\n| path | share of the exact top ${TOP} | p50 ms | p99 ms | |\n|---|---:|---:|---:|---|`);
    for (const [name] of all) {
      const r = results.get(name)!;
      console.log(`| ${name} | ${r.found} / ${PROBES * TOP} (${((100 * r.found) / (PROBES * TOP)).toFixed(1)} %) | ${percentile(r.ms, 50).toFixed(2)} | ${percentile(r.ms, 99).toFixed(2)} | ${r.note ?? ''} |`);
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
