import { Injectable } from '@nestjs/common';
import { blendAppraisal, lexiconAffect } from '@limbic/affect';
import { AppraisalRepository } from '@limbic/graph';
import type { JobOutcome } from '@limbic/jobs';

/**
 * Slow path, first stage: a lexicon estimate of valence and arousal blended into the raw
 * affect stored by the fast path, then the pending flag is cleared (conditionally, so a
 * duplicate job is a no-op).
 */
@Injectable()
export class AppraisalService {
  constructor(private readonly appraisals: AppraisalRepository) {}

  async appraise(tenantId: string, memoryId: string, now: number): Promise<JobOutcome> {
    const memory = await this.appraisals.load(tenantId, memoryId);
    if (!memory || !memory.pending) return 'skipped'; // deleted, or already appraised
    const lexicon = lexiconAffect(memory.content);
    const blended = blendAppraisal(
      { valence: memory.valence, arousal: memory.arousal },
      { valence: lexicon.valence, arousal: lexicon.arousal },
      lexicon.confidence,
    );
    const applied = await this.appraisals.apply(tenantId, memoryId, { ...blended, source: 'lexicon' }, now);
    return applied ? 'done' : 'skipped';
  }
}
