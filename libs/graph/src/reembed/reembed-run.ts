import { isEmbeddingSlot, type EmbeddingSlot } from '../embedding-space/embedding-slot';
import { num, toPlain } from '../records';

/**
 * building: the target slot's index is being made (waits for ONLINE);
 * embedding: batches write target vectors into the inactive slot;
 * switching: the tenant's space flips, in one transaction, once nothing is left;
 * cleaning: catch-up of what the API wrote into the old slot around the switch, then the old
 * slot is cleared and, when no tenant reads it any more, its index dropped; done / failed.
 */
export const REEMBED_PHASES = ['building', 'embedding', 'switching', 'cleaning', 'done', 'failed'] as const;
export type ReembedPhase = (typeof REEMBED_PHASES)[number];

export interface ReembedRun {
  readonly id: string;
  readonly tenantId: string;
  readonly phase: ReembedPhase;
  readonly step: number;
  readonly sourceSlot: EmbeddingSlot;
  readonly sourceModel: string;
  readonly targetSlot: EmbeddingSlot;
  readonly targetModel: string;
  readonly targetDimension: number;
  /** Memories of the tenant when the run started (new ones are embedded too, so `embedded` may pass it). */
  readonly total: number;
  readonly totalGoals: number;
  readonly embedded: number;
  readonly goals: number;
  readonly cleared: number;
  readonly batches: number;
  readonly startedAt: number;
  readonly updatedAt: number;
  readonly switchedAt: number | null;
  readonly finishedAt: number | null;
  readonly error: string | null;
}

export function isFinished(phase: ReembedPhase): boolean {
  return phase === 'done' || phase === 'failed';
}

export function parseRun(raw: unknown): ReembedRun {
  const r = (toPlain(raw) ?? {}) as Record<string, unknown>;
  const phase = REEMBED_PHASES.find((p) => p === r.phase) ?? 'failed';
  const slot = (v: unknown): EmbeddingSlot => (isEmbeddingSlot(v) ? v : 'embedding');
  const opt = (v: unknown): number | null => (v === null || v === undefined ? null : num(v));
  return {
    id: String(r.id),
    tenantId: String(r.tenantId),
    phase,
    step: num(r.step),
    sourceSlot: slot(r.sourceSlot),
    sourceModel: String(r.sourceModel),
    targetSlot: slot(r.targetSlot),
    targetModel: String(r.targetModel),
    targetDimension: num(r.targetDimension),
    total: num(r.total),
    totalGoals: num(r.totalGoals),
    embedded: num(r.embedded),
    goals: num(r.goals),
    cleared: num(r.cleared),
    batches: num(r.batches),
    startedAt: num(r.startedAt),
    updatedAt: num(r.updatedAt),
    switchedAt: opt(r.switchedAt),
    finishedAt: opt(r.finishedAt),
    error: typeof r.error === 'string' ? r.error : null,
  };
}

/** Share of the work done, 0…1: embedding counts for 90 %, clearing the old slot for the rest. */
export function progressOf(run: ReembedRun): number {
  if (run.phase === 'done') return 1;
  const work = Math.max(1, run.total + run.totalGoals);
  const embedded = Math.min(1, (run.embedded + run.goals) / work);
  const cleared = Math.min(1, run.cleared / work);
  return 0.9 * embedded + 0.1 * cleared;
}
