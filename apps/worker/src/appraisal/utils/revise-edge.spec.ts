import { linkScore, affectProximity, temporalProximity } from '@limbic/affect';
import { reviseEdge, type EdgeEnd } from './revise-edge';

const T0 = Date.UTC(2026, 0, 1, 12);
const MIN = 60_000;
const end = (valence: number, atMs: number, content = 'a plain note'): EdgeEnd => ({ content, affect: { valence, arousal: 0.5, dominance: 0.5 }, occurredAtMs: atMs });

describe('reviseEdge', () => {
  it('becomes CONTRASTIVE when the appraisal opens a valence gap > 1 close in time', () => {
    const other = end(0.8, T0);
    const memory = { before: end(0, T0 + MIN), after: end(-0.4, T0 + MIN) };
    const v = reviseEdge({ type: 'SEMANTIC', weight: 0.5, cosine: 0.2 }, memory, other);
    expect(v?.type).toBe('CONTRASTIVE');
  });

  it('leaves CONTRASTIVE when the gap closes, for the largest weighted component', () => {
    const other = end(0.8, T0);
    const memory = { before: end(-0.5, T0 + MIN), after: end(0.5, T0 + MIN) };
    // cosine .1 → semantic .05; affect proximity high → emotional ≈ .3·.88; temporal .2·.99.
    expect(reviseEdge({ type: 'CONTRASTIVE', weight: 0.4, cosine: 0.1 }, memory, other)?.type).toBe('EMOTIONAL');
  });

  it('keeps a non-affective type even when another non-affective type would now win', () => {
    // Gap .95 (not contrastive), arousal .9 vs .4 → affect proximity ≈ .56 → emotional .168 <
    // temporal .2·.989; cosine 0 → semantic 0. The computed type is TEMPORAL.
    const other: EdgeEnd = { content: 'x', affect: { valence: 0.5, arousal: 0.9, dominance: 0.5 }, occurredAtMs: T0 };
    const at = (valence: number): EdgeEnd => ({ content: 'y', affect: { valence, arousal: 0.4, dominance: 0.5 }, occurredAtMs: T0 + MIN });
    const memory = { before: at(0.1), after: at(-0.45) };
    expect(reviseEdge({ type: 'SEMANTIC', weight: 0.5, cosine: 0 }, memory, other)?.type).toBe('SEMANTIC');
    expect(reviseEdge({ type: 'EMOTIONAL', weight: 0.5, cosine: 0 }, memory, other)?.type).toBe('TEMPORAL');
  });

  it('moves the weight by the change of the link score, keeping earlier strengthening', () => {
    const other = end(0.5, T0);
    const memory = { before: end(-0.5, T0 + 30 * MIN), after: end(0.3, T0 + 30 * MIN) };
    const score = (m: EdgeEnd) =>
      linkScore({ cosine: 0.7, affectProximity: affectProximity(m.affect, other.affect), temporalProximity: temporalProximity(m.occurredAtMs, other.occurredAtMs) });
    const delta = score(memory.after) - score(memory.before);
    expect(delta).toBeGreaterThan(0);
    const v = reviseEdge({ type: 'SEMANTIC', weight: 0.9, cosine: 0.7 }, memory, other);
    expect(v?.type).toBe('SEMANTIC');
    expect(v?.weight).toBeCloseTo(Math.min(1, 0.9 + delta), 12);
    // No stored weight: the new link score.
    expect(reviseEdge({ type: 'SEMANTIC', weight: null, cosine: 0.7 }, memory, other)?.weight).toBeCloseTo(score(memory.after), 12);
  });

  it('returns null when nothing changes', () => {
    const same = { before: end(0.2, T0), after: end(0.2, T0) };
    expect(reviseEdge({ type: 'SEMANTIC', weight: 0.6, cosine: 0.9 }, same, end(0.1, T0 - MIN))).toBeNull();
  });

  it('reads the cause marker off the later memory, as at encoding', () => {
    const earlier = end(0.1, T0, 'the build broke');
    // Ten minutes later (temporal proximity 0.5^(1/6) ≈ 0.89 > 0.7, close in time).
    const memory = { before: end(0.1, T0 + 10 * MIN, 'we rolled back because the build broke'), after: end(0.15, T0 + 10 * MIN, 'we rolled back because the build broke') };
    // From EMOTIONAL the type is free to change: the later text marks a cause → CAUSAL.
    expect(reviseEdge({ type: 'EMOTIONAL', weight: 0.4, cosine: 0.3 }, memory, earlier)?.type).toBe('CAUSAL');
    // Three hours later the marker no longer makes the earlier memory its cause.
    const later = { before: end(0.1, T0 + 180 * MIN, 'we rolled back because the build broke'), after: end(0.15, T0 + 180 * MIN, 'we rolled back because the build broke') };
    expect(reviseEdge({ type: 'EMOTIONAL', weight: 0.4, cosine: 0.3 }, later, earlier)?.type).not.toBe('CAUSAL');
  });
});
