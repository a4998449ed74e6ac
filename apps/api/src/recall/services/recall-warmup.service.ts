import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { SPREADING } from '@limbic/affect';
import { LIMBIC_CONFIG, LOCAL_TENANT, type LimbicConfig } from '@limbic/config';
import { CONFIGURED_EMBEDDER, EMBEDDER, type Embedder } from '@limbic/embeddings';
import { RecallRepository } from '@limbic/graph';

/**
 * Tenant ids are [A-Za-z0-9_-]: an id with a ':' can belong to no API key, so the warm-up's
 * reads match nothing (every query filters by tenant) and a warm-up never sees data.
 */
const WARMUP_MARK = ':';
/** The warm-up tenant standing in for tenants whose ids are `length` characters long. */
export function warmupTenant(length: number): string {
  return WARMUP_MARK + 'w'.repeat(Math.max(0, length - 1));
}
/**
 * Neo4j's plan cache keys a plan by its parameters' types and, for strings and lists, by their
 * rough size (measured on 2026.08: a plan made with a 13-character tenant id is planned again
 * for a 5-character one, 15 seeds again for 1 and for 3; 5 and 100 seeds share one plan). So
 * the warm-up plans with ids as long as the tenants this process serves, agent ids of two
 * common lengths ("ada", a uuid), and the list sizes a tiny, a small and a default recall send.
 */
const AGENT_ID_LENGTHS = [3, 36] as const;
/** Seeds and pool members: a one-memory agent, a few memories, a default recall (topK 10: 15 seeds, a pool of 30–60). */
const SIZES = [
  { seeds: 1, pool: 1 },
  { seeds: 5, pool: 5 },
  { seeds: 15, pool: 45 },
] as const;
/** How many distinct tenant-id lengths are warmed at most (each one costs a set of plans). */
const MAX_TENANT_LENGTHS = 3;
const TEXTS = ['warm up the recall queries of a first request', 'recall'];
/** chosen: how long shutdown waits for a warm-up still running. */
const SHUTDOWN_WAIT_MS = 5000;

const warmupId = (i: number): string => `${WARMUP_MARK}warmup-${i}`.padEnd(36, '0');
const tokens = (text: string): string[] => text.split(' ').filter((t) => t.length > 3);

/**
 * Plans the recall's queries and loads the local embedding model once at boot, before
 * /health/ready says ready (HealthController asks `settled`). Neo4j plans a query on its first
 * execution and caches the plan by text and parameter types and sizes: after a Neo4j restart
 * planning alone took seconds per query, and the first inference of the ONNX model 0.25–0.55 s.
 * Running each query with parameters of the types and sizes real recalls send (values that
 * match nothing) moves that wait here. Every read runs in a read transaction (Neo4j refuses a
 * write in one), as a tenant no key can name. Best effort: a failure is logged and forgotten,
 * and readiness stops waiting after a while (HealthController). It does not warm Neo4j's JVM
 * fully: a restarted Neo4j still needs a few hundred executions to reach its steady speed.
 */
@Injectable()
export class RecallWarmupService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('RecallWarmup');
  private running: Promise<void> | null = null;
  private done = false;
  /** What the last warm-up did, for readiness and the tests (plans made, milliseconds). */
  lastRun: { plans: number; ms: number } | null = null;

  constructor(
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    private readonly recalls: RecallRepository,
    @Inject(CONFIGURED_EMBEDDER) private readonly model: Embedder,
    @Inject(LIMBIC_CONFIG) private readonly config: Pick<LimbicConfig, 'apiKeys' | 'singleTenant'>,
  ) {}

  onApplicationBootstrap(): void {
    this.running = this.warm().then(
      () => undefined,
      (err: unknown) => this.log.warn(`recall queries not warmed: ${(err as Error).message}`),
    ).finally(() => (this.done = true));
  }

  /** True once the warm-up has ended, however it ended. */
  get settled(): boolean {
    return this.done;
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

  /** The warm-up tenants: one per length of the tenant ids this process serves. */
  tenants(): string[] {
    const ids = this.config.singleTenant ? [LOCAL_TENANT] : [...new Set(this.config.apiKeys.values())];
    const lengths = [...new Set(ids.map((id) => id.length))].sort((a, b) => a - b).slice(0, MAX_TENANT_LENGTHS);
    return lengths.map(warmupTenant);
  }

  /** Loads the model, then runs every read a recall may make once per id length and list size; returns how long it took. */
  async warm(): Promise<number> {
    const started = performance.now();
    // Only a model that runs in process: an embedding service would be paid for a warm-up.
    if (this.model.name.startsWith('local:')) await this.model.embed([TEXTS[0]!]);
    // A unit vector: a zero vector has no cosine.
    const embedding = Array.from({ length: this.embedder.dimension }, (_, i) => (i === 0 ? 1 : 0));
    let plans = 0;
    for (const tenant of this.tenants()) {
      for (const length of AGENT_ID_LENGTHS) {
        const agent = warmupTenant(length);
        for (const [n, size] of SIZES.entries()) {
          const text = TEXTS[n % TEXTS.length]!;
          plans += await this.warmRecall(tenant, agent, embedding, text, size);
        }
      }
    }
    const ms = performance.now() - started;
    this.lastRun = { plans, ms };
    this.log.log(`recall queries planned in ${ms.toFixed(0)} ms (${plans} executions)`);
    return ms;
  }

  /** One recall's reads in one read transaction, with values of the types and sizes a recall sends. */
  private async warmRecall(tenant: string, agent: string, embedding: number[], text: string, size: { seeds: number; pool: number }): Promise<number> {
    const limit = 30;
    const poolIds = Array.from({ length: size.pool }, (_, i) => warmupId(i));
    const seeds = Array.from({ length: size.seeds }, (_, i) => ({ id: warmupId(i), activation: 0.9 - i / 100 }));
    await this.recalls.read(tenant, agent, async (unit) => {
      await Promise.all([unit.prelude({ embedding, text, terms: tokens(text), limit, textFetch: 4 * limit, lenders: 2 * limit, walkEpisodes: true }), unit.nearest(embedding, limit)]);
      await unit.fulltext(text, limit, 8 * limit);
      await unit.candidates(poolIds, embedding, []);
      await unit.spread(
        {
          seeds,
          hops: SPREADING.defaultHops,
          factors: SPREADING.defaultTypeFactors,
          minActivation: SPREADING.defaultMinActivation,
          maxFanOut: SPREADING.defaultMaxFanOut,
          poolIds,
          maxJoined: 20,
        },
        embedding,
        [],
      );
    });
    return 5;
  }
}
