import { extractConcepts } from './concepts';
import { containsPhrase, countCues, searchTerms, tokenize } from './tokens';

describe('text helpers', () => {
  it('tokenize lower-cases and keeps inner punctuation of identifiers', () => {
    expect(tokenize("Deployed v2.3.1 to prod-eu, didn't fail!")).toEqual(['deployed', 'v2.3.1', 'to', 'prod-eu', "didn't", 'fail']);
    expect(tokenize('!!!')).toEqual([]);
  });

  it('containsPhrase matches whole words and multi-word phrases', () => {
    const tokens = tokenize('as a result the build failed');
    expect(containsPhrase(tokens, 'as a result')).toBe(true);
    expect(containsPhrase(tokens, 'build')).toBe(true);
    expect(containsPhrase(tokens, 'buil')).toBe(false);
    expect(containsPhrase(tokens, 'result build')).toBe(false);
    expect(countCues(tokens, ['build', 'as a result', 'nope'])).toBe(2);
  });

  it('extractConcepts: content words, longest first, deduplicated, at most max', () => {
    expect(extractConcepts('The database outage: the database was down at 3am')).toEqual(['database', 'outage', 'down', '3am']);
    expect(extractConcepts('project work', 1)).toEqual(['project']);
    expect(extractConcepts('a an the of')).toEqual([]);
    // Equal lengths keep text order.
    expect(extractConcepts('pizza party games')).toEqual(['pizza', 'party', 'games']);
  });

  it('searchTerms drops function words and repeats, keeps names, numbers and content words', () => {
    expect(searchTerms('What did Caroline research in 2022?')).toEqual(['caroline', 'research', '2022']);
    expect(searchTerms('When is Melanie planning on going camping? camping!')).toEqual(['melanie', 'planning', 'going', 'camping']);
    // Nothing but function words: keep them, or the query could match nothing at all.
    expect(searchTerms('what did you do')).toEqual(['what', 'did', 'you', 'do']);
    expect(searchTerms('?!')).toEqual([]);
  });
});
