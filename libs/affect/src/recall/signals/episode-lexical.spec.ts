import { termProfile } from '../../text/lexical-terms';
import { bm25, bm25Idf } from './bm25';
import { episodeBm25, lendersByMemory } from './episode-lexical';

describe('episodeBm25: the query words in a memory and in the hits of its episode', () => {
  // Average length 3; a window is 1 + 2 × 2 memories, so its average length is 15.
  const stats = { docs: 10, totalLength: 30, df: new Map([['sneaker', 1], ['run', 2]]) };

  it('a reply that shares no word with the query scores through the turn before it', () => {
    const reply = termProfile('Mostly running, on the trail.');
    const question = termProfile('Nice new sneakers! What are they for?');
    expect(bm25(reply, ['sneaker'], stats)).toBe(0);
    expect(episodeBm25(reply, [], ['sneaker'], stats)).toBe(0);
    expect(episodeBm25(reply, [question], ['sneaker'], stats)).toBeGreaterThan(0);
  });

  it('is BM25 of the merged window, the members not given counted at the average length (hand-computed)', () => {
    // Own "sneaker" (length 1) + lender "sneaker run" (2) + 3 more members at 3 each: length 12,
    // tf(sneaker) 2; avgdl 15. norm = 1.2 × (1 − 0.75 + 0.75 × 12/15) = 1.02;
    // tf part = 2 × 2.2 / (2 + 1.02).
    const got = episodeBm25(termProfile('sneaker'), [termProfile('sneaker run')], ['sneaker'], stats);
    expect(got).toBeCloseTo(bm25Idf(10, 1) * ((2 * 2.2) / 3.02), 9);
    // More lenders with the word score higher (BM25 saturates, never falls).
    const two = episodeBm25(termProfile('sneaker'), [termProfile('sneaker run'), termProfile('sneaker')], ['sneaker'], stats);
    expect(two).toBeGreaterThan(got);
  });

  it('no terms or no statistics score 0', () => {
    expect(episodeBm25(termProfile('sneaker'), [], [], stats)).toBe(0);
    expect(episodeBm25(termProfile('sneaker'), [], ['sneaker'], { docs: 0, totalLength: 0, df: new Map() })).toBe(0);
  });

  it('lendersByMemory: each hit lends to every memory of its episode, not to itself', () => {
    const a = termProfile('sneaker');
    const b = termProfile('run');
    const by = lendersByMemory([
      { profile: a, episode: ['m1', 'm2'] },
      { profile: b, episode: ['m2'] },
    ]);
    expect(by.get('m1')).toEqual([a]);
    expect(by.get('m2')).toEqual([a, b]);
    expect(by.has('m3')).toBe(false);
  });
});
