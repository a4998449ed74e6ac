import { localDate } from '../../math/time-of-day';
import { baseCandidate, baseContext } from '../../testing/arbitraries';
import { timeReferences } from '../../text/time-references';
import { PROFILES } from '../profiles';
import { scoreCandidates } from '../score';
import { namedTimeSignal, withinTime } from './named-time-signal';

const at = (iso: string) => Date.parse(iso);
const date = (iso: string, zone = 'UTC') => localDate(at(iso), zone);

describe('namedTime signal', () => {
  it('a memory is within a named day (±1), month, season or year, in the agent’s calendar', () => {
    const [may3] = timeReferences('on May 3, 2023');
    expect(withinTime(date('2023-05-03T12:00:00Z'), may3!)).toBe(true);
    expect(withinTime(date('2023-05-04T23:00:00Z'), may3!)).toBe(true);
    expect(withinTime(date('2023-05-05T01:00:00Z'), may3!)).toBe(false);
    expect(withinTime(date('2022-05-03T12:00:00Z'), may3!)).toBe(false);
    const [june] = timeReferences('in June');
    expect(withinTime(date('2019-06-30T12:00:00Z'), june!)).toBe(true);
    expect(withinTime(date('2019-07-01T12:00:00Z'), june!)).toBe(false);
    const [winter] = timeReferences('in winter 2021');
    expect(withinTime(date('2021-12-20T12:00:00Z'), winter!)).toBe(true);
    expect(withinTime(date('2022-02-10T12:00:00Z'), winter!)).toBe(true);
    expect(withinTime(date('2021-02-10T12:00:00Z'), winter!)).toBe(false);
    const [y2023] = timeReferences('in 2023');
    expect(withinTime(date('2023-01-01T00:30:00Z'), y2023!)).toBe(true);
    // 00:30 UTC on New Year's Day is still 2022 in New York.
    expect(withinTime(date('2023-01-01T00:30:00Z', 'America/New_York'), y2023!)).toBe(false);
  });

  it('is 1 within any named time, 0 outside, and 0 for every memory when the query names none', () => {
    const refs = timeReferences('What did we cook in June or on 9 November, 2022?');
    expect(namedTimeSignal(date('2022-11-10T09:00:00Z'), refs)).toBe(1);
    expect(namedTimeSignal(date('2021-06-10T09:00:00Z'), refs)).toBe(1);
    expect(namedTimeSignal(date('2022-08-10T09:00:00Z'), refs)).toBe(0);
    expect(namedTimeSignal(date('2022-08-10T09:00:00Z'), [])).toBe(0);
  });

  it('lifts the memory of the named day over an equal one of another day; without a named time both score the same', () => {
    const then = baseCandidate('then', { occurredAtMs: at('2022-02-07T15:00:00Z') });
    const later = baseCandidate('later', { occurredAtMs: at('2022-08-01T15:00:00Z'), semanticSimilarity: 0.52 });
    const named = scoreCandidates([later, then], baseContext({ timeReferences: timeReferences('What movie did Joanna recommend on February 7, 2022?') }), PROFILES.balanced);
    expect(named.map((s) => [s.id, s.signals.namedTime])).toEqual([
      ['then', 1],
      ['later', 0],
    ]);
    const unnamed = scoreCandidates([later, then], baseContext({ timeReferences: timeReferences('What movie did Joanna recommend?') }), PROFILES.balanced);
    expect(unnamed.map((s) => [s.id, s.signals.namedTime])).toEqual([
      ['later', 0],
      ['then', 0],
    ]);
  });
});
