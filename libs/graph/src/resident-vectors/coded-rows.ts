import { codedDotError, codeVector, probeCodeMax, ROW_CODE_MAX } from '@limbic/affect';
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

/**
 * An agent's vectors as int8 codes (int8-codes.ts in libs/affect) in a WebAssembly memory, scanned
 * whole by the SIMD kernel for each probe: the resident half of an exact search. Rows are
 * addressed by index, in the order they were added; what a row stands for is the caller's.
 */
export class CodedRows {
  private kernel: Int8Kernel;
  private capacity: number;
  private size = 0;
  private scale: Float64Array;
  private l1: Float64Array;
  private lower: Float64Array;
  private upper: Float64Array;

  private constructor(
    readonly dim: number,
    kernel: Int8Kernel,
    capacity: number,
  ) {
    this.kernel = kernel;
    this.capacity = capacity;
    this.scale = new Float64Array(capacity);
    this.l1 = new Float64Array(capacity);
    this.lower = new Float64Array(capacity);
    this.upper = new Float64Array(capacity);
  }

  static async create(dim: number, capacity = 1024): Promise<CodedRows> {
    if (!Number.isInteger(dim) || dim < 16 || dim % 16 !== 0) throw new RangeError(`coded rows need a dimension that is a multiple of 16, not ${dim}`);
    return new CodedRows(dim, await newInt8Kernel(CodedRows.bytes(dim, capacity)), capacity);
  }

  /** Rows held. */
  get count(): number {
    return this.size;
  }

  /** Bytes held: the kernel's memory and the per-row bounds. */
  get bytes(): number {
    return this.kernel.memory.buffer.byteLength + this.capacity * 32;
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
   * The rows that can be in the top k by dot product with `probe` among the rows `accept`
   * passes (all when absent), and the anchors of that proof (CodedCandidates). One kernel scan
   * of every row, then a bound per accepted row.
   */
  candidates(probe: ArrayLike<number>, k: number, accept?: (row: number) => boolean): CodedCandidates {
    if (probe.length !== this.dim) throw new RangeError(`a probe of ${probe.length} components for rows of ${this.dim}`);
    const want = Math.max(1, Math.floor(k));
    const { probeAt, outAt, codesAt } = CodedRows.layout(this.dim, this.capacity);
    const buffer = this.kernel.memory.buffer;
    const q = codeVector(probe, probeCodeMax(this.dim), new Int16Array(buffer, probeAt, this.dim));
    this.kernel.dotI8(codesAt, probeAt, outAt, this.size, this.dim);
    const dots = new Int32Array(buffer, outAt, this.size);
    const { lower, upper, scale, l1 } = this;
    const best = new TopLower(want);
    for (let r = 0; r < this.size; r++) {
      if (accept && !accept(r)) {
        lower[r] = Number.NEGATIVE_INFINITY;
        upper[r] = Number.NEGATIVE_INFINITY;
        continue;
      }
      const estimate = scale[r]! * q.scale * dots[r]!;
      const error = codedDotError(scale[r]!, l1[r]!, q.scale, q.l1, this.dim);
      lower[r] = estimate - error;
      upper[r] = estimate + error;
      best.offer(r, lower[r]!);
    }
    const anchors = best.rows();
    const threshold = anchors.length < want ? Number.NEGATIVE_INFINITY : best.min();
    let count = 0;
    for (let r = 0; r < this.size; r++) if (upper[r]! >= threshold && upper[r]! > Number.NEGATIVE_INFINITY) count++;
    const candidates = new Int32Array(count);
    count = 0;
    for (let r = 0; r < this.size; r++) if (upper[r]! >= threshold && upper[r]! > Number.NEGATIVE_INFINITY) candidates[count++] = r;
    return { candidates, anchors };
  }

  private code(index: number, vector: ArrayLike<number>): void {
    if (vector.length !== this.dim) throw new RangeError(`a vector of ${vector.length} components for rows of ${this.dim}`);
    const { codesAt } = CodedRows.layout(this.dim, this.capacity);
    const coding = codeVector(vector, ROW_CODE_MAX, new Int8Array(this.kernel.memory.buffer, codesAt + index * this.dim, this.dim));
    this.scale[index] = coding.scale;
    this.l1[index] = coding.l1;
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
    this.l1 = widen(this.l1);
    this.lower = new Float64Array(capacity);
    this.upper = new Float64Array(capacity);
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

  /** The smallest of the k kept: the k-th best lower bound once k have been offered. */
  min(): number {
    return this.size === 0 ? Number.NEGATIVE_INFINITY : this.values[0]!;
  }

  rows(): Int32Array {
    return this.ids.slice(0, this.size);
  }
}
