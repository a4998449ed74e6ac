import { conceptActivationAt, decayResidue, primeConcepts } from './attention-residue';

const MIN = 60_000;

describe('attention residue', () => {
  it('halves every 30 minutes and vanishes below 0.1', () => {
    const c = { name: 'engine', activation: 0.8, atMs: 0 };
    expect(conceptActivationAt(c, 30 * MIN)).toBeCloseTo(0.4, 12); // 0.8 / 2
    expect(conceptActivationAt(c, 90 * MIN)).toBeCloseTo(0.1, 12); // 0.8 / 8 = 0.1, not below
    expect(conceptActivationAt(c, 91 * MIN)).toBe(0); // 0.8 · 0.5^(91/30) ≈ 0.0977 < 0.1
  });

  it('priming bumps by 0.5 (capped at 1); new concepts start at 0.5', () => {
    const residue = [{ name: 'engine', activation: 0.8, atMs: 0 }];
    const next = primeConcepts(residue, ['Engine', 'pizza', 'pizza'], 30 * MIN);
    // engine: 0.4 + 0.5 = 0.9; pizza: 0 + 0.5.
    expect(next).toEqual([
      { name: 'engine', activation: 0.9, atMs: 30 * MIN },
      { name: 'pizza', activation: 0.5, atMs: 30 * MIN },
    ]);
    expect(primeConcepts(next, ['engine'], 30 * MIN)[0]?.activation).toBe(1);
  });

  it('decayResidue drops vanished concepts and keeps the stronger duplicate', () => {
    const out = decayResidue(
      [
        { name: 'b', activation: 0.5, atMs: 0 },
        { name: 'a', activation: 0.05, atMs: 0 },
        { name: 'b', activation: 0.9, atMs: 0 },
        { name: 'b', activation: 0.2, atMs: 0 },
        { name: 'c', activation: 0.3, atMs: 0 },
      ],
      0,
    );
    expect(out).toEqual([
      { name: 'b', activation: 0.9, atMs: 0 },
      { name: 'c', activation: 0.3, atMs: 0 },
    ]);
  });
});
