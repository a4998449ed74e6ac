import { buildAgentEmbeddings, CANDIDATE_MARGIN, linkCandidates, withMemories, type EmbeddedMemory } from './agent-embeddings';

const DIM = 16;

/** Deterministic pseudo-random vectors (a small LCG), so failures reproduce. */
function vectors(count: number, seed: number): number[][] {
  let s = seed;
  const next = () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  return Array.from({ length: count }, () => Array.from({ length: DIM }, next));
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  a.forEach((x, i) => {
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  });
  return dot / Math.sqrt(na * nb);
}

/** The exact scan's answer: score descending, then id. */
function topK(memories: readonly EmbeddedMemory[], query: readonly number[], k: number): string[] {
  return [...memories]
    .map((m) => ({ id: m.id, score: cosine(m.embedding, query) }))
    .sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : 1))
    .slice(0, k)
    .map((m) => m.id);
}

describe('linkCandidates', () => {
  const memories: EmbeddedMemory[] = vectors(300, 7).map((embedding, i) => ({ id: `m${String(i).padStart(3, '0')}`, embedding }));
  // Exact duplicates tie on the score; the scan breaks ties by id, so all of them must be offered.
  const duplicated = [...memories, ...memories.slice(0, 20).map((m) => ({ id: `${m.id}-copy`, embedding: m.embedding }))];
  const copy = buildAgentEmbeddings('e1', duplicated.length, duplicated);

  it('offers every memory of the exact top k, ties included', () => {
    if (!copy) throw new Error('copy expected');
    for (const query of [...vectors(50, 99), ...memories.slice(0, 20).map((m) => m.embedding)]) {
      const candidates = new Set(linkCandidates(copy, query, 10));
      for (const id of topK(duplicated, query, 10)) expect(candidates).toContain(id);
    }
  });

  it('offers few beyond the k best', () => {
    if (!copy) throw new Error('copy expected');
    const sizes = vectors(50, 3).map((q) => (linkCandidates(copy, q, 10) ?? []).length);
    expect(Math.max(...sizes)).toBeLessThan(20);
  });

  it('keeps anything within the margin of the k-th best, so float32 rounding in Neo4j cannot reorder past it', () => {
    const base = [1, ...new Array<number>(DIM - 1).fill(0)];
    const near = (angle: number) => [Math.cos(angle), Math.sin(angle), ...new Array<number>(DIM - 2).fill(0)];
    const rows = [
      { id: 'a', embedding: base },
      // cos(angle) = 1 − CANDIDATE_MARGIN / 2: inside the margin of 'a'.
      { id: 'b', embedding: near(Math.acos(1 - CANDIDATE_MARGIN / 2)) },
      { id: 'c', embedding: near(Math.acos(1 - 2 * CANDIDATE_MARGIN)) },
    ];
    const c = buildAgentEmbeddings('e', rows.length, rows);
    if (!c) throw new Error('copy expected');
    expect(linkCandidates(c, base, 1)).toEqual(['a', 'b']);
  });

  it('offers everything when the agent has at most k memories, and nothing when it has none', () => {
    const small = buildAgentEmbeddings('e', 3, memories.slice(0, 3));
    if (!small) throw new Error('copy expected');
    expect(linkCandidates(small, vectors(1, 5)[0] ?? [], 10)).toEqual(['m000', 'm001', 'm002']);
    const empty = buildAgentEmbeddings('e', 0, []);
    if (!empty) throw new Error('copy expected');
    expect(linkCandidates(empty, vectors(1, 5)[0] ?? [], 10)).toEqual([]);
  });

  it('declines an item it cannot rank (zero vector, other dimension): the scan runs for it', () => {
    if (!copy) throw new Error('copy expected');
    expect(linkCandidates(copy, new Array<number>(DIM).fill(0), 10)).toBeNull();
    expect(linkCandidates(copy, [1, 2, 3], 10)).toBeNull();
  });
});

describe('agent copies', () => {
  it('cannot hold a zero vector', () => {
    expect(buildAgentEmbeddings('e', 1, [{ id: 'z', embedding: new Array<number>(DIM).fill(0) }])).toBeNull();
  });

  it('grow into a new value at the new epoch and leave the old one as it was', () => {
    const [a, b, c] = vectors(3, 11);
    const base = buildAgentEmbeddings('e1', 5, [{ id: 'a', embedding: a ?? [] }]);
    if (!base) throw new Error('copy expected');
    const next = withMemories(base, 'e2', [
      { id: 'b', embedding: b ?? [] },
      { id: 'c', embedding: c ?? [] },
    ]);
    expect(next).toMatchObject({ epoch: 'e2', stored: 7, ids: ['a', 'b', 'c'] });
    expect(next?.vectors.length).toBe(3 * DIM);
    expect(base).toMatchObject({ epoch: 'e1', stored: 5, ids: ['a'] });
    expect(base.vectors.length).toBe(DIM);
  });
});
