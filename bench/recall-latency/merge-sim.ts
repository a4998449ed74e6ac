// Which Lucene segments a vector index holds when memories arrive one per transaction (not a
// test, no database). A vector query searches every segment on its own, so their number, above
// all the number of large ones, decides its cost; the bench's bulk load (2,000 per transaction)
// leaves a different history than encode does, and Neo4j shows no live segment count.
//
//   node dist/bench/recall-latency/merge-sim.js [--factors 50,20,10,5,3,2] [--max 130000]
//
// It replays Lucene 9.11's LogByteSizeMergePolicy.findMerges as Neo4j 5.26 configures it for
// vector indexes (minMergeMB 0.1, maxMergeMB 2048, merge factor from
// internal.dbms.index.vector.standard_merge_factor), one flush per memory, every merge done at
// once and put where its first segment was. Segment bytes ≈ 2,600 + 2,050 per vector (the
// bench's index files). Reports, over sizes 90,000–130,000, the median (min–max) segment count,
// the count of segments of ≥ 1,000 vectors, and the HNSW insertions per vector merges redo
// (Lucene 9.11 keeps the largest merged segment's graph and inserts the others' vectors).
import { arg } from '../common/args';

const FACTORS = arg('factors', '50,20,10,5,3,2').split(',').map(Number);
const MAX = Number(arg('max', '130000'));
const MIN_MERGE_BYTES = 0.1 * 1024 * 1024;
const MAX_MERGE_BYTES = 2048 * 1024 * 1024;
const LEVEL_LOG_SPAN = 0.75;
const bytes = (vectors: number): number => 2600 + 2050 * vectors;

/** The first merge LogMergePolicy would pick, as [start, end) in segment order, or null. */
function findMerge(segments: readonly number[], factor: number): [number, number] | null {
  const norm = Math.log(factor);
  const levels = segments.map((n) => Math.log(bytes(n)) / norm);
  const floor = Math.log(MIN_MERGE_BYTES) / norm;
  let start = 0;
  while (start < segments.length) {
    const maxLevel = Math.max(...levels.slice(start));
    let bottom = maxLevel <= floor ? -1 : maxLevel - LEVEL_LOG_SPAN;
    if (maxLevel > floor && bottom < floor) bottom = floor;
    let upto = segments.length - 1;
    while (upto >= start && (levels[upto] as number) < bottom) upto--;
    for (let end = start + factor; end <= upto + 1; start = end, end = start + factor) {
      if (!segments.slice(start, end).some((n) => bytes(n) >= MAX_MERGE_BYTES)) return [start, end];
    }
    start = upto + 1;
  }
  return null;
}

function median(xs: readonly number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[Math.floor(s.length / 2)]} (${s[0]}–${s[s.length - 1]})`;
}

console.log('| merge factor | segments | of ≥ 1,000 vectors | HNSW insertions per vector by merges |');
console.log('|---:|---:|---:|---:|');
for (const factor of FACTORS) {
  const segments: number[] = [];
  const counts: number[] = [];
  const large: number[] = [];
  let inserted = 0;
  for (let n = 1; n <= MAX; n++) {
    segments.push(1);
    for (let merge = findMerge(segments, factor); merge; merge = findMerge(segments, factor)) {
      const parts = segments.slice(merge[0], merge[1]);
      const total = parts.reduce((a, b) => a + b, 0);
      inserted += total - Math.max(...parts);
      segments.splice(merge[0], merge[1] - merge[0], total);
    }
    if (n >= 90_000 && n % 97 === 0) {
      counts.push(segments.length);
      large.push(segments.filter((s) => s >= 1000).length);
    }
  }
  console.log(`| ${factor} | ${median(counts)} | ${median(large)} | ${(inserted / MAX).toFixed(2)} |`);
}
