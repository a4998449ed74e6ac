import fc from 'fast-check';
import { PRESET_NAMES, PRESETS } from '../agent/presets';
import { affectArb } from '../testing/arbitraries';
import { learnFromFeedback, NO_LEARNING } from './learned-weights';
import { PROFILES } from './profiles';
import { isFactSeeking, resolveWeights, startingWeights } from './resolve-weights';
import { weightsFrom } from './weights';
import { QUERY_TYPES } from '../types/recall.types';

describe('temporal state never reaches fact-seeking recall', () => {
  it('factual, temporal and multi-hop queries give circadian congruence and session context no weight, whatever the mood or preset', () => {
    fc.assert(
      fc.property(affectArb, fc.constantFrom(...QUERY_TYPES.filter(isFactSeeking)), fc.constantFrom(...PRESET_NAMES), (mood, queryType, preset) => {
        const { weights } = resolveWeights({ mood, queryType, presetProfile: PRESETS[preset].profile });
        expect(weights.circadianCongruence).toBe(0);
        expect(weights.sessionContext).toBe(0);
      }),
    );
  });

  it('feedback on a fact-seeking recall teaches neither; on an open one it may', () => {
    const signals = { ...weightsFrom({ semantic: 0.8, circadianCongruence: 1, sessionContext: 1 }) };
    for (const queryType of QUERY_TYPES) {
      const learned = learnFromFeedback(NO_LEARNING, { queryType, weights: PROFILES.balanced }, signals, 1);
      const start = startingWeights(queryType, learned, 'balanced');
      const taught = start.circadianCongruence + start.sessionContext;
      if (isFactSeeking(queryType)) expect(taught).toBe(0);
      else expect(taught).toBeGreaterThan(0);
    }
  });

  it('the state profile weighs both when named', () => {
    const { weights } = resolveWeights({ mood: { valence: 0, arousal: 0.3, dominance: 0.5 }, queryType: 'factual', profile: 'state' });
    expect(weights.circadianCongruence).toBeGreaterThan(0);
    expect(weights.sessionContext).toBeGreaterThan(0);
  });

  it('every preset has a positive session gap', () => {
    for (const name of PRESET_NAMES) expect(PRESETS[name].sessionGapMinutes).toBeGreaterThan(0);
  });
});
