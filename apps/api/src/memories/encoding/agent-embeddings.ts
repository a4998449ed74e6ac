/**
 * One agent's linkable memories (those the exact neighbour scan of encode.neighbours reads:
 * occurredAt set, not archived) with their embeddings, as they were when the agent's
 * linkEpoch had the value `epoch`. Immutable: an update is a new value, so that a copy
 * labelled with an epoch always holds exactly that epoch's memories, whatever order
 * concurrent encodes of one process finish in.
 */
export interface AgentEmbeddings {
  readonly epoch: string;
  /** The agent's memory count as encode.neighbours counts it (archived ones included). */
  readonly stored: number;
  readonly ids: readonly string[];
  readonly dimension: number;
  /** Unit-length embeddings, row i (dimension floats) for ids[i]. */
  readonly vectors: Float32Array;
}

export interface EmbeddedMemory {
  readonly id: string;
  readonly embedding: readonly number[];
}

/**
 * Candidates are every memory whose cosine here is within this of the k-th best. The exact
 * scores and the order are Neo4j's (it rescores the candidates, in float32, as the scan does);
 * this margin only has to exceed twice the difference between the two computations, which
 * for unit vectors of a few hundred dimensions stays below 1e-4 even summed in float32.
 */
export const CANDIDATE_MARGIN = 1e-3;

/** A copy of `memories`, or null when one cannot be ranked here (a zero or non-finite vector). */
export function buildAgentEmbeddings(epoch: string, stored: number, memories: readonly EmbeddedMemory[]): AgentEmbeddings | null {
  const dimension = memories[0]?.embedding.length ?? 0;
  const vectors = new Float32Array(memories.length * dimension);
  for (let i = 0; i < memories.length; i++) {
    const unit = unitVector((memories[i] as EmbeddedMemory).embedding, dimension);
    if (!unit) return null;
    vectors.set(unit, i * dimension);
  }
  return { epoch, stored, ids: memories.map((m) => m.id), dimension, vectors };
}

/** `base` plus memories written since, at the epoch their transaction set. */
export function withMemories(base: AgentEmbeddings, epoch: string, added: readonly EmbeddedMemory[]): AgentEmbeddings | null {
  if (base.ids.length === 0) return buildAgentEmbeddings(epoch, base.stored + added.length, added);
  const { dimension } = base;
  const vectors = new Float32Array(base.vectors.length + added.length * dimension);
  vectors.set(base.vectors);
  for (let i = 0; i < added.length; i++) {
    const unit = unitVector((added[i] as EmbeddedMemory).embedding, dimension);
    if (!unit) return null;
    vectors.set(unit, base.vectors.length + i * dimension);
  }
  return { epoch, stored: base.stored + added.length, ids: [...base.ids, ...added.map((m) => m.id)], dimension, vectors };
}

/** The embedding of a cached memory, for rebuilding a copy without fetching it again. */
export function embeddingOf(entry: AgentEmbeddings, index: number): number[] {
  return Array.from(entry.vectors.subarray(index * entry.dimension, (index + 1) * entry.dimension));
}

/**
 * The ids among which the scan's k best for `embedding` certainly are: the k best here and
 * every one within CANDIDATE_MARGIN of the k-th. Null when this item cannot be ranked here
 * (its vector is zero or of another dimension): the scan then runs for it.
 */
export function linkCandidates(entry: AgentEmbeddings, embedding: readonly number[], k: number): string[] | null {
  const n = entry.ids.length;
  if (n === 0) return [];
  const query = unitVector(embedding, entry.dimension);
  if (!query) return null;
  if (n <= k) return [...entry.ids];
  const { vectors, dimension } = entry;
  const scores = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let dot = 0;
    const row = i * dimension;
    for (let d = 0; d < dimension; d++) dot += (vectors[row + d] as number) * (query[d] as number);
    scores[i] = dot;
  }
  const kth = kthLargest(scores, k);
  const out: string[] = [];
  for (let i = 0; i < n; i++) if ((scores[i] as number) >= kth - CANDIDATE_MARGIN) out.push(entry.ids[i] as string);
  return out;
}

/** Approximate heap size of a copy, for the cache's byte budget. */
export function sizeOf(entry: AgentEmbeddings): number {
  return entry.vectors.byteLength + entry.ids.length * 96 + 256;
}

function kthLargest(scores: Float64Array, k: number): number {
  const sorted = Float64Array.from(scores).sort();
  return sorted[sorted.length - k] as number;
}

function unitVector(v: readonly number[], dimension: number): Float64Array | null {
  if (v.length !== dimension || dimension === 0) return null;
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  if (!Number.isFinite(norm) || norm === 0) return null;
  return Float64Array.from(v, (x) => x / norm);
}
