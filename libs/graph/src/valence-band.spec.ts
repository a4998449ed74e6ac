import { VALENCE_BAND_LABELS, valenceBand } from './valence-band';

describe('valenceBand', () => {
  it('splits valence into five bands around neutral, each lower bound inclusive', () => {
    expect([-1, -0.5, -0.49, -0.15, -0.14, 0, 0.14, 0.15, 0.49, 0.5, 1].map(valenceBand)).toEqual([
      'VeryNegative', 'Negative', 'Negative', 'Neutral', 'Neutral', 'Neutral', 'Neutral', 'Positive', 'Positive', 'VeryPositive', 'VeryPositive',
    ]);
  });

  it('puts values beyond the range in the outer bands and NaN in the middle one', () => {
    expect([-7, 7, Number.NaN].map(valenceBand)).toEqual(['VeryNegative', 'VeryPositive', 'Neutral']);
  });

  it('names labels that are not Limbic node kinds', () => {
    expect(VALENCE_BAND_LABELS.filter((l) => ['Memory', 'Agent', 'Goal', 'Concept', 'Revision', 'StateSample'].includes(l))).toEqual([]);
  });
});
