import { classifyQuery } from './query-classifier';

describe('classifyQuery', () => {
  it.each([
    ['how did I feel about the launch', 'affective'],
    ['the horrible terrible disaster', 'affective'],
    ['what did we ship last week', 'temporal'],
    ['notes from 2024-03-02', 'temporal'],
    ['why did the deploy fail', 'multi-hop'],
    ['tell me about the new engine work and the people involved', 'open'],
    ['what is the database port', 'factual'],
    ['postgres port', 'factual'],
    ['the staging cluster configuration for the payments service in europe', 'open'],
    ['the staging cluster configuration for the payments service in europe?', 'factual'],
  ])('%s → %s', (query, expected) => {
    expect(classifyQuery(query)).toBe(expected);
  });
});
