import type { Embedder } from './embedder.port';

const WORD = /[\p{L}\p{N}]+/gu;
const NGRAM = 3;
/** Words carry meaning; character trigrams make "deploy" and "deployment" overlap. */
const WORD_WEIGHT = 1;
const NGRAM_WEIGHT = 0.35;

/**
 * Deterministic offline embedder: signed feature hashing of lower-cased words and of
 * character trigrams of each word, sub-linear term frequency, L2-normalised. It knows no
 * synonyms; it exists so that Limbic runs and tests with no model and no network.
 */
export class HashEmbedder implements Embedder {
  readonly name: string;
  /** Its tests and the hash-embedder figures were set on its own scale: left as the reference. */
  readonly cosineScale = 1;

  constructor(readonly dimension: number) {
    if (!Number.isInteger(dimension) || dimension < 16) throw new RangeError('hash dimension must be an integer ≥ 16');
    this.name = `hash-${dimension}`;
  }

  embed(texts: readonly string[]): Promise<number[][]> {
    return Promise.resolve(texts.map((t) => this.embedOne(t)));
  }

  embedOne(text: string): number[] {
    const counts = new Map<string, number>();
    const bump = (feature: string, w: number) => counts.set(feature, (counts.get(feature) ?? 0) + w);
    const words = text.normalize('NFKC').toLowerCase().match(WORD) ?? [];
    for (const word of words) {
      bump(`w:${word}`, WORD_WEIGHT);
      const padded = `<${word}>`;
      for (let i = 0; i + NGRAM <= padded.length; i++) bump(`g:${padded.slice(i, i + NGRAM)}`, NGRAM_WEIGHT);
    }
    // Text without letters or digits still gets a stable, non-zero vector.
    if (counts.size === 0) bump(`r:${text.trim()}`, 1);

    const v = new Array<number>(this.dimension).fill(0);
    for (const [feature, tf] of counts) {
      const h = fnv1a(feature);
      const sign = (h & 0x80000000) === 0 ? 1 : -1;
      const slot = (h & 0x7fffffff) % this.dimension;
      v[slot] = (v[slot] ?? 0) + sign * (1 + Math.log(tf + 1) - Math.log(2));
    }
    return l2Normalise(v);
  }
}

/** 32-bit FNV-1a over UTF-16 code units: fast, stable across platforms and releases. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function l2Normalise(v: number[]): number[] {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm === 0) {
    // All features cancelled out: fall back to a fixed unit vector rather than zeros,
    // because a cosine index cannot hold a zero vector.
    const out = new Array<number>(v.length).fill(0);
    out[0] = 1;
    return out;
  }
  return v.map((x) => x / norm);
}
