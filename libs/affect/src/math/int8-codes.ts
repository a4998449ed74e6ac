/**
 * Int8 codes of a vector and how far a dot product computed from them can be from the true one:
 * the proof behind an exact search over codes (libs/graph resident-vectors).
 *
 * A vector v is held as v ≈ s · c, c integers in [−127, 127], s = max |v_j| / 127, so every
 * component is off by at most s / 2. A probe q is coded the same way at a finer scale (int16,
 * up to `probeCodeMax`). With v = s_v (c_v + e_v) and q = s_q (c_q + e_q), |e_j| ≤ ½,
 *   v·q = s_v s_q (c_v·c_q + c_v·e_q + e_v·c_q + e_v·e_q),
 * so |v·q − s_v s_q c_v·c_q| ≤ s_v s_q (½‖c_v‖₁ + ½‖c_q‖₁ + ¼ d).
 *
 * That bound is loose (a few hundredths for unit vectors of 384), so the rows it cannot rule out
 * are told apart by a second code: what the first left over, r = v − s_v c_v, coded again as
 * r ≈ t_v · b_v (int8, t_v = max |r_j| / 127). Then v = s_v c_v + t_v b_v + e with |e_j| ≤ t_v / 2,
 * and for the probe itself (not its codes) |v·q − (s_v c_v + t_v b_v)·q| ≤ ½ t_v ‖q‖₁: about
 * 1/250 of the first bound, so that only near ties are left for an exact score.
 */

export const ROW_CODE_MAX = 127;

/** The largest probe code for `dim` components such that Σ |c_v c_q| fits an int32 accumulator. */
export function probeCodeMax(dim: number): number {
  return Math.max(1, Math.min(32767, Math.floor(2 ** 31 / (ROW_CODE_MAX * Math.max(1, dim))) - 1));
}

export interface Int8Coding {
  /** s: the vector ≈ scale · codes. */
  readonly scale: number;
  /** ‖c‖₁, the bound's term for this vector. */
  readonly l1: number;
}

/**
 * Writes the codes of `v` (each in [−max, max]) into `out` and returns the scale and ‖c‖₁.
 * A zero vector codes as zeros with scale 1 (its dot products are 0, exactly).
 */
export function codeVector(v: ArrayLike<number>, max: number, out: Int8Array | Int16Array, offset = 0): Int8Coding {
  let largest = 0;
  for (let j = 0; j < v.length; j++) largest = Math.max(largest, Math.abs(v[j]!));
  const scale = largest === 0 || !Number.isFinite(largest) ? 1 : largest / max;
  let l1 = 0;
  for (let j = 0; j < v.length; j++) {
    const c = Math.max(-max, Math.min(max, Math.round(v[j]! / scale)));
    out[offset + j] = c;
    l1 += Math.abs(c);
  }
  return { scale, l1 };
}

/**
 * The bound on |v·q − s_v s_q c_v·c_q| (see above), widened by a relative 1e-12 and an absolute
 * 1e-9 for the float64 arithmetic that computes the estimate and the bound themselves.
 */
export function codedDotError(rowScale: number, rowL1: number, probeScale: number, probeL1: number, dim: number): number {
  return rowScale * probeScale * (0.5 * rowL1 + 0.5 * probeL1 + 0.25 * dim) * (1 + 1e-12) + 1e-9;
}

/**
 * Writes the codes of v's residual after its first codes (`codes` at `codesOffset`, `scale`) into
 * `out` and returns their scale t (see the top of this file); 1 when nothing is left over.
 */
export function codeResidual(v: ArrayLike<number>, scale: number, codes: ArrayLike<number>, codesOffset: number, out: Int8Array, offset = 0): number {
  let largest = 0;
  for (let j = 0; j < v.length; j++) largest = Math.max(largest, Math.abs(v[j]! - scale * codes[codesOffset + j]!));
  const t = largest === 0 || !Number.isFinite(largest) ? 1 : largest / ROW_CODE_MAX;
  for (let j = 0; j < v.length; j++) out[offset + j] = Math.max(-ROW_CODE_MAX, Math.min(ROW_CODE_MAX, Math.round((v[j]! - scale * codes[codesOffset + j]!) / t)));
  return t;
}

/**
 * The bound on |v·q − (s_v c_v + t_v b_v)·q| for a probe q given as floats (½ t_v ‖q‖₁), widened
 * for the float64 sums that compute the estimate: a relative 1e-12 and an absolute 1e-9.
 */
export function refinedDotError(residualScale: number, probeAbsSum: number): number {
  return 0.5 * residualScale * probeAbsSum * (1 + 1e-12) + 1e-9;
}
