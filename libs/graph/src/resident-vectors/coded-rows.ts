import { codeResidual, codeVector, probeCodeMax, refinedDotError, ROW_CODE_MAX } from '@limbic/affect';
import { newInt8Kernel, type Int8Kernel } from './int8-kernel';

/** What a coded search hands back: rows that may be in the top k, and the k the proof leans on. */
export interface CodedCandidates {
  /**
   * Every accepted row whose upper bound reaches the k-th best lower bound: the exact top k
   * among the accepted rows is inside, once these are scored exactly.
   */
  readonly candidates: Int32Array;
  /**
   * The k accepted rows with the best lower bounds (all accepted rows when there are k or fewer):
   * the proof holds only if each of them still is what it was coded from.
   */
  readonly anchors: Int32Array;
}

const align16 = (bytes: number): number => Math.ceil(bytes / 16) * 16;

/** The float64 slack codedDotError adds, split into a factor and a term (see there). */
const WIDEN = 1 + 1e-12;
const SLACK = 1e-9;

/**
 * An agent's vectors as int8 codes (int8-codes.ts in libs/affect) in a WebAssembly memory, scanned
 * whole by the SIMD kernel for each probe: the resident half of an exact search. Rows and probes
 * are compared by cosine (each is made unit length before it is coded), as the stored vectors are
 * scored. Rows are addressed by index, in the order they were added; what a row stands for is the
 * caller's.
 *
 * A search has two stages: the kernel's scan bounds every row by its first codes; the few rows
 * that bound cannot rule out are bounded again with their residual codes (held in plain memory,
 * read only for those rows), which leaves little beyond the top k and its near ties for the
 * caller to score exactly.
 */
export class CodedRows {
  private kernel: Int8Kernel;
  private capacity: number;
  private size = 0;
  /** s_v: row v ≈ s_v · codes_v. */
  private scale: Float64Array;
  /** s_v · ½‖c_v‖₁: the row's part of the first bound. */
  private rowError: Float64Array;
  /** t_v and the residual codes b_v: row v ≈ s_v · c_v + t_v · b_v. */
  private residualScale: Float64Array;
  private residual: Int8Array;

  private constructor(
    readonly dim: number,
    kernel: Int8Kernel,
    capacity: number,
  ) {
    this.kernel = kernel;
    this.capacity = capacity;
    this.scale = new Float64Array(capacity);
    this.rowError = new Float64Array(capacity);
    this.residualScale = new Float64Array(capacity);
    this.residual = new Int8Array(capacity * dim);
  }

  static async create(dim: number, capacity = 1024): Promise<CodedRows> {
    if (!Number.isInteger(dim) || dim < 16 || dim % 16 !== 0) throw new RangeError(`coded rows need a dimension that is a multiple of 16, not ${dim}`);
    return new CodedRows(dim, await newInt8Kernel(CodedRows.bytes(dim, capacity)), capacity);
  }

  /** Rows held. */
  get count(): number {
    return this.size;
  }

  /** Bytes held: the kernel's memory, the residual codes and the per-row scales. */
  get bytes(): number {
    return this.kernel.memory.buffer.byteLength + this.residual.byteLength + this.capacity * 24;
  }

  /** Appends rows (vectors of `dim`); answers the index of the first. */
  async append(vectors: readonly ArrayLike<number>[]): Promise<number> {
    const first = this.size;
    if (first + vectors.length > this.capacity) await this.grow(Math.max(first + vectors.length, this.capacity * 2));
    for (const v of vectors) this.code(this.size++, v);
    return first;
  }

  /** Codes row `index` afresh (its vector changed). */
  replace(index: number, vector: ArrayLike<number>): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.size) throw new RangeError(`no row ${index} of ${this.size}`);
    this.code(index, vector);
  }

  /**
   * The rows that can be in the top k by cosine with `probe` among the rows `accept` passes (all
   * when absent), and the anchors of that proof (CodedCandidates). One kernel scan of every row
   * and a first bound per row; the second bound for the rows the first kept.
   */
  candidates(probe: ArrayLike<number>, k: number, accept?: (row: number) => boolean): CodedCandidates {
    if (probe.length !== this.dim) throw new RangeError(`a probe of ${probe.length} components for rows of ${this.dim}`);
    const want = Math.max(1, Math.floor(k));
    const unitProbe = unitLength(probe);
    const first = this.firstBounds(unitProbe, want, accept);
    // Fewer accepted rows than k: each is a candidate and an anchor, nothing to prove.
    if (first.anchors.length < want) return { candidates: Int32Array.from(first.kept), anchors: first.anchors };
    return this.secondBounds(unitProbe, want, first);
  }

  /**
   * The kernel's scan: the k best first lower bounds among accepted rows (`anchors`), and every
   * accepted row whose first upper bound reaches the k-th of them (`kept`, with their bounds).
   * `accept` is asked only of rows that pass a bound, a few hundred of 100,000.
   */
  private firstBounds(unitProbe: Float64Array, want: number, accept?: (row: number) => boolean): { anchors: Int32Array; kept: number[]; lower: number[]; upper: number[] } {
    const { probeAt, outAt, codesAt } = CodedRows.layout(this.dim, this.capacity);
    const buffer = this.kernel.memory.buffer;
    const q = codeVector(unitProbe, probeCodeMax(this.dim), new Int16Array(buffer, probeAt, this.dim));
    this.kernel.dotI8(codesAt, probeAt, outAt, this.size, this.dim);
    const dots = new Int32Array(buffer, outAt, this.size);
    const { scale, rowError, size } = this;
    const qs = q.scale;
    // codedDotError(s_v, l1_v, s_q, l1_q, d) = (s_q · s_v ½ l1_v + s_v · s_q (½ l1_q + ¼ d)) · WIDEN + SLACK
    const probeError = qs * (0.5 * q.l1 + 0.25 * this.dim);
    const best = new TopLower(want);
    let floor = Number.NEGATIVE_INFINITY;
    for (let r = 0; r < size; r++) {
      const sv = scale[r]!;
      const lower = sv * qs * dots[r]! - ((qs * rowError[r]! + sv * probeError) * WIDEN + SLACK);
      if (lower > floor && (!accept || accept(r))) {
        best.offer(r, lower);
        if (best.full) floor = best.min();
      }
    }
    const threshold = best.full ? best.min() : Number.NEGATIVE_INFINITY;
    const kept: number[] = [];
    const lowers: number[] = [];
    const uppers: number[] = [];
    for (let r = 0; r < size; r++) {
      const sv = scale[r]!;
      const estimate = sv * qs * dots[r]!;
      const error = (qs * rowError[r]! + sv * probeError) * WIDEN + SLACK;
      if (estimate + error >= threshold && (!accept || accept(r))) {
        kept.push(r);
        lowers.push(estimate - error);
        uppers.push(estimate + error);
      }
    }
    return { anchors: best.rows(), kept, lower: lowers, upper: uppers };
  }

  /**
   * The kept rows bounded again with their residual codes: each row's bounds are the tighter of
   * its two, the anchors are the k best lower bounds among them, and the candidates those whose
   * upper bound reaches the k-th. The first stage's anchors are kept rows, so the k-th best lower
   * bound here is at least the first stage's, which ruled out every row not kept.
   */
  private secondBounds(unitProbe: Float64Array, want: number, first: { kept: number[]; lower: number[]; upper: number[] }): CodedCandidates {
    const { codesAt } = CodedRows.layout(this.dim, this.capacity);
    const codes = new Int8Array(this.kernel.memory.buffer, codesAt, this.size * this.dim);
    const { dim, residual } = this;
    let probeAbs = 0;
    for (let j = 0; j < dim; j++) probeAbs += Math.abs(unitProbe[j]!);
    const lower = new Float64Array(first.kept.length);
    const upper = new Float64Array(first.kept.length);
    const best = new TopLower(want);
    first.kept.forEach((r, i) => {
      let main = 0;
      let rest = 0;
      for (let j = 0, at = r * dim; j < dim; j++, at++) {
        main += codes[at]! * unitProbe[j]!;
        rest += residual[at]! * unitProbe[j]!;
      }
      const t = this.residualScale[r]!;
      const estimate = this.scale[r]! * main + t * rest;
      const error = refinedDotError(t, probeAbs);
      lower[i] = Math.max(first.lower[i]!, estimate - error);
      upper[i] = Math.min(first.upper[i]!, estimate + error);
      best.offer(i, lower[i]!);
    });
    const threshold = best.min();
    const candidates = first.kept.filter((_, i) => upper[i]! >= threshold);
    return { candidates: Int32Array.from(candidates), anchors: Int32Array.from(best.rows(), (i) => first.kept[i]!) };
  }

  private code(index: number, vector: ArrayLike<number>): void {
    if (vector.length !== this.dim) throw new RangeError(`a vector of ${vector.length} components for rows of ${this.dim}`);
    const { codesAt } = CodedRows.layout(this.dim, this.capacity);
    const unit = unitLength(vector);
    const codes = new Int8Array(this.kernel.memory.buffer, codesAt + index * this.dim, this.dim);
    const coding = codeVector(unit, ROW_CODE_MAX, codes);
    this.scale[index] = coding.scale;
    this.rowError[index] = coding.scale * 0.5 * coding.l1;
    this.residualScale[index] = codeResidual(unit, coding.scale, codes, 0, this.residual, index * this.dim);
  }

  private async grow(capacity: number): Promise<void> {
    const kernel = await newInt8Kernel(CodedRows.bytes(this.dim, capacity));
    const from = CodedRows.layout(this.dim, this.capacity).codesAt;
    const to = CodedRows.layout(this.dim, capacity).codesAt;
    new Int8Array(kernel.memory.buffer, to, this.size * this.dim).set(new Int8Array(this.kernel.memory.buffer, from, this.size * this.dim));
    const widen = (a: Float64Array): Float64Array => {
      const b = new Float64Array(capacity);
      b.set(a.subarray(0, this.size));
      return b;
    };
    this.scale = widen(this.scale);
    this.rowError = widen(this.rowError);
    this.residualScale = widen(this.residualScale);
    const residual = new Int8Array(capacity * this.dim);
    residual.set(this.residual.subarray(0, this.size * this.dim));
    this.residual = residual;
    this.kernel = kernel;
    this.capacity = capacity;
  }

  /** Byte offsets in the kernel's memory: the probe's codes, the dot products, the rows' codes. */
  private static layout(dim: number, capacity: number): { probeAt: number; outAt: number; codesAt: number } {
    const probeAt = 0;
    const outAt = align16(dim * 2);
    const codesAt = align16(outAt + capacity * 4);
    return { probeAt, outAt, codesAt };
  }

  private static bytes(dim: number, capacity: number): number {
    return CodedRows.layout(dim, capacity).codesAt + capacity * dim;
  }
}

/** The k rows with the largest lower bounds seen so far (a binary min-heap on the bound). */
class TopLower {
  private readonly values: Float64Array;
  private readonly ids: Int32Array;
  private size = 0;

  constructor(private readonly k: number) {
    this.values = new Float64Array(k);
    this.ids = new Int32Array(k);
  }

  offer(row: number, value: number): void {
    if (this.size < this.k) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (this.values[parent]! <= value) break;
        this.values[i] = this.values[parent]!;
        this.ids[i] = this.ids[parent]!;
        i = parent;
      }
      this.values[i] = value;
      this.ids[i] = row;
      return;
    }
    if (value <= this.values[0]!) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const child = right < this.size && this.values[right]! < this.values[left]! ? right : left;
      if (this.values[child]! >= value) break;
      this.values[i] = this.values[child]!;
      this.ids[i] = this.ids[child]!;
      i = child;
    }
    this.values[i] = value;
    this.ids[i] = row;
  }

  get full(): boolean {
    return this.size === this.k;
  }

  /** The smallest of the k kept: the k-th best lower bound once k have been offered. */
  min(): number {
    return this.size === 0 ? Number.NEGATIVE_INFINITY : this.values[0]!;
  }

  rows(): Int32Array {
    return this.ids.slice(0, this.size);
  }
}

/** v / ‖v‖ in float64; a zero (or non-finite) vector stays as it is. */
function unitLength(v: ArrayLike<number>): Float64Array {
  let sum = 0;
  for (let j = 0; j < v.length; j++) sum += v[j]! * v[j]!;
  const norm = Math.sqrt(sum);
  const out = Float64Array.from(v);
  if (norm > 0 && Number.isFinite(norm)) for (let j = 0; j < out.length; j++) out[j] = out[j]! / norm;
  return out;
}
