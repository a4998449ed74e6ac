import fc from 'fast-check';
import { countCodeLikeTokens, estimateImportance } from './importance';

describe('estimateImportance', () => {
  it('short small talk drops to about 0.2', () => {
    // 2 words: 0.5 + 0.15·2/60 − 0.3 = 0.205.
    expect(estimateImportance('hi, thanks!')).toBeCloseTo(0.205, 12);
  });

  it('decision and technical words raise it', () => {
    // 12 words: length 0.15·12/60 = 0.03; technical: database, schema + code-like v2.3.1 = 3 × 0.05 = 0.15;
    // decision: decided, deadline = 0.2. Total 0.5 + 0.03 + 0.15 + 0.2 = 0.88.
    expect(estimateImportance('We decided to migrate the database schema to v2.3.1 before the deadline')).toBeCloseTo(0.88, 12);
  });

  it('novelty raises it (0.2 × novelty) and the result is capped at 0.95', () => {
    // "the table is brown": 4 words → 0.5 + 0.01; novelty 0.5 → + 0.1 = 0.61.
    expect(estimateImportance('the table is brown', 0.5)).toBeCloseTo(0.61, 12);
    expect(estimateImportance('We decided to migrate the database schema to v2.3.1 before the deadline', 1)).toBe(0.95);
    expect(estimateImportance('', -1)).toBe(0.5);
  });

  it('counts code-like tokens', () => {
    expect(countCodeLikeTokens('see userId in src/app.ts at 3am (snake_case) v1.2 and word')).toBe(5);
  });

  it('property: always in [0.1, 0.95] and non-decreasing in novelty', () => {
    fc.assert(
      fc.property(fc.string(), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (text, n1, n2) => {
        const x = estimateImportance(text, Math.min(n1, n2));
        const y = estimateImportance(text, Math.max(n1, n2));
        expect(x).toBeGreaterThanOrEqual(0.1);
        expect(y).toBeLessThanOrEqual(0.95);
        expect(y).toBeGreaterThanOrEqual(x);
      }),
    );
  });
});
