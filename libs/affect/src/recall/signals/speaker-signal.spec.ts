import { baseCandidate, baseContext } from '../../testing/arbitraries';
import { queryTerms } from '../../text/lexical-terms';
import { tokenize } from '../../text/tokens';
import { PROFILES } from '../profiles';
import { scoreCandidates } from '../score';
import { namesSpeaker, queryNameWords, speakerNameWords, speakerSignal, termsBesideSpeakers } from './speaker-signal';

const words = (query: string) => queryNameWords(tokenize(query));

describe('speaker signal', () => {
  it('a query names a speaker by any word of the name, possessives included, stop words never', () => {
    expect(speakerNameWords('the User')).toEqual(['user']);
    expect(namesSpeaker('Caroline', words('When did Caroline go to the support group?'))).toBe(true);
    expect(namesSpeaker('Caroline', words("What is Caroline's identity?"))).toBe(true);
    expect(namesSpeaker('Melanie Ortiz', words('What did Melanie paint?'))).toBe(true);
    expect(namesSpeaker('the user', words('what does the user prefer for dinner'))).toBe(true);
    expect(namesSpeaker('Melanie', words('When did Caroline go to the support group?'))).toBe(false);
    // A name made only of stop words can never be named: "the" in a query is no speaker.
    expect(namesSpeaker('The', words('the plan'))).toBe(false);
    expect(namesSpeaker(null, words('Caroline'))).toBe(false);
    expect(namesSpeaker('Caroline', words(''))).toBe(false);
    expect(speakerSignal(true)).toBe(1);
    expect(speakerSignal(false)).toBe(0);
  });

  it('lifts the named speaker’s memory over the reply beside it, and changes nothing when no speaker is named', () => {
    // The reply next to the answer is a little closer in meaning, as a reply that repeats the question's words is.
    const answer = baseCandidate('answer', { semanticSimilarity: 0.7, bm25: 4, speaker: 'Caroline' });
    const reply = baseCandidate('reply', { semanticSimilarity: 0.72, bm25: 4.4, speaker: 'Melanie' });
    const unknown = baseCandidate('unknown', { semanticSimilarity: 0.4, bm25: 1 });
    const named = scoreCandidates([reply, answer, unknown], baseContext({ queryWords: tokenize('When did Caroline go to the conference?') }), PROFILES.balanced);
    expect(named.map((s) => s.id)).toEqual(['answer', 'reply', 'unknown']);
    expect(named.find((s) => s.id === 'answer')?.signals.speaker).toBe(1);
    expect(named.find((s) => s.id === 'reply')?.signals.speaker).toBe(0);
    expect(named.find((s) => s.id === 'unknown')?.signals.speaker).toBe(0);

    const unnamed = scoreCandidates([reply, answer, unknown], baseContext({ queryWords: tokenize('When was the conference?') }), PROFILES.balanced);
    expect(unnamed.map((s) => s.id)).toEqual(['reply', 'answer', 'unknown']);
    expect(unnamed.every((s) => s.signals.speaker === 0)).toBe(true);
    // Without the query's words (a caller of the library that does not give them) the signal is off.
    const silent = scoreCandidates([reply, answer], baseContext(), PROFILES.balanced);
    expect(silent.map((s) => [s.id, s.signals.speaker])).toEqual([
      ['reply', 0],
      ['answer', 0],
    ]);
  });

  it('takes the named speakers’ names out of the lexical terms, unless nothing else is left', () => {
    const terms = queryTerms('When did Caroline go to the LGBTQ conference?');
    expect(termsBesideSpeakers(terms, ['Caroline'])).toEqual(terms.filter((t) => !queryTerms('Caroline').includes(t)));
    expect(termsBesideSpeakers(terms, ['Caroline'])).not.toEqual(terms);
    expect(termsBesideSpeakers(terms, [])).toEqual(terms);
    expect(termsBesideSpeakers(queryTerms('Caroline?'), ['Caroline'])).toEqual(queryTerms('Caroline?'));
  });
});
