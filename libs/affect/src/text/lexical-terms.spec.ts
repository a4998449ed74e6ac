import { lexicalTerms, lexiconDelta, queryTerms, termProfile } from './lexical-terms';

describe('lexical terms (the terms of Limbic own BM25)', () => {
  it('lower-cases, splits on anything not a letter or digit, drops function words and stray letters, stems', () => {
    // "Caroline's" → caroline + s (dropped); "went", "to", "the" are function words or not:
    // went stays (a verb of content), to/the go; Porter: conferences → confer, painting → paint.
    expect(lexicalTerms("Caroline's painting went to the LGBTQ conferences in 2023!")).toEqual(['carolin', 'paint', 'went', 'lgbtq', 'confer', '2023']);
    // A single digit is a term (a count, a version); a single letter is not.
    expect(lexicalTerms('I have 3 cats, a b c')).toEqual(['3', 'cat']);
    expect(lexicalTerms('')).toEqual([]);
  });

  it('termProfile counts repeats; queryTerms keeps each term once, in order', () => {
    const p = termProfile('cats and more cats: the cat sat');
    expect(p.length).toBe(4); // cat, cat, cat, sat
    expect([...p.counts]).toEqual([['cat', 3], ['sat', 1]]);
    expect(queryTerms('Which cats? The cat!')).toEqual(['cat']);
  });

  it('lexiconDelta: documents, total length and document frequencies, signed', () => {
    const add = lexiconDelta(['the cat sat', 'cat and dog', 'dog']);
    expect(add).toEqual({ docs: 3, terms: 5, df: [{ term: 'cat', df: 2 }, { term: 'dog', df: 2 }, { term: 'sat', df: 1 }] });
    const remove = lexiconDelta(['the cat sat'], -1);
    expect(remove).toEqual({ docs: -1, terms: -2, df: [{ term: 'cat', df: -1 }, { term: 'sat', df: -1 }] });
    expect(lexiconDelta([])).toEqual({ docs: 0, terms: 0, df: [] });
  });
});
