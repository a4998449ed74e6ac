import { estimateImportance, initialAgentState, LINKING, PRESETS } from '@limbic/affect';
import type { LinkNeighbour } from '@limbic/graph';
import { planEncoding, prepareBatch, type PreparedItem } from './encode-plan';

const NOW = Date.parse('2026-01-01T12:00:00Z');
const DIM = 16;

/** Deterministic unit vectors: a shared direction per topic plus a per-item wobble. */
function vector(topic: number, item: number, dim = DIM): number[] {
  const v = Array.from({ length: dim }, (_, d) => (d === topic % dim ? 1 : 0) + 0.3 * Math.sin(item * 7.1 + d * 1.3));
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

function items(n: number, dim = DIM): PreparedItem[] {
  return Array.from({ length: n }, (_, i) => ({
    key: String(i),
    id: `m-${String(i).padStart(3, '0')}`,
    externalId: null,
    content: i % 4 === 0 ? `The deploy failed because the database was down (${i})` : `A quiet note about topic ${i % 3}`,
    embedding: vector(i % 3, i, dim),
    // Shuffled times: the planner must order by time, not by input position.
    occurredAt: NOW - ((i * 37) % n) * 60_000,
    affect: null,
    importance: null,
    tags: i % 5 === 0 ? ['ops'] : [],
    scope: null,
    metadata: { metadata: null, metadataPairs: [] },
    speaker: null,
  }));
}

function dot(a: readonly number[], b: readonly number[]): number {
  return a.reduce((sum, x, d) => sum + x * (b[d] ?? 0), 0);
}

describe('prepareBatch', () => {
  // 7: a dimension the dot product's four running sums do not divide.
  it.each([DIM, 7])('orders items by time and finds the most similar earlier ones, as a brute-force scan does (dimension %i)', (dim) => {
    const batch = prepareBatch(items(40, dim));
    const times = batch.items.map((p) => p.item.occurredAt);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    batch.items.forEach((p, i) => {
      const expected = batch.items
        .slice(0, i)
        .map((e) => ({ id: e.item.id, cosine: dot(p.item.embedding, e.item.embedding) }))
        .sort((a, b) => b.cosine - a.cosine)
        .slice(0, 10);
      expect(p.nearestEarlier.map((n) => n.id)).toEqual(expected.map((e) => e.id));
      p.nearestEarlier.forEach((n, k) => expect(n.cosine).toBeCloseTo(expected[k]?.cosine ?? NaN, 12));
    });
  });

  it('keeps explicit tags among the concepts', () => {
    const batch = prepareBatch(items(10));
    for (const p of batch.items) for (const tag of p.item.tags) expect(p.concepts).toContain(tag);
  });
});

describe('planEncoding', () => {
  const plan = () =>
    planEncoding({ batch: prepareBatch(items(30)), state: initialAgentState(NOW), preset: PRESETS.agent, neighbours: new Map(), chainWindow: [], now: NOW });

  it('links each memory to at most five others plus its temporal predecessor, never to later ones', () => {
    const p = plan();
    const order = new Map(p.memories.map((m, i) => [m.id, i]));
    for (const m of p.memories) {
      const incoming = p.links.filter((l) => l.to === m.id && !l.chain);
      expect(incoming.length).toBeLessThanOrEqual(LINKING.maxLinks);
      for (const l of incoming) expect(order.get(l.from)).toBeLessThan(order.get(m.id) ?? -1);
    }
  });

  it('chains the batch into one temporal line in time order', () => {
    const p = plan();
    const chain = p.links.filter((l) => l.chain);
    expect(chain).toHaveLength(p.memories.length - 1);
    chain.forEach((l, i) => {
      expect(l.type).toBe('TEMPORAL');
      expect([l.from, l.to]).toEqual([p.memories[i]?.id, p.memories[i + 1]?.id]);
      // The time between the two, for a held graph's episode walk.
      expect(l.gapMs).toBe(Math.abs((p.memories[i + 1]?.occurredAt ?? NaN) - (p.memories[i]?.occurredAt ?? NaN)));
    });
  });

  // The encode transaction may run again on a transient error: its plan must come from its input
  // alone, never from the wall clock or a random draw, or the retry would write other links.
  it('plans the same writes when computed again at another moment, whatever Math.random draws', () => {
    const first = plan();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(NOW + 3_600_000);
    const random = jest.spyOn(Math, 'random').mockReturnValue(0.999);
    try {
      expect(plan()).toEqual(first);
    } finally {
      clock.mockRestore();
      random.mockRestore();
    }
  });
});

describe('planEncoding: novelty raises the estimated importance', () => {
  const content = 'A quiet note about the garden';
  const one = (neighbours: ReadonlyMap<string, readonly LinkNeighbour[]>, importance: number | null = null) =>
    planEncoding({
      batch: prepareBatch([{ ...items(1)[0]!, content, importance }]),
      state: initialAgentState(NOW),
      preset: PRESETS.agent,
      neighbours,
      chainWindow: [],
      now: NOW,
    }).memories[0]!.importance;
  const stored = (cosine: number): LinkNeighbour => ({ id: 'old', cosine, valence: 0, arousal: 0.3, dominance: 0.5, occurredAt: NOW - 3_600_000 });

  it('gives an agent’s first memory full novelty (nothing stored: + 0.2), as the appraisal worker does', () => {
    expect(one(new Map())).toBeCloseTo(estimateImportance(content, 1), 12);
    expect(one(new Map())).toBeCloseTo(estimateImportance(content, 0) + 0.2, 12);
  });

  it('takes 1 − the best cosine among the stored neighbours', () => {
    expect(one(new Map([['0', [stored(0.3), stored(0.9)]]]))).toBeCloseTo(estimateImportance(content, 0.1), 12);
    expect(one(new Map([['0', [stored(1)]]]))).toBeCloseTo(estimateImportance(content, 0), 12);
  });

  it('leaves a given importance as given', () => {
    expect(one(new Map(), 0.4)).toBe(0.4);
  });
});

describe('planEncoding: combined calls', () => {
  const planFor = (interactions: number | undefined) =>
    planEncoding({ batch: prepareBatch(items(3)), state: initialAgentState(NOW), preset: PRESETS.agent, neighbours: new Map(), chainWindow: [], now: NOW, interactions });

  it('spends one interaction per call the batch came from, as if each had been written alone', () => {
    const one = planFor(undefined).state.energy;
    const three = planFor(3).state.energy;
    expect(planFor(1).state.energy).toEqual(one);
    expect(one.energy).toBeCloseTo(0.98, 10);
    expect(three.energy).toBeCloseTo(0.94, 10);
  });
});
