import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { affectFromArray, APPRAISAL_BLEND, type CoreAffect } from '@limbic/affect';
import { AppraisalRepository, type AppraisalKey, type AppraisalSubject, type AppraisalUnit, type EdgeRevision } from '@limbic/graph';
import type { JobOutcome } from '@limbic/jobs';
import { novelty } from './novelty';
import { TEXT_APPRAISER, type TextAppraiser, type TextChecks } from './text-appraiser';
import { appraisedAffect } from './utils/appraised-affect';
import { combineChecks } from './utils/combine-checks';
import { reviseEdge, type EdgeEnd } from './utils/revise-edge';

/** LIMBIC_GIVEN_AFFECT_TRUST: the share of a caller-given affect the appraisal keeps. */
export const GIVEN_AFFECT_TRUST = Symbol('GIVEN_AFFECT_TRUST');

/**
 * Slow path of dual-path encoding (DESIGN §3, §5): the five Scherer checks, an inferred
 * affect blended 70 % appraised / 30 % raw (a caller-given one kept, by its trust),
 * consolidation strength recomputed and the memory's emotional and contrastive edges
 * revised, then `pendingAppraisal` cleared.
 *
 * The appraiser reads only the text, so it runs before the transaction (an LLM call must
 * not hold locks). Everything else, reads included, happens in one write transaction that
 * first locks the memory and re-checks the flag: a duplicate or retried job finds it
 * cleared and changes nothing.
 */
@Injectable()
export class AppraisalService {
  private readonly log = new Logger('Appraisal');

  constructor(
    private readonly appraisals: AppraisalRepository,
    @Inject(TEXT_APPRAISER) private readonly appraiser: TextAppraiser,
    @Optional() @Inject(GIVEN_AFFECT_TRUST) private readonly givenAffectTrust: number = APPRAISAL_BLEND.givenAffectTrust,
  ) {}

  /** `signal` aborted (the attempt timed out): nothing more is written, an open transaction rolls back. */
  async appraise(key: AppraisalKey, now: number, signal?: AbortSignal): Promise<JobOutcome> {
    const preview = await this.appraisals.preview(key);
    if (!preview?.pending) return 'skipped'; // deleted (memory or agent), or already appraised
    const text = await this.appraiser.appraise(preview.content);
    // The appraiser may be a slow LLM call: the attempt may have timed out meanwhile.
    signal?.throwIfAborted();
    const outcome = await this.appraisals.inTransaction(key, async (unit) => {
      const result = await this.appraiseLocked(unit, text, now);
      signal?.throwIfAborted();
      return result;
    });
    this.log.debug(`appraisal ${key.memoryId}: ${outcome} (${text.source})`);
    return outcome;
  }

  /** The transaction body; the driver may run it again on a transient error, so it keeps no state. */
  private async appraiseLocked(unit: AppraisalUnit, text: TextChecks, now: number): Promise<JobOutcome> {
    if (!(await unit.lock())) return 'skipped';
    const subject = await unit.subject();
    if (!subject?.pending) return 'skipped';

    const goals = (await unit.goals()).map((g) => ({ priority: g.priority, similarity: g.cosine }));
    // A memory without an embedding cannot be compared: its novelty is unknown, so neutral.
    const checks = combineChecks(text, subject.embedded ? await novelty(unit, subject) : 0, goals);
    const raw = rawAffect(subject);
    const given = subject.affectGiven ? { trust: this.givenAffectTrust } : null;
    const { affect, consolidation } = appraisedAffect(raw, checks, subject.moodAtEncoding, given);

    const applied = await unit.apply({
      ...affect,
      consolidation,
      appraisal: [checks.novelty, checks.goalConduciveness, checks.copingPotential, checks.normCompatibility, checks.selfRelevance],
      source: text.source,
      now,
    });
    if (!applied) return 'skipped';
    await unit.reviseEdges(await this.revisions(unit, subject, raw, affect), now);
    return 'done';
  }

  private async revisions(unit: AppraisalUnit, subject: AppraisalSubject, before: CoreAffect, after: CoreAffect): Promise<EdgeRevision[]> {
    const memory = {
      before: { content: subject.content, affect: before, occurredAtMs: subject.occurredAt },
      after: { content: subject.content, affect: after, occurredAtMs: subject.occurredAt },
    };
    const revisions: EdgeRevision[] = [];
    for (const edge of await unit.edges()) {
      if (edge.cosine === null) continue; // an end without an embedding cannot be scored
      const other: EdgeEnd = {
        content: edge.otherContent,
        affect: { valence: edge.otherValence, arousal: edge.otherArousal, dominance: edge.otherDominance },
        occurredAtMs: edge.otherOccurredAt,
      };
      const verdict = reviseEdge({ type: edge.type, weight: edge.weight, cosine: edge.cosine }, memory, other);
      if (verdict) revisions.push({ edgeId: edge.edgeId, fromType: edge.type, toType: verdict.type, weight: verdict.weight });
    }
    return revisions;
  }
}

function rawAffect(s: AppraisalSubject): CoreAffect {
  return affectFromArray([s.valence, s.arousal, s.dominance]);
}
