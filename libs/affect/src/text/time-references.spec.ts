import { timeReferences } from './time-references';

const JUNE = 5;

describe('timeReferences', () => {
  it.each([
    ['What did Joanna watch on February 7, 2022?', [{ year: 2022, months: [1], day: 7 }]],
    ['What dish did Nate make on 9 November, 2022?', [{ year: 2022, months: [10], day: 9 }]],
    ['What happened on the 3rd of March 2021?', [{ year: 2021, months: [2], day: 3 }]],
    ['What did she do on June 5th?', [{ year: null, months: [JUNE], day: 5 }]],
    ['What did Joanna accomplish in January 2022?', [{ year: 2022, months: [0], day: null }]],
    ['When did Melanie go camping in June?', [{ year: null, months: [JUNE], day: null }]],
    ['What state did Joanna visit in summer 2021?', [{ year: 2021, months: [5, 6, 7], day: null }]],
    ['How many times has Melanie gone to the beach in 2023?', [{ year: 2023, months: null, day: null }]],
    ['Which tournament did Nate win in the beginning of November 2022?', [{ year: 2022, months: [10], day: null }]],
    ['In May, what did we plan?', [{ year: null, months: [4], day: null }]],
    ['What did we decide on May 3?', [{ year: null, months: [4], day: 3 }]],
    ['What happened on 2026-03-03?', [{ year: 2026, months: [2], day: 3 }]],
    ['the alert at 2026-03-03T04:10Z', [{ year: 2026, months: [2], day: 3 }]],
    ['Notes from 2025-11 please', [{ year: 2025, months: [10], day: null }]],
    ['The build 2025-13-40 failed', [{ year: 2025, months: null, day: null }]],
  ])('%s', (text, expected) => {
    expect(timeReferences(text)).toEqual(expected);
  });

  it('names nothing in a question without a calendar time, and never reads the verb "may" as May', () => {
    expect(timeReferences('What are Caroline’s plans for the summer?')).toEqual([]);
    expect(timeReferences('Where did we go last year?')).toEqual([]);
    expect(timeReferences('May I ask what the user prefers?')).toEqual([]);
    expect(timeReferences('what may have caused the outage')).toEqual([]);
    expect(timeReferences('Was it on day 45 of the trip?')).toEqual([]);
  });

  it('reads each time once, longest form first, and keeps two different ones', () => {
    expect(timeReferences('between March 2021 and July 4, 2022')).toEqual([
      { year: 2022, months: [6], day: 4 },
      { year: 2021, months: [2], day: null },
    ]);
    expect(timeReferences('in June, and again in June')).toEqual([{ year: null, months: [JUNE], day: null }]);
  });
});
