import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { SPREADING } from '@limbic/affect';
import { EMBEDDER, type Embedder } from '@limbic/embeddings';
import { RecallRepository } from '@limbic/graph';

/**
 * No API key can map to this tenant (tenant ids are [A-Za-z0-9_-]), so the warm-up reads
 * match nothing: every query still filters by tenant, and a warm-up never sees data.
 */
export const WARMUP_TENANT = 'limbic:warmup';
const WARMUP_AGENT = 'warmup';
/** As many seeds and pool members as a default recall has (topK 10: 15 seeds, a pool of 30–60). */
const SEED_IDS = Array.from({ length: 15 }, (_, i) => `limbic:warmup:${i}`);
const POOL_IDS = Array.from({ length: 45 }, (_, i) => `limbic:warmup:${i}`);
const TEXT = 'warm up the recall queries';
const TERMS = ['warm', 'recall', 'queries'];
/** chosen: how long shutdown waits for a warm-up still running. */
const SHUTDOWN_WAIT_MS = 5000;

/**
 * Plans the recall's queries once at boot, off the request path. Neo4j plans a query on its
 * first execution and caches the plan by text and parameter types: after a Neo4j restart the
 * first recall spent 1.3–4 s planning `spread.activate` alone, and opening the vector index
 * on top. Running each query once with parameters of the types a recall sends (values that
 * match nothing) moves most of that wait here (first recall 22–28 s → 7–8.5 s under load).
 * Best effort: the API serves meanwhile (a recall racing the warm-up only plans in parallel),
 * and a failure is logged and forgotten. It does not warm the JVM: a restarted Neo4j still
 * needs a few hundred executions to reach its steady speed.
 */
@Injectable()
export class RecallWarmupService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('RecallWarmup');
  private running: Promise<void> | null = null;

  constructor(
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    private readonly recalls: RecallRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.running = this.warm().then(
      () => undefined,
      (err: unknown) => this.log.warn(`recall queries not warmed: ${(err as Error).message}`),
    );
  }

  /**
   * The driver closes at shutdown: let the warm-up's session end first, but not for long (on a
   * just-restarted Neo4j under load it took up to 30 s; cut short, it only logs a warning).
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.running === null) return;
    let timer: NodeJS.Timeout | undefined;
    const cap = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, SHUTDOWN_WAIT_MS);
      timer.unref();
    });
    await Promise.race([this.running, cap]);
    clearTimeout(timer);
  }

  /** Runs every read a recall may make, in one read transaction, and returns how long it took. */
  async warm(): Promise<number> {
    const started = performance.now();
    // A unit vector: a zero vector has no cosine.
    const embedding = Array.from({ length: this.embedder.dimension }, (_, i) => (i === 0 ? 1 : 0));
    // Values of the types and about the sizes a default recall sends (JS numbers are floats to
    // the driver; Neo4j's plan cache tells lists and strings apart by rough size too), so the
    // cached plans are the ones recalls look up.
    const limit = 30;
    await this.recalls.read(WARMUP_TENANT, WARMUP_AGENT, async (unit) => {
      await Promise.all([unit.prelude({ embedding, text: TEXT, terms: TERMS, limit, textFetch: 4 * limit }), unit.nearest(embedding, limit)]);
      await unit.fulltext(TEXT, limit, 8 * limit);
      await unit.candidates(POOL_IDS, embedding, []);
      await unit.spread(
        {
          seeds: SEED_IDS.map((id, i) => ({ id, activation: 0.9 - i / 100 })),
          hops: SPREADING.defaultHops,
          factors: SPREADING.defaultTypeFactors,
          minActivation: SPREADING.defaultMinActivation,
          maxFanOut: SPREADING.defaultMaxFanOut,
          poolIds: POOL_IDS,
          maxJoined: 20,
        },
        embedding,
        [],
      );
    });
    const ms = performance.now() - started;
    this.log.log(`recall queries planned in ${ms.toFixed(0)} ms`);
    return ms;
  }
}
