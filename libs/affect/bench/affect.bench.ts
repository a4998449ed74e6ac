// Benchmark (not a test): cost of scoring 1,000 candidates with explanations, and of one
// spreading-activation pass over a 10,000-node graph. Run: node libs/affect/bench/run.cjs
import {
  EDGE_TYPES,
  PROFILES,
  SIGNAL_NAMES,
  scorePass1,
  scorePass2,
  buildFanOut,
  normaliseSpreadOptions,
  seedsFromPass1,
  spreadActivation,
  spreadOverFanOut,
} from '../src/index';
import type { RecallCandidate, RecallContext, SpreadEdge, SpreadGraph } from '../src/index';

/** Deterministic pseudo-random numbers (LCG), so every run measures the same data. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const rand = lcg(42);
const NOW = Date.UTC(2025, 0, 15);
const HOUR = 3_600_000;
const TAGS = ['engine', 'outage', 'pizza', 'team', 'database', 'release', 'deploy', 'cache'];

function candidate(i: number): RecallCandidate {
  return {
    id: `m${i}`,
    semanticSimilarity: rand() * 2 - 1,
    bm25: rand() < 0.3 ? rand() * 20 : 0,
    affect: { valence: rand() * 2 - 1, arousal: rand(), dominance: rand() },
    moodAtEncoding: { valence: rand() * 2 - 1, arousal: rand(), dominance: rand() },
    momentumAtEncoding: { dv: rand() - 0.5, da: rand() - 0.5, dd: rand() - 0.5 },
    occurredAtMs: NOW - Math.floor(rand() * 24 * 365 * HOUR),
    lastAccessedAtMs: NOW - Math.floor(rand() * 24 * 30 * HOUR),
    accessCount: Math.floor(rand() * 50),
    consolidation: 0.1 + 0.9 * rand(),
    importance: rand(),
    tags: [TAGS[Math.floor(rand() * TAGS.length)] ?? 'engine', TAGS[Math.floor(rand() * TAGS.length)] ?? 'team'],
    goalSimilarities: { g1: rand(), g2: rand() },
  };
}

const context: RecallContext = {
  nowMs: NOW,
  affect: { valence: 0.4, arousal: 0.6, dominance: 0.6 },
  mood: { valence: 0.2, arousal: 0.4, dominance: 0.5 },
  momentum: { dv: 0.1, da: 0.05, dd: 0 },
  goals: [
    { id: 'g1', priority: 1 },
    { id: 'g2', priority: 0.5 },
  ],
  primedConcepts: [
    { name: 'engine', activation: 0.8, atMs: NOW - 10 * 60_000 },
    { name: 'database', activation: 0.5, atMs: NOW - 40 * 60_000 },
  ],
  contextTags: ['engine', 'release'],
};

function time(label: string, runs: number, fn: () => void): number {
  for (let i = 0; i < Math.max(3, runs / 10); i++) fn(); // warm-up
  const start = performance.now();
  for (let i = 0; i < runs; i++) fn();
  const perRunMs = (performance.now() - start) / runs;
  console.log(`${label}: ${perRunMs.toFixed(3)} ms per run (${runs} runs)`);
  return perRunMs;
}

// 1. Scoring 1,000 candidates: pass 1 + pass 2 with explanations.
const pool = Array.from({ length: 1000 }, (_, i) => candidate(i));
const weights = PROFILES.balanced;
const pass1 = scorePass1(pool, context, weights);
const activations = new Map(
  pool.slice(0, 100).map((c, i) => [c.id, { id: c.id, activation: 0.5, seedId: 'm0', path: ['m0', c.id], edgeTypes: [EDGE_TYPES[i % 5] ?? 'SEMANTIC'] }] as const),
);
const pass1Ms = time('pass 1, 1,000 candidates', 200, () => scorePass1(pool, context, weights));
const bothMs = time('pass 1 + pass 2 with explanations, 1,000 candidates', 200, () => {
  const p1 = scorePass1(pool, context, weights);
  scorePass2({ pool, activated: [], activations, pass1: p1, context, weights, topK: 100 });
});
// A recall returns at most 100 items (RECALL.maxTopK), so above only the top 100 get an
// explanation object. To price an explanation for every one of the 1,000, score ten pools of
// 100 with topK 100 each.
const chunks = Array.from({ length: 10 }, (_, k) => pool.slice(k * 100, (k + 1) * 100));
const allExplainedMs = time('pass 1 + pass 2, an explanation for each of 1,000 candidates (10 × 100)', 200, () => {
  for (const chunk of chunks) {
    const ranked = scorePass2({ pool: chunk, activated: [], activations, pass1: scorePass1(chunk, context, weights), context, weights, topK: 100 });
    if (ranked.length !== chunk.length || ranked[0]?.explanation === undefined) throw new Error('expected an explanation for every candidate');
  }
});
const perCandidateUs = (bothMs * 1000) / pool.length;
const perSignalNs = (pass1Ms * 1e6) / pool.length / SIGNAL_NAMES.length;
const perSignalBothNs = (bothMs * 1e6) / pool.length / SIGNAL_NAMES.length;
const perSignalAllExplainedNs = (allExplainedMs * 1e6) / pool.length / SIGNAL_NAMES.length;
console.log(`  → pass 1: ${perSignalNs.toFixed(0)} ns per candidate per signal`);
console.log(`  → both passes, top 100 explained: ${perCandidateUs.toFixed(2)} µs per candidate, ${perSignalBothNs.toFixed(0)} ns per candidate per signal`);
console.log(`  → both passes, all 1,000 explained: ${perSignalAllExplainedNs.toFixed(0)} ns per candidate per signal`);

// 2. Spreading activation over 10,000 nodes, ~5 edges per node, 10 seeds.
const nodes = Array.from({ length: 10_000 }, (_, i) => `n${i}`);
const edges: SpreadEdge[] = [];
for (let i = 0; i < 25_000; i++) {
  const a = nodes[Math.floor(rand() * nodes.length)] ?? 'n0';
  const b = nodes[Math.floor(rand() * nodes.length)] ?? 'n1';
  edges.push({ a, b, type: EDGE_TYPES[Math.floor(rand() * EDGE_TYPES.length)] ?? 'SEMANTIC', weight: 0.3 + 0.7 * rand() });
}
const graph: SpreadGraph = { nodes, edges };
const seeds = seedsFromPass1(
  pool.slice(0, 10).map((c, i) => ({ ...pass1[i]!, id: nodes[i * 997] ?? 'n0', score: 0.9 - i * 0.05 })),
  10,
);
for (const hops of [2, 3]) {
  let reached = 0;
  time(`spreading activation, 10,000 nodes / 25,000 edges, 10 seeds, ${hops} hops, fan-out 10`, 20, () => {
    reached = spreadActivation(graph, seeds, { hops, minActivation: 0.01, maxFanOut: 10 }).size;
  });
  console.log(`  → ${reached} nodes activated`);
  const options = normaliseSpreadOptions({ hops, minActivation: 0.01, maxFanOut: 10 });
  const fanOut = buildFanOut(graph, options);
  time(`  of which building the fan-out table (${hops} hops)`, 20, () => buildFanOut(graph, options));
  time(`  spreading over a prebuilt fan-out table (${hops} hops)`, 200, () => spreadOverFanOut(fanOut, seeds, options));
}
