import { gitCommit } from './git-commit';
import { percentile } from './metrics';
import { relative } from 'node:path';

export interface Latency {
  readonly p50: number;
  readonly p99: number;
  readonly serverP50: number | null;
  readonly serverP99: number | null;
}

/** One row of a benchmark's table: a Limbic configuration or a baseline, with its metrics of type M. */
export interface ResultRow<M> {
  readonly name: string;
  readonly kind: 'limbic' | 'baseline';
  readonly description: string;
  /** Null when the running API cannot express this configuration (reported as n/a). */
  readonly metrics: M | null;
  readonly unavailable?: string;
  readonly errors: number;
  readonly latencyMs: Latency | null;
}

/** Nearest-rank p50/p99 of client times, and of the server's `tookMs` when it reported them. */
export function latency(client: readonly number[], server: readonly number[] = []): Latency {
  return {
    p50: percentile(client, 50),
    p99: percentile(client, 99),
    serverP50: server.length ? percentile(server, 50) : null,
    serverP99: server.length ? percentile(server, 99) : null,
  };
}

/** The three baseline rows, scored from the rankings stored under `baseline:<name>`. */
export function baselineRows<M>(embedderName: string, score: (key: string) => M, ms: { readonly cosine: readonly number[]; readonly bm25: readonly number[]; readonly rrf: readonly number[] }): ResultRow<M>[] {
  return [
    { name: 'cosine', kind: 'baseline', description: `pure cosine, ${embedderName}`, metrics: score('baseline:cosine'), errors: 0, latencyMs: latency(ms.cosine) },
    { name: 'bm25', kind: 'baseline', description: 'BM25 k1 1.2, b 0.75', metrics: score('baseline:bm25'), errors: 0, latencyMs: latency(ms.bm25) },
    { name: 'rrf', kind: 'baseline', description: 'reciprocal-rank fusion (k 60) of cosine and BM25', metrics: score('baseline:rrf'), errors: 0, latencyMs: latency(ms.rrf) },
  ];
}

/** What every benchmark report starts with. */
export interface RunHeaderBase {
  readonly runId: string;
  readonly startedAt: string;
  readonly commit: string;
  readonly url: string | null;
  readonly embedder: string;
  readonly dataset: string;
  readonly datasetSha256: string;
  readonly timings: Record<string, number>;
  readonly notes: readonly string[];
}

export function runHeaderBase(
  root: string,
  run: { runId: string; startedAt: string; url: string | null; embedder: string; dataPath: string; datasetSha256: string; timings: Record<string, number>; notes: readonly string[] },
): RunHeaderBase {
  return {
    runId: run.runId,
    startedAt: run.startedAt,
    commit: gitCommit(root),
    url: run.url,
    embedder: run.embedder,
    dataset: relative(root, run.dataPath),
    datasetSha256: run.datasetSha256,
    timings: run.timings,
    notes: run.notes,
  };
}

/** What a run collects for one Limbic configuration. */
export interface ConfigTally {
  readonly config: { readonly name: string; readonly description: string };
  unavailable: string | null;
  readonly latencies: number[];
  readonly server: number[];
  errors: number;
}

/** The row of a configuration: scored when it ran and the API could express it, else n/a. */
export function configRow<M>(tally: ConfigTally, score: () => M): ResultRow<M> {
  const ran = tally.latencies.length > 0 || tally.errors > 0;
  return {
    name: tally.config.name,
    kind: 'limbic',
    description: tally.config.description,
    metrics: ran && !tally.unavailable ? score() : null,
    ...(tally.unavailable ? { unavailable: tally.unavailable } : {}),
    errors: tally.errors,
    latencyMs: ran ? latency(tally.latencies, tally.server) : null,
  };
}
