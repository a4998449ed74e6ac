import { agentLuceneQuery, MAX_LUCENE_TERMS, scopeToAgent, toLuceneQuery } from './lucene-query';

describe('toLuceneQuery', () => {
  it('keeps the content words, lower-case, without punctuation or function words', () => {
    expect(toLuceneQuery('What did Caroline research?')).toBe('caroline research');
    expect(toLuceneQuery('a+b (c) {d} [e] ^f "g" ~h *i ?j :k \\l /m')).toBe('b c d e f g h j k l m');
  });

  it('escapes what survives inside a token', () => {
    expect(toLuceneQuery('deploy prod-eu')).toBe('deploy prod\\-eu');
  });

  it('keeps operators from acting as operators', () => {
    expect(toLuceneQuery('cats AND dogs NOT birds OR fish TO')).toBe('cats dogs birds fish');
    expect(toLuceneQuery('AND OR')).toBe('and or');
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

describe('scopeToAgent', () => {
  it('qualifies the words with the content field and requires both ids, without score', () => {
    expect(scopeToAgent('caroline research', 't1', 'ada')).toBe('content:(caroline research) AND tenantId:"t1"^0 AND agentId:"ada"^0');
  });

  it('keeps an id with quotes or backslashes inside its phrase', () => {
    expect(scopeToAgent('x', 't"1', 'a\\b')).toBe('content:(x) AND tenantId:"t\\"1"^0 AND agentId:"a\\\\b"^0');
  });
});

describe('agentLuceneQuery', () => {
  it('is the scoped query of the text, or null when the text has no search terms', () => {
    expect(agentLuceneQuery('Caroline research?', 't1', 'ada')).toBe(scopeToAgent(toLuceneQuery('Caroline research?') as string, 't1', 'ada'));
    expect(agentLuceneQuery('  ?! -- ', 't1', 'ada')).toBeNull();
  });
});
