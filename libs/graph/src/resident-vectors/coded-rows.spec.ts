import { CodedRows } from './coded-rows';

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function unit(v: number[]): number[] {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

const dot = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let s = 0;
  for (let j = 0; j < a.length; j++) s += a[j]! * b[j]!;
  return s;
};

/** The k rows of the exact top k found by scoring `rows` exactly (best first). */
function rescore(vectors: readonly number[][], rows: ArrayLike<number>, probe: readonly number[], k: number): number[] {
  return Array.from(rows)
    .map((r) => ({ r, s: dot(vectors[r]!, probe) }))
    .sort((a, b) => b.s - a.s || a.r - b.r)
    .slice(0, k)
    .map((x) => x.r);
}

/** Whether `found` is a top k of `vectors` among `allowed` by brute force: k rows, none worse than the k-th best. */
function isExactTopK(vectors: readonly number[][], found: readonly number[], probe: readonly number[], k: number, allowed: (r: number) => boolean = () => true): boolean {
  const scores = vectors.map((v, r) => (allowed(r) ? dot(v, probe) : Number.NEGATIVE_INFINITY));
  const kth = [...scores].sort((a, b) => b - a)[Math.min(k, scores.filter(Number.isFinite).length) - 1]!;
  return found.length === Math.min(k, scores.filter(Number.isFinite).length) && found.every((r) => allowed(r) && scores[r]! >= kth);
}

describe('CodedRows', () => {
  const dim = 64;
  const next = random(11);
  const vectors = Array.from({ length: 3000 }, () => unit(Array.from({ length: dim }, () => next() - 0.5)));
  // A dense cluster of near copies, where the bound cannot tell rows apart and must keep them all.
  const centre = vectors[0]!;
  for (let i = 0; i < 300; i++) vectors.push(unit(centre.map((x) => x + (next() - 0.5) * 1e-3)));
  let rows: CodedRows;

  beforeAll(async () => {
    rows = await CodedRows.create(dim, 16);
    // In batches, past the first capacity many times: growth keeps every row's codes.
    for (let i = 0; i < vectors.length; i += 700) await rows.append(vectors.slice(i, i + 700));
  });

  it('holds every row', () => {
    expect(rows.count).toBe(3300);
    expect(rows.bytes).toBeGreaterThan(3300 * dim);
  });

  it.each([1, 10, 30])('yields candidates whose exact top %i is the brute-force top k, for 100 probes', (k) => {
    const probes = Array.from({ length: 100 }, (_, i) => (i % 4 === 0 ? unit(centre.map((x) => x + (next() - 0.5) * 0.01)) : unit(Array.from({ length: dim }, () => next() - 0.5))));
    let candidates = 0;
    for (const probe of probes) {
      const found = rows.candidates(probe, k);
      expect(found.anchors.length).toBe(k);
      expect(isExactTopK(vectors, rescore(vectors, found.candidates, probe, k), probe, k)).toBe(true);
      candidates += found.candidates.length;
    }
    // The bound prunes: random probes keep a small share of 3,300 rows (cluster probes keep the cluster).
    expect(candidates / probes.length).toBeLessThan(0.25 * vectors.length);
  });

  it('leaves little beyond the top k once the residual codes have bounded the rows the first codes kept', () => {
    let candidates = 0;
    const k = 10;
    const draw = random(23);
    for (let t = 0; t < 50; t++) {
      const probe = unit(Array.from({ length: dim }, () => draw() - 0.5));
      candidates += rows.candidates(probe, k).candidates.length;
    }
    // The first bound alone keeps 13.7 a probe here (and 40–120 of 100,000 rows of 384 for k 30).
    expect(candidates / 50).toBeLessThan(1.1 * k);
  });

  it('ranks by cosine: a long row does not outrank a nearer short one', async () => {
    const few = await CodedRows.create(dim);
    const probe = unit(Array.from({ length: dim }, () => next() - 0.5));
    const near = unit(probe.map((x) => x + (next() - 0.5) * 0.05)).map((x) => x * 0.1);
    const far = unit(probe.map((x) => x + (next() - 0.5) * 0.5)).map((x) => x * 10);
    await few.append([far, near, ...Array.from({ length: 20 }, () => unit(Array.from({ length: dim }, () => next() - 0.5)))]);
    const found = few.candidates(probe, 1);
    expect(Array.from(found.anchors)).toEqual([1]);
    expect(Array.from(found.candidates)).toEqual([1]);
  });

  it('keeps every anchor among the candidates', () => {
    const probe = unit(Array.from({ length: dim }, () => next() - 0.5));
    const found = rows.candidates(probe, 10);
    const set = new Set(found.candidates);
    expect(Array.from(found.anchors).every((a) => set.has(a))).toBe(true);
  });

  it('searches only the rows `accept` passes', () => {
    const even = (r: number): boolean => r % 2 === 0;
    for (let t = 0; t < 20; t++) {
      const probe = unit(Array.from({ length: dim }, () => next() - 0.5));
      const found = rows.candidates(probe, 10, even);
      expect(Array.from(found.candidates).every(even)).toBe(true);
      expect(isExactTopK(vectors, rescore(vectors, found.candidates, probe, 10), probe, 10, even)).toBe(true);
    }
  });

  it('hands back every accepted row, all as anchors, when k or fewer pass', () => {
    const probe = unit(Array.from({ length: dim }, () => next() - 0.5));
    const found = rows.candidates(probe, 10, (r) => r < 4);
    expect(Array.from(found.candidates)).toEqual([0, 1, 2, 3]);
    expect(Array.from(found.anchors).sort((a, b) => a - b)).toEqual([0, 1, 2, 3]);
  });

  it('codes a replaced row afresh', async () => {
    const small = await CodedRows.create(dim);
    const v = Array.from({ length: 50 }, () => unit(Array.from({ length: dim }, () => next() - 0.5)));
    await small.append(v);
    const probe = unit(Array.from({ length: dim }, () => next() - 0.5));
    small.replace(37, probe);
    v[37] = probe;
    const found = small.candidates(probe, 1);
    expect(rescore(v, found.candidates, probe, 1)).toEqual([37]);
  });

  it('refuses a dimension the kernel cannot take, and a probe or row of another length', async () => {
    await expect(CodedRows.create(20)).rejects.toThrow(RangeError);
    expect(() => rows.candidates([1, 0], 1)).toThrow(/2 components/);
    expect(() => rows.replace(0, [1])).toThrow(/1 components/);
    expect(() => rows.replace(5000, centre)).toThrow(/no row 5000/);
  });
});
