import { lexiconAffect, lexiconAppraisal } from '@limbic/affect';
import type { TextAppraiser, TextChecks } from './text-appraiser';

/** The VADER lexicon appraiser of libs/affect: local, deterministic, always available. */
export class LexiconTextAppraiser implements TextAppraiser {
  appraise(text: string): Promise<TextChecks> {
    return Promise.resolve(lexiconChecks(text, 'lexicon'));
  }
}

export function lexiconChecks(text: string, source: 'lexicon' | 'lexicon-fallback'): TextChecks {
  // Novelty is the graph's business; 0 here is a placeholder that lexiconAppraisal passes through.
  const checks = lexiconAppraisal(text, { novelty: 0 });
  return {
    tone: lexiconAffect(text).valence,
    goalConduciveness: checks.goalConduciveness,
    copingPotential: checks.copingPotential,
    normCompatibility: checks.normCompatibility,
    selfRelevance: null,
    source,
  };
}
