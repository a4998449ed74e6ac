import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * One registry per process (API or worker), exposed on `/metrics`. Metric objects are
 * module singletons so that a module imported twice never registers a name twice.
 */
export const metricsRegistry = new Registry();

let defaultsStarted = false;

/** Process metrics (CPU, memory, event-loop lag, GC) with the `limbic_` prefix, labelled by service. */
export function startProcessMetrics(service: 'api' | 'worker'): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  metricsRegistry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'limbic_' });
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const graphqlDuration = new Histogram({
  name: 'limbic_graphql_request_duration_seconds',
  help: 'GraphQL request latency by operation (root fields when unnamed) and outcome.',
  labelNames: ['operation', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const encodeTotal = new Counter({
  name: 'limbic_encode_total',
  help: 'encode / encodeBatch calls by outcome.',
  labelNames: ['field', 'outcome'] as const,
  registers: [metricsRegistry],
});

/**
 * Agent-scoped nearest-neighbour searches (AgentVectorSearch) by how they were answered:
 * `index` (the filtered vector index) or `exact` (a scan of the agent while the index is not
 * ONLINE, e.g. populating after an upgrade). Steady `exact` counts mean the index is missing.
 */
export const vectorSearches = new Counter({
  name: 'limbic_vector_searches_total',
  help: 'agent-scoped nearest-neighbour searches by path: filtered vector index, or exact scan while the index is not online; exact-filter: a filtered recall the index could not answer completely (tags or metadata), scanned exactly; resident: exact, from the int8 codes this process holds of a large agent (LIMBIC_RESIDENT_VECTORS_MIN).',
  labelNames: ['path'] as const,
  registers: [metricsRegistry],
});

/**
 * Recall spreads by where the walk ran: `cache` (in the API over the agent's held graph),
 * `cache-lagging` (the same, while recall effects newer than the held graph wait for its reload)
 * or `cypher` (spread.activate: a filtered recall, a graph changed since it was loaded, or not held).
 */
export const recallSpreads = new Counter({
  name: 'limbic_recall_spreads_total',
  help: 'recall spreading activations by where the walk ran: cache (in the API over the agent graph it holds), cache-lagging (held graph older than recall effects, within LIMBIC_SPREAD_EFFECTS_LAG_MS), cypher (in Neo4j).',
  labelNames: ['path'] as const,
  registers: [metricsRegistry],
});

/** What the API's SpreadGraphCache holds, set whenever it changes. */
export const residentVectorsHeld = new Gauge({
  name: 'limbic_resident_vectors_held',
  help: 'large agents whose vectors this process holds as int8 codes for exact searches (what="agents") and the bytes they take (what="bytes"); bounded by LIMBIC_RESIDENT_VECTORS_MB.',
  labelNames: ['what'] as const,
  registers: [metricsRegistry],
});

export const spreadCacheHeld = new Gauge({
  name: 'limbic_spread_cache_held',
  help: 'agent graphs the API holds for in-process spreading (what="agents") and their resonance edges (what="edges"); bounded by LIMBIC_SPREAD_CACHE_EDGES, let go after LIMBIC_SPREAD_CACHE_IDLE_MS unused or when the agent is deleted.',
  labelNames: ['what'] as const,
  registers: [metricsRegistry],
});

export const recallTotal = new Counter({
  name: 'limbic_recall_total',
  help: 'recall calls by outcome.',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/** Tenant label: tenants come from LIMBIC_API_KEYS, so the label set is as small as the key list. */
export const admissionRefusals = new Counter({
  name: 'limbic_admission_refusals_total',
  help: 'GraphQL operations refused before they ran, by reason (cost: over LIMBIC_MAX_QUERY_COST; rate: over the tenant rate limit) and tenant.',
  labelNames: ['reason', 'tenant'] as const,
  registers: [metricsRegistry],
});

export const rateLimiterDegraded = new Gauge({
  name: 'limbic_rate_limiter_degraded',
  help: '1 while Redis does not answer and each API process rate-limits tenants on its own (in-process buckets), else 0.',
  registers: [metricsRegistry],
});

export const neo4jTransactionDuration = new Histogram({
  name: 'limbic_neo4j_transaction_seconds',
  help: 'Neo4j managed transaction time by query (or unit-of-work label), mode and outcome.',
  labelNames: ['query', 'mode', 'outcome'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: 'limbic_job_duration_seconds',
  help: 'Background job attempt duration by queue and outcome (done, skipped, error).',
  labelNames: ['queue', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const jobFailures = new Counter({
  name: 'limbic_job_failures_total',
  help: 'Failed job attempts by queue; final="true" when no attempt is left (the job is kept as failed).',
  labelNames: ['queue', 'final'] as const,
  registers: [metricsRegistry],
});

export const periodicRuns = new Counter({
  name: 'limbic_periodic_runs_total',
  help: 'Runs of periodic work (sweeps, index refresh) by task and outcome (done; skipped: a run of the task was still paging; error); summed over workers, one per period for the deployment.',
  labelNames: ['task', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const sweepPages = new Counter({
  name: 'limbic_sweep_pages_total',
  help: 'Follow-on pages of sweep runs (a scan larger than one page goes on in jobs any worker takes), by task and outcome.',
  labelNames: ['task', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const reviewOutcomes = new Counter({
  name: 'limbic_reviews_total',
  help: 'Spaced reviews by result: reviewed, archived, merged (into an older twin), skipped.',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

export const reviewSweepDuration = new Histogram({
  name: 'limbic_review_sweep_seconds',
  help: 'Time of one page of a review sweep (find due reviews in Neo4j, enqueue them); the first page also backfills.',
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [metricsRegistry],
});

export type QueueDepthSource = () => Promise<ReadonlyArray<{ queue: string; counts: Readonly<Record<string, number>> }>>;

let queueDepthSource: QueueDepthSource | undefined;

/** Read on every scrape from whoever registered the source (API or worker). */
export const queueDepth = new Gauge({
  name: 'limbic_queue_depth',
  help: 'Jobs per queue and state (waiting, delayed, active, failed, …) at scrape time.',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    if (!queueDepthSource) return;
    this.reset();
    try {
      for (const { queue, counts } of await queueDepthSource()) {
        for (const [state, n] of Object.entries(counts)) this.set({ queue, state }, n);
      }
    } catch {
      // Redis down: the gauge is empty for this scrape; readiness reports the outage.
    }
  },
});

export function setQueueDepthSource(source: QueueDepthSource | undefined): void {
  queueDepthSource = source;
}

/** Measures one Neo4j unit of work (hook for the executor). */
export function observeNeo4jTransaction(query: string, mode: 'READ' | 'WRITE', seconds: number, ok: boolean): void {
  neo4jTransactionDuration.observe({ query, mode, outcome: ok ? 'ok' : 'error' }, seconds);
}

/** Units of work Neo4j made us try again (neo4j-executor withRetries), by the failure's kind and the unit. */
export const neo4jRetries = new Counter({
  name: 'limbic_neo4j_retries_total',
  help: 'Neo4j units of work retried by the executor, by kind (unavailable: no answer; contention: deadlock or lock timeout) and unit.',
  labelNames: ['kind', 'unit'] as const,
  registers: [metricsRegistry],
});

export function observeNeo4jRetry(unit: string, kind: string): void {
  neo4jRetries.inc({ kind, unit });
}

export const vectorIndexRefreshes = new Counter({
  name: 'limbic_vector_index_refresh_total',
  help: 'Vector index refreshes by the worker after writes went quiet (two marker writes each), by outcome.',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/** Share of a tenant's re-embed run done (0…1), by phase; set by the worker's reembed sweep. Ops only (the worker's /metrics). */
export const reembedProgress = new Gauge({
  name: 'limbic_reembed_progress_ratio',
  help: 'Progress of the re-embed run in progress per tenant (0..1)',
  labelNames: ['tenant', 'phase', 'target'] as const,
  registers: [metricsRegistry],
});

/** Vectors written by re-embed runs, by node label. */
export const reembedVectors = new Counter({
  name: 'limbic_reembed_vectors_total',
  help: 'Vectors written by re-embed runs',
  labelNames: ['label'] as const,
  registers: [metricsRegistry],
});
