// The contract other parts of Limbic rely on, through the package alias.
import * as affect from '@limbic/affect';
import { clamp, consolidationStrength, cosineSimilarity, estimateImportance, lexiconAffect } from '@limbic/affect';

describe('@limbic/affect public API', () => {
  it('exposes the functions the service calls today, with their shapes', () => {
    const x: { readonly valence: number; readonly arousal: number; readonly confidence: number } = lexiconAffect('hello world');
    expect(x).toEqual({ valence: 0, arousal: 0.3, confidence: 0 });
    expect(cosineSimilarity([1, 0], [1, 0])).toBe(1);
    expect(clamp(2, 0, 1)).toBe(1);
    expect(estimateImportance('text', 0)).toBeGreaterThanOrEqual(0.1);
    expect(consolidationStrength(0.7, 0.7)).toBeCloseTo(1, 12);
  });

  it('exports every area from the barrel', () => {
    for (const name of [
      'appraisalToAffect', 'blendAppraisal', 'blendAppraisedAffect', 'lexiconAppraisal', 'goalAppraisal', 'momentumFromHistory', 'advanceMood', 'moodAt',
      'energyAt', 'spendEnergy', 'primeConcepts', 'computeSignals', 'scoreCandidates', 'scorePass1', 'scorePass2', 'recallInMemory', 'resolveWeights',
      'adaptWeightsToMood', 'classifyQuery', 'applyFeedback', 'applyEnergyCut', 'workspaceRound', 'planLinks', 'spreadActivation',
      'hebbianUpdate', 'reconsolidateOnRecall', 'reviewMemory', 'isNearDuplicate', 'PROFILES', 'SIGNAL_NAMES',
    ]) {
      expect(affect).toHaveProperty(name);
    }
  });
});
