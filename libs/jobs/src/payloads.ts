import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import type { QueueName } from './queues';

/**
 * The schema of every job's data, by queue. A payload names its version (`v`); a worker that
 * meets a version it does not know fails the job for good rather than guess. Payloads are
 * references (ids), never entity snapshots, except recall-effects: the recall wrote nothing,
 * so its job is the only record of its result until the API's record lands.
 */
const id = z.string().min(1).max(200);

export const appraisalJobV1 = z.strictObject({ v: z.literal(1), tenantId: id, agentId: id, memoryId: id });

/**
 * v2 carries the Neo4j bookmarks of the write that created the memory: the worker reads with
 * them, so a cluster follower that has not caught up yet waits instead of reporting the memory
 * missing. Empty when a sweep found the memory (the worker then asks the leader before it
 * skips). v1 jobs, queued before an upgrade, still run.
 */
export const appraisalJobV2 = z
  .strictObject({ v: z.literal(2), tenantId: id, agentId: id, memoryId: id, bookmarks: z.array(z.string().min(1).max(512)).max(64).readonly() });
export const appraisalJob = z.discriminatedUnion('v', [appraisalJobV1, appraisalJobV2]).readonly();

/** One spaced review of one memory: the `reviewCount`-th (0-based) review it gets. */
export const consolidationJobV1 = z.strictObject({ v: z.literal(1), tenantId: id, agentId: id, memoryId: id, reviewCount: z.number().int().min(0) }).readonly();

/**
 * What one recall did, for its effects (access, Hebbian, reconsolidation, priming, energy).
 * Each item carries its twelve raw signals (SIGNAL_NAMES order) for feedback learning.
 */
export const recallEffectsJobV1 = z
  .strictObject({
    v: z.literal(1),
    tenantId: id,
    agentId: id,
    recallId: id,
    /** The recall's instant (epoch ms); every effect is computed as of then. */
    now: z.number().int().nonnegative(),
    /** Returned memories, best first. */
    items: z.array(z.strictObject({ memoryId: id, rank: z.number().int().min(1), signals: z.array(z.number()).max(64).readonly() }).readonly()).max(1000).readonly(),
    /** Concepts of the query, to prime. */
    concepts: z.array(z.string().max(200)).max(1000).readonly(),
    /** The global workspace's focus after this recall, if any (ignited by it or held from before). */
    focusId: id.nullable(),
    /**
     * The workspace after this recall, as the API computed it from the state it read (absent in
     * jobs from before the workspace held its focus: they leave it as it is). `event` ignited or
     * taken-over: the focus is broadcast (its concepts primed).
     */
    workspace: z
      .strictObject({
        event: z.enum(['none', 'ignited', 'taken-over', 'held']),
        focusId: id.nullable(),
        score: z.number().min(0).max(1),
        sinceMs: z.number().int().nonnegative(),
        expiresAtMs: z.number().int().nonnegative(),
        suppressed: z.array(id).max(100).readonly(),
      })
      .readonly()
      .optional(),
    /** The weights the recall used (SIGNAL_NAMES order) and its query type: what feedback on it learns from. */
    weights: z.array(z.number()).max(64).readonly().optional(),
    queryType: z.string().max(64).optional(),
  })
  .readonly();

/** One step of a re-embed run: the run's state lives in Neo4j, the job only says which step it is. */
export const reembedJobV1 = z.strictObject({ v: z.literal(1), tenantId: id, runId: id, step: z.number().int().min(0) }).readonly();

/** Work that runs once per period for the whole deployment (see periodic.ts). */
export const PERIODIC_TASKS = ['appraisal-sweep', 'recall-effects-sweep', 'review-sweep', 'reembed-sweep', 'index-refresh'] as const;
export type PeriodicTask = (typeof PERIODIC_TASKS)[number];
/**
 * A follow-on page of one sweep run: the run it continues (the scheduler job's id), its number
 * (1 is the page after the scheduler's own), and the keyset position it starts after
 * (`at` epoch ms, then `id`: every paged sweep walks its rows in that order).
 */
export const sweepPageV1 = z
  .strictObject({ run: id, index: z.number().int().min(1).max(1_000_000), after: z.strictObject({ at: z.number().int(), id: z.string().max(200) }).readonly() })
  .readonly();
export const periodicJobV1 = z.strictObject({ v: z.literal(1), task: z.enum(PERIODIC_TASKS), page: sweepPageV1.optional() }).readonly();

export type AppraisalJobV1 = z.output<typeof appraisalJobV1>;
export type AppraisalJobV2 = z.output<typeof appraisalJobV2>;
export type AppraisalJob = z.output<typeof appraisalJob>;
export type ConsolidationJobV1 = z.output<typeof consolidationJobV1>;
export type RecallEffectsJobV1 = z.output<typeof recallEffectsJobV1>;
export type ReembedJobV1 = z.output<typeof reembedJobV1>;
export type PeriodicJobV1 = z.output<typeof periodicJobV1>;
export type SweepPageV1 = z.output<typeof sweepPageV1>;

export interface JobPayloads {
  appraisal: AppraisalJob;
  'recall-effects': RecallEffectsJobV1;
  consolidation: ConsolidationJobV1;
  reembed: ReembedJobV1;
  periodic: PeriodicJobV1;
}

const SCHEMAS: { readonly [Q in QueueName]: z.ZodType<JobPayloads[Q]> } = {
  appraisal: appraisalJob,
  'recall-effects': recallEffectsJobV1,
  consolidation: consolidationJobV1,
  reembed: reembedJobV1,
  periodic: periodicJobV1,
};

/**
 * A job's data that its queue's schema refuses. An UnrecoverableError, so BullMQ fails the job
 * at once instead of retrying it (no attempt could ever read it) and keeps it, with this
 * reason, among the failed jobs.
 */
export class InvalidJobPayloadError extends UnrecoverableError {
  constructor(
    readonly queue: QueueName,
    readonly problems: readonly string[],
  ) {
    super(`invalid ${queue} payload: ${problems.join('; ')}`);
    this.name = 'InvalidJobPayloadError';
  }
}

/** The data as its queue's current version, or InvalidJobPayloadError naming what is wrong. */
export function parsePayload<Q extends QueueName>(queue: Q, data: unknown): JobPayloads[Q] {
  const parsed = SCHEMAS[queue].safeParse(data);
  if (parsed.success) return parsed.data;
  throw new InvalidJobPayloadError(
    queue,
    parsed.error.issues.slice(0, 5).map((i) => `${i.path.length > 0 ? i.path.join('.') : '(data)'}: ${i.message}`),
  );
}

/** The bookmarks of the write that queued the job, for the job's reads to wait for; none for most queues. */
export function writerBookmarks(data: JobPayloads[QueueName]): readonly string[] {
  return 'bookmarks' in data ? data.bookmarks : [];
}
