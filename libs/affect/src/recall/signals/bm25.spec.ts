import { termProfile } from '../../text/lexical-terms';
import { bm25, bm25Idf } from './bm25';

describe('BM25 against the agent own term statistics', () => {
  it('idf = ln(1 + (N − df + 0.5)/(df + 0.5))', () => {
    expect(bm25Idf(4, 2)).toBeCloseTo(Math.log(2), 12); // ln(1 + 2.5/2.5)
    expect(bm25Idf(1000, 1)).toBeCloseTo(Math.log(1 + 999.5 / 1.5), 12);
    // A term in every document still counts a little, never negatively.
    expect(bm25Idf(10, 10)).toBeCloseTo(Math.log(1 + 0.5 / 10.5), 12);
  });

  it('scores a document at a hand-computed point', () => {
    // N 4, total length 12 → avgdl 3. Document "cat cat sat": length 3, tf(cat) 2.
    // norm = 1.2 × (1 − 0.75 + 0.75 × 3/3) = 1.2; tf part = 2 × 2.2 / (2 + 1.2) = 1.375;
    // idf(cat, df 2) = ln 2 → 0.693147 × 1.375 = 0.953077. "dog" is not in the document.
    const stats = { docs: 4, totalLength: 12, df: new Map([['cat', 2], ['dog', 1]]) };
    expect(bm25(termProfile('cat cat sat'), ['cat', 'dog'], stats)).toBeCloseTo(Math.log(2) * 1.375, 9);
    expect(bm25(termProfile('sat'), ['cat', 'dog'], stats)).toBe(0);
  });

  it('a term common in this agent memories weighs less than a rare one', () => {
    // The point of own statistics: the agent's name is in half its memories, "conference" in one.
    const stats = { docs: 100, totalLength: 1000, df: new Map([['carolin', 50], ['confer', 1]]) };
    const name = bm25(termProfile('Caroline said hello'), ['carolin', 'confer'], stats);
    const topic = bm25(termProfile('the conference said hello'), ['carolin', 'confer'], stats);
    expect(topic).toBeGreaterThan(3 * name);
  });

  it('shorter documents score higher for the same term count; no statistics score 0', () => {
    const stats = { docs: 10, totalLength: 50, df: new Map([['cat', 3]]) };
    expect(bm25(termProfile('cat'), ['cat'], stats)).toBeGreaterThan(bm25(termProfile('cat sat mat hat bat'), ['cat'], stats));
    expect(bm25(termProfile('cat'), ['cat'], { docs: 0, totalLength: 0, df: new Map() })).toBe(0);
    // A term the statistics have not seen yet counts as df 1.
    expect(bm25(termProfile('cat'), ['cat'], { docs: 10, totalLength: 10, df: new Map() })).toBeCloseTo(bm25Idf(10, 1), 9);
  });

  it('statistics without lengths take the document as average: norm = k1, so tf 1 scores idf × 2.2 / 2.2', () => {
    const stats = { docs: 4, totalLength: 0, df: new Map([['cat', 2]]) };
    expect(bm25(termProfile('cat sat'), ['cat'], stats)).toBeCloseTo(Math.log(2), 12);
  });
});
