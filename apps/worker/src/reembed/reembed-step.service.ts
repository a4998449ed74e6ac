import { Inject, Injectable, Logger } from '@nestjs/common';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { EMBEDDER_POOL, type EmbedderPool } from '@limbic/embeddings';
import { isFinished, ReembedRepository, SPACE_REFRESH_MS, type ReembedLabel, type ReembedRun, type StepKey } from '@limbic/graph';
import { JobProducer, type JobOutcome, type ReembedJobV1 } from '@limbic/jobs';
import { reembedVectors } from '@limbic/observability';

const LABELS: readonly ReembedLabel[] = ['Memory', 'Goal'];
/**
 * After the switch the old slot is cleared only once every process has seen it (each reads the
 * spaces every SPACE_REFRESH_MS) and the requests pinned to the old snapshot have finished:
 * until then recall may still read the old slot.
 */
const CLEAR_GRACE_MS = 3 * SPACE_REFRESH_MS + 2000;
const INDEX_WAIT_MS = 120_000;

/**
 * One step of a re-embed run, reloaded from Neo4j. Each step does one guarded write (a batch of
 * vectors, a phase change, the switch), so a worker killed anywhere leaves the run at a step
 * boundary: the step it died in either committed (its replay is skipped) or left nothing.
 */
@Injectable()
export class ReembedStepService {
  private readonly log = new Logger('Reembed');

  constructor(
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
    @Inject(EMBEDDER_POOL) private readonly pool: EmbedderPool,
    private readonly repo: ReembedRepository,
    private readonly jobs: JobProducer,
  ) {}

  async run(job: ReembedJobV1, signal: AbortSignal): Promise<JobOutcome> {
    const run = await this.repo.get(job.tenantId, job.runId);
    if (!run || isFinished(run.phase)) return 'skipped';
    if (run.step !== job.step) {
      // A replay of a step that committed: the run's current step needs its own job (same id as the sweep's).
      await this.enqueueCurrent(job);
      return 'skipped';
    }
    signal.throwIfAborted();
    const key: StepKey = { tenantId: run.tenantId, runId: run.id, step: run.step };
    await this.stepOnce(run, key, signal);
    await this.enqueueCurrent(job);
    return 'done';
  }

  private async stepOnce(run: ReembedRun, key: StepKey, signal: AbortSignal): Promise<void> {
    switch (run.phase) {
      case 'building':
        return this.build(run, key);
      case 'embedding':
        if (!(await this.embedBatch(run, key))) await this.repo.advance(key, 'embedding', 'switching', Date.now());
        return;
      case 'switching':
        return this.switchWhenOnline(run, key, signal);
      case 'cleaning':
        return this.clean(run, key, signal);
      case 'done':
      case 'failed':
        return;
    }
  }

  /** The target slot's index, beside the old one; a leftover at another dimension that nobody reads is rebuilt. */
  private async build(run: ReembedRun, key: StepKey): Promise<void> {
    const existing = await this.repo.indexDimension(run.targetSlot);
    if (existing !== null && existing !== run.targetDimension) {
      if (await this.repo.slotInUse(run.targetSlot, run.id)) {
        await this.repo.advance(key, 'building', 'failed', Date.now(), `slot ${run.targetSlot} is in use at dimension ${existing}`);
        return;
      }
      await this.repo.dropIndex(run.targetSlot);
    }
    if (existing !== run.targetDimension) await this.repo.createIndex(run.targetSlot, run.targetDimension);
    await this.repo.advance(key, 'building', 'embedding', Date.now());
  }

  /** One batch of memories (then goals) still lacking the run's vector; false when there is none. */
  private async embedBatch(run: ReembedRun, key: StepKey): Promise<boolean> {
    const embedder = this.pool.get(run.targetModel);
    for (const label of LABELS) {
      const pending = await this.repo.pending(run, label, this.config.worker.reembedBatch);
      if (pending.length === 0) continue;
      const vectors = await embedder.embed(pending.map((p) => p.text));
      const rows = pending.map((p, i) => ({ id: p.id, vector: vectors[i] ?? [] }));
      const written = await this.repo.writeVectors(key, run.phase, label, rows, Date.now());
      if (written !== null) reembedVectors.inc({ label }, written);
      return true;
    }
    return false;
  }

  private async switchWhenOnline(run: ReembedRun, key: StepKey, signal: AbortSignal): Promise<void> {
    const deadline = Date.now() + INDEX_WAIT_MS;
    for (let state = await this.repo.indexState(run.targetSlot); state !== 'ONLINE'; state = await this.repo.indexState(run.targetSlot)) {
      if (state === 'FAILED' || state === null) {
        await this.repo.advance(key, 'switching', 'failed', Date.now(), `index of slot ${run.targetSlot} is ${state ?? 'missing'}`);
        return;
      }
      // Thrown: BullMQ retries this very step with backoff.
      if (Date.now() > deadline) throw new Error(`index of slot ${run.targetSlot} still ${state}`);
      signal.throwIfAborted();
      await sleep(250);
    }
    if (await this.repo.switchSpace(key, Date.now())) {
      this.log.log(`tenant ${run.tenantId} switched to ${run.targetModel} (slot ${run.targetSlot})`);
      return;
    }
    // Memories encoded since the last batch: embed them first.
    await this.repo.advance(key, 'switching', 'embedding', Date.now());
  }

  private async clean(run: ReembedRun, key: StepKey, signal: AbortSignal): Promise<void> {
    const wait = (run.switchedAt ?? 0) + CLEAR_GRACE_MS - Date.now();
    if (wait > 0) await sleep(wait);
    signal.throwIfAborted();
    if (await this.embedBatch(run, key)) return;
    let step = key.step;
    for (const label of LABELS) {
      const cleared = await this.repo.clearOld({ ...key, step }, label, this.config.worker.reembedBatch * 4, Date.now());
      if (cleared === null) return;
      if (cleared > 0) return;
      step++;
    }
    if (run.sourceSlot !== 'embedding' && !(await this.repo.slotInUse(run.sourceSlot, run.id))) await this.repo.dropIndex(run.sourceSlot);
    if (await this.repo.advance({ ...key, step }, 'cleaning', 'done', Date.now())) this.log.log(`re-embed ${run.id} of tenant ${run.tenantId} done`);
  }

  private async enqueueCurrent(job: ReembedJobV1): Promise<void> {
    const run = await this.repo.get(job.tenantId, job.runId);
    if (run && !isFinished(run.phase)) await this.jobs.enqueueReembedStep({ tenantId: run.tenantId, runId: run.id, step: run.step });
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
