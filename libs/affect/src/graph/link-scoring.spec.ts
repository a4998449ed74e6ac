import { chainEdgeWeight, linkScore, linkType, marksCause, planLinks, temporalProximity } from './link-scoring';

const H = 3_600_000;
const calm = { valence: 0, arousal: 0.3, dominance: 0.5 };

describe('link scoring (DESIGN §5)', () => {
  it('temporal proximity halves per hour, in either order', () => {
    expect(temporalProximity(0, H)).toBe(0.5);
    expect(temporalProximity(2 * H, 0)).toBe(0.25);
  });

  it('score = 0.5·cos + 0.3·affect + 0.2·temporal', () => {
    // 0.5·0.8 + 0.3·1 + 0.2·0.5 = 0.8; negative cosine counts as 0.
    expect(linkScore({ cosine: 0.8, affectProximity: 1, temporalProximity: 0.5 })).toBeCloseTo(0.8, 12);
    expect(linkScore({ cosine: -0.5, affectProximity: 0, temporalProximity: 0 })).toBe(0);
  });

  it('cause markers', () => {
    expect(marksCause('the cache was cold, so the deploy timed out')).toBe(true);
    expect(marksCause('as a result we rolled back')).toBe(true);
    expect(marksCause('the cache was cold')).toBe(false);
  });

  const base = { cosine: 0.5, affectProximity: 0.8, temporalProximity: 0.9, valenceGap: 0, candidateIsOlder: true, textMarksCause: false };

  it('CONTRASTIVE when close in time and valence differs by more than 1', () => {
    expect(linkType({ ...base, valenceGap: 1.4 })).toBe('CONTRASTIVE');
    expect(linkType({ ...base, valenceGap: 1.4, temporalProximity: 0.5 })).not.toBe('CONTRASTIVE');
  });

  it('CAUSAL when the older memory is close (> 0.7) and either similar (> 0.6) or the text marks cause', () => {
    expect(linkType({ ...base, cosine: 0.7 })).toBe('CAUSAL');
    expect(linkType({ ...base, cosine: 0.7, candidateIsOlder: false })).toBe('SEMANTIC');
    expect(linkType({ ...base, textMarksCause: true })).toBe('CAUSAL');
    // "so" in today's text is not caused by a similar memory from weeks ago.
    expect(linkType({ ...base, temporalProximity: 0.1, textMarksCause: true })).not.toBe('CAUSAL');
  });

  it('otherwise the largest weighted component', () => {
    // 0.5·0.5 = 0.25 vs 0.3·0.8 = 0.24 vs 0.2·0.1 = 0.02 → SEMANTIC.
    expect(linkType({ ...base, temporalProximity: 0.1 })).toBe('SEMANTIC');
    // 0.5·0.3 = 0.15 vs 0.24 → EMOTIONAL.
    expect(linkType({ ...base, cosine: 0.3, temporalProximity: 0.1 })).toBe('EMOTIONAL');
    // 0.5·0.1 = 0.05, 0.3·0.1 = 0.03 vs 0.2·0.6 = 0.12 → TEMPORAL.
    expect(linkType({ ...base, cosine: 0.1, affectProximity: 0.1, temporalProximity: 0.6 })).toBe('TEMPORAL');
  });

  it('planLinks keeps at most 5 links with score ≥ 0.3, best first, and a TEMPORAL edge to the predecessor', () => {
    const subject = { content: 'deployed the fix', affect: calm, occurredAtMs: 100 * H };
    const far = (id: string, cosine: number) => ({ id, cosine, affect: calm, occurredAtMs: 0 });
    // Far in time (temporal ≈ 0), same affect: score = 0.5·cos + 0.3.
    const candidates = [far('a', 0.9), far('b', 0.8), far('c', 0.7), far('d', 0.6), far('e', 0.5), far('f', 0.4), far('low', -1), far('a', 0.1)];
    const predecessor = { id: 'p', cosine: 0, affect: { valence: -1, arousal: 1, dominance: 0 }, occurredAtMs: 10 * H };
    const links = planLinks(subject, candidates, predecessor);
    expect(links.map((l) => l.targetId)).toEqual(['a', 'b', 'c', 'd', 'e', 'p']);
    expect(links[0]?.weight).toBeCloseTo(0.75, 9); // 0.5·0.9 + 0.3
    expect(links[0]?.type).toBe('SEMANTIC');
    // Predecessor 90 h earlier (temporal ≈ 0), cosine 0, affect distance √1.74/√6:
    // 0.3 · (1 − √1.74/√6) ≈ 0.1384451.
    expect(links[5]?.type).toBe('TEMPORAL');
    expect(links[5]?.weight).toBeCloseTo(0.1384451, 6);
  });

  it('the predecessor edge never starts below 0.1', () => {
    const subject = { content: 'x', affect: { valence: 1, arousal: 1, dominance: 1 }, occurredAtMs: 100 * H };
    const predecessor = { id: 'p', cosine: 0, affect: { valence: -1, arousal: 0, dominance: 0 }, occurredAtMs: 0 };
    // Score 0.5·0 + 0.3·0 + 0.2·0.5^100 ≈ 0 → 0.1.
    expect(planLinks(subject, [], predecessor)).toEqual([{ targetId: 'p', type: 'TEMPORAL', weight: 0.1 }]);
  });

  it('does not duplicate a predecessor already linked as TEMPORAL', () => {
    const subject = { content: 'next step', affect: calm, occurredAtMs: H };
    // One minute apart: 0.5·0.1 = 0.05, 0.3·0.4615 ≈ 0.138, 0.2·0.989 ≈ 0.198 → TEMPORAL, score ≈ 0.386.
    const predecessor = { id: 'p', cosine: 0.1, affect: { valence: -1, arousal: 1, dominance: 0 }, occurredAtMs: H - 60_000 };
    const links = planLinks(subject, [predecessor], predecessor);
    expect(links).toHaveLength(1);
    expect(links[0]?.type).toBe('TEMPORAL');
    expect(planLinks(subject, [])).toEqual([]);
  });

  it('chainEdgeWeight: the link score, raised to temporal proximity, never below 0.1', () => {
    // Thirty seconds apart: 0.5^(1/120) ≈ 0.994240 beats the score 0.5·0.2 + 0.3·0.5 + 0.2·0.994240 ≈ 0.448848.
    expect(chainEdgeWeight({ cosine: 0.2, affectProximity: 0.5, temporalProximity: 0.5 ** (1 / 120) })).toBeCloseTo(0.5 ** (1 / 120), 9);
    // A day apart (temporal ≈ 0): the score 0.5·0.8 + 0.3·0.9 = 0.67 wins.
    expect(chainEdgeWeight({ cosine: 0.8, affectProximity: 0.9, temporalProximity: 0 })).toBeCloseTo(0.67, 9);
    expect(chainEdgeWeight({ cosine: 0, affectProximity: 0, temporalProximity: 0 })).toBe(0.1);
  });

  it('planLinks weighs a predecessor minutes away by its closeness in time', () => {
    const subject = { content: 'and then it worked', affect: calm, occurredAtMs: H };
    const predecessor = { id: 'p', cosine: 0, affect: calm, occurredAtMs: H - 30_000 };
    const [edge] = planLinks(subject, [], predecessor);
    expect(edge?.type).toBe('TEMPORAL');
    expect(edge?.weight).toBeCloseTo(0.5 ** (1 / 120), 9);
  });
});
