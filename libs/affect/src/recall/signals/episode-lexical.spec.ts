import { termProfile } from '../../text/lexical-terms';
import { bm25, bm25Idf } from './bm25';
import { episodeBm25 } from './episode-lexical';

describe('episodeBm25: the query words in a memory and the memories around it', () => {
  const stats = { docs: 10, totalLength: 30, df: new Map([['shoe', 1], ['run', 2]]) };

  it('a reply that shares no word with the query scores through the turn before it', () => {
    const reply = 'Mostly running, on the trail.';
    const question = 'Nice new shoes! What are they for?';
    expect(bm25(termProfile(reply), ['shoe'], stats)).toBe(0);
    expect(episodeBm25([reply, question], ['shoe'], stats)).toBeGreaterThan(0);
  });

  it('is BM25 of the merged window with the average length scaled by its size (hand-computed)', () => {
    // Window "shoe" + "shoe run": length 3, tf(shoe) 2; avgdl 3 × 2 = 6.
    // norm = 1.2 × (1 − 0.75 + 0.75 × 3/6) = 0.75; tf part = 2 × 2.2 / 2.75 = 1.6.
    expect(episodeBm25(['shoe', 'shoe run'], ['shoe'], stats)).toBeCloseTo(bm25Idf(10, 1) * 1.6, 9);
    // A window of one is the memory's own BM25.
    expect(episodeBm25(['shoe run'], ['shoe', 'run'], stats)).toBeCloseTo(bm25(termProfile('shoe run'), ['shoe', 'run'], stats), 12);
  });

  it('no texts or no terms score 0', () => {
    expect(episodeBm25([], ['shoe'], stats)).toBe(0);
    expect(episodeBm25(['shoe'], [], stats)).toBe(0);
  });
});
