import { codedDotError, codeResidual, codeVector, probeCodeMax, refinedDotError, ROW_CODE_MAX } from './int8-codes';

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('int8 codes', () => {
  it('codes every component within half a step and reports ‖c‖₁', () => {
    const v = [0.5, -0.25, 0.125, 0, -0.5];
    const codes = new Int8Array(v.length);
    const { scale, l1 } = codeVector(v, ROW_CODE_MAX, codes);
    expect(scale).toBeCloseTo(0.5 / 127, 12);
    expect(Array.from(codes)).toEqual([127, -63, 32, 0, -127]);
    expect(l1).toBe(127 + 63 + 32 + 127);
    v.forEach((x, j) => expect(Math.abs(x - scale * codes[j]!)).toBeLessThanOrEqual(scale / 2 + 1e-15));
  });

  it('codes a zero vector as zeros', () => {
    const codes = new Int8Array(3).fill(5);
    expect(codeVector([0, 0, 0], ROW_CODE_MAX, codes)).toEqual({ scale: 1, l1: 0 });
    expect(Array.from(codes)).toEqual([0, 0, 0]);
  });

  it('codes a vector with a non-finite component with scale 1, clamped', () => {
    const codes = new Int8Array(2);
    expect(codeVector([Number.POSITIVE_INFINITY, 0.5], ROW_CODE_MAX, codes).scale).toBe(1);
    expect(Array.from(codes)).toEqual([127, 1]);
  });

  it('keeps the int32 accumulator from overflowing', () => {
    for (const dim of [16, 384, 768, 1536, 4096]) {
      expect(ROW_CODE_MAX * probeCodeMax(dim) * dim).toBeLessThan(2 ** 31);
    }
    expect(probeCodeMax(384)).toBe(32767);
  });

  it('bounds the error of the coded dot product (10,000 random pairs, every one inside)', () => {
    const next = random(7);
    const dim = 64;
    let worst = 0;
    for (let t = 0; t < 10_000; t++) {
      const v = Array.from({ length: dim }, () => next() - 0.5);
      const q = Array.from({ length: dim }, () => (next() - 0.5) * (t % 2 ? 1 : 1e-3));
      const cv = new Int8Array(dim);
      const cq = new Int16Array(dim);
      const row = codeVector(v, ROW_CODE_MAX, cv);
      const probe = codeVector(q, probeCodeMax(dim), cq);
      let exact = 0;
      let coded = 0;
      for (let j = 0; j < dim; j++) {
        exact += v[j]! * q[j]!;
        coded += cv[j]! * cq[j]!;
      }
      const error = Math.abs(exact - row.scale * probe.scale * coded);
      const bound = codedDotError(row.scale, row.l1, probe.scale, probe.l1, dim);
      expect(error).toBeLessThanOrEqual(bound);
      worst = Math.max(worst, error / bound);
    }
    // A bound that is never approached would be useless to the search it prunes.
    expect(worst).toBeGreaterThan(0.05);
  });

  it('bounds the error of the two codes together, far tighter than the first alone (2,000 pairs)', () => {
    const next = random(9);
    const dim = 384;
    let worst = 0;
    let ratio = 0;
    for (let t = 0; t < 2_000; t++) {
      const v = Array.from({ length: dim }, () => next() - 0.5);
      const q = Array.from({ length: dim }, () => (next() - 0.5) * (t % 2 ? 1 : 1e-3));
      const cv = new Int8Array(dim);
      const bv = new Int8Array(dim);
      const row = codeVector(v, ROW_CODE_MAX, cv);
      const residual = codeResidual(v, row.scale, cv, 0, bv);
      let exact = 0;
      let first = 0;
      let second = 0;
      let abs = 0;
      for (let j = 0; j < dim; j++) {
        exact += v[j]! * q[j]!;
        first += cv[j]! * q[j]!;
        second += bv[j]! * q[j]!;
        abs += Math.abs(q[j]!);
      }
      const bound = refinedDotError(residual, abs);
      expect(Math.abs(exact - (row.scale * first + residual * second))).toBeLessThanOrEqual(bound);
      worst = Math.max(worst, Math.abs(exact - (row.scale * first + residual * second)) / bound);
      const cq = new Int16Array(dim);
      const probe = codeVector(q, probeCodeMax(dim), cq);
      ratio = Math.max(ratio, bound / codedDotError(row.scale, row.l1, probe.scale, probe.l1, dim));
    }
    expect(worst).toBeGreaterThan(0.05);
    expect(ratio).toBeLessThan(0.02);
  });

  it('codes an exactly coded vector with nothing left over', () => {
    const v = [0.5, -0.25, 0, 0.5];
    const cv = new Int8Array(4);
    const row = codeVector(v, ROW_CODE_MAX, cv);
    const v2 = Array.from(cv, (c) => c * row.scale);
    const bv = new Int8Array(4).fill(3);
    expect(codeResidual(v2, row.scale, cv, 0, bv)).toBe(1);
    expect(Array.from(bv)).toEqual([0, 0, 0, 0]);
  });
});
