import { SPREADING } from '../constants';
import { asksAcrossEpisodes, queryBreadth } from './query-breadth';

describe('asksAcrossEpisodes', () => {
  it.each([
    'What has Ada painted?',
    'Where have we camped with the kids?',
    'Which conferences has the team attended this year?',
    'Who has she worked with on the migration?',
    'how many times have I restarted the primary',
    'What books has Sam read since spring?',
  ])('a present-perfect question: %s', (q) => expect(asksAcrossEpisodes(q)).toBe(true));

  it.each([
    // possession, obligation and other tenses are questions about one state or one event
    'What pets does Ada have?',
    'What did Ada paint last week?',
    'What do we have to fix before the release?',
    'What has to happen before the release?',
    'Where did we camp in June?',
    // not a question, or the auxiliary is not the question's
    'We have camped at the lake twice',
    'Ada has painted the fence',
    'the outage on the primary',
    '',
  ])('anything else: %s', (q) => expect(asksAcrossEpisodes(q)).toBe(false));
});

describe('queryBreadth', () => {
  it('walks one hop fewer for a question across episodes, never below the minimum, seeds unchanged', () => {
    expect(queryBreadth({ hops: 2, seeds: 15 }, 'Where have we camped?')).toEqual({ hops: 1, seeds: 15 });
    expect(queryBreadth({ hops: 3, seeds: 9 }, 'What has Ada painted?')).toEqual({ hops: 2, seeds: 9 });
    expect(queryBreadth({ hops: SPREADING.minHops, seeds: 4 }, 'What has Ada painted?')).toEqual({ hops: SPREADING.minHops, seeds: 4 });
  });

  it('leaves every other query’s breadth as it is', () => {
    const breadth = { hops: 2, seeds: 15 };
    expect(queryBreadth(breadth, 'What did Ada paint last week?')).toBe(breadth);
  });
});
