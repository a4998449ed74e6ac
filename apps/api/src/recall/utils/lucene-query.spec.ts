import { MAX_LUCENE_TERMS, toLuceneQuery } from './lucene-query';

describe('toLuceneQuery', () => {
  it('escapes every special character', () => {
    expect(toLuceneQuery('a+b -c && d || !e (f) {g} [h] ^i "j" ~k *l ?m :n \\o /p')).toBe(
      'a\\+b \\-c \\&\\& d \\|\\| \\!e \\(f\\) \\{g\\} \\[h\\] \\^i \\"j\\" \\~k \\*l \\?m \\:n \\\\o \\/p',
    );
  });

  it('keeps operators from acting as operators', () => {
    expect(toLuceneQuery('cats AND dogs NOT birds OR fish TO')).toBe('cats and dogs not birds or fish to');
  });

  it('returns null when nothing searchable is left', () => {
    expect(toLuceneQuery('  ?! -- ')).toBeNull();
    expect(toLuceneQuery('')).toBeNull();
  });

  it('bounds the number of terms', () => {
    const q = toLuceneQuery(Array.from({ length: 500 }, (_, i) => `w${i}`).join(' '));
    expect(q?.split(' ')).toHaveLength(MAX_LUCENE_TERMS);
  });
});
