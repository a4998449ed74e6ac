import type { Driver } from 'neo4j-driver';

/**
 * Neo4j's JVM compiles its hot code as a workload reaches it, and on this 2-core machine that
 * compilation competes with the queries themselves. Measured (2026-11-30, a fresh Neo4j, cycles
 * of 300 single encodes and 2,000 batched): the C2 compiler threads used 14–37 ms of CPU per
 * single encode during the first ≈ 1,500 singles — more than the Bolt worker running the
 * queries (12–15 ms) — and Neo4j's CPU per encode fell 52 → 12 ms and the single-encode p50
 * 56 → 15 ms once they had compiled what the workload touches. Most of those compilations were
 * methods reaching C2's invocation thresholds for the first time (not flushing or deoptimisation:
 * turning the code-cache sweeper off changed nothing), so a short warm-up measures the JIT, not
 * the service. Benches therefore warm up until the compiler has settled and say how long it took.
 */

/** Total JIT compilation time of the Neo4j JVM so far, in ms (the Compilation MXBean). */
export async function jitCompilationMs(driver: Driver, database = process.env.NEO4J_DATABASE ?? 'neo4j'): Promise<number | null> {
  const session = driver.session({ database });
  try {
    const result = await session.run("CALL dbms.queryJmx('java.lang:type=Compilation') YIELD attributes RETURN attributes.TotalCompilationTime.value AS ms");
    const value: unknown = result.records[0]?.get('ms');
    if (value === null || value === undefined) return null;
    return typeof value === 'number' ? value : Number((value as { toNumber(): number }).toNumber());
  } catch {
    return null; // a server without the procedure (or without the right): see warmUntilJitSettles
  } finally {
    await session.close();
  }
}

export interface JitSettleOptions {
  /** Settled when the compiler's time is below this share of a round's wall time … */
  readonly maxShare: number;
  /** … in this many consecutive rounds. */
  readonly settledRounds: number;
  readonly minRounds: number;
  readonly maxSeconds: number;
}

export interface JitSettleReport {
  readonly rounds: number;
  readonly seconds: number;
  /** Whether the compiler settled before maxSeconds (false also when it cannot be read). */
  readonly settled: boolean;
  /** Per round: the compiler's share of the round's wall time (null when unreadable). */
  readonly shares: readonly (number | null)[];
}

/**
 * Runs `round` until the JIT compiler of the Neo4j behind `driver` spends less than
 * `maxShare` of a round compiling, `settledRounds` times in a row (at least `minRounds`
 * rounds, at most `maxSeconds`). `round` gets its index. When the compile time cannot be read
 * (no `dbms.queryJmx`, e.g. a locked-down remote server) it runs `minRounds` rounds and reports
 * `settled: false`.
 */
export async function warmUntilJitSettles(driver: Driver, round: (index: number) => Promise<void>, options: JitSettleOptions): Promise<JitSettleReport> {
  const start = performance.now();
  const shares: (number | null)[] = [];
  let quiet = 0;
  for (let i = 0; ; i++) {
    const before = await jitCompilationMs(driver);
    const t0 = performance.now();
    await round(i);
    const wall = performance.now() - t0;
    const after = await jitCompilationMs(driver);
    const share = before === null || after === null || wall <= 0 ? null : (after - before) / wall;
    shares.push(share);
    quiet = share !== null && share < options.maxShare ? quiet + 1 : 0;
    const seconds = (performance.now() - start) / 1000;
    if (share === null && i + 1 >= options.minRounds) return { rounds: i + 1, seconds, settled: false, shares };
    if ((quiet >= options.settledRounds && i + 1 >= options.minRounds) || seconds >= options.maxSeconds) {
      return { rounds: i + 1, seconds, settled: quiet >= options.settledRounds, shares };
    }
  }
}

/** How a warm-up ended, for a bench's printout. */
export function settleOutcome(report: JitSettleReport): string {
  if (report.settled) return 'until the JIT compiler settled';
  if (report.shares.some((s) => s === null)) return "the JIT compiler's time could not be read (dbms.queryJmx): a fixed number of rounds";
  return 'stopped by its time limit before the JIT compiler settled';
}

/** A round's compiler share for a printout ("?" when it could not be read). */
export function formatShare(share: number | null | undefined): string {
  return share === null || share === undefined ? '?' : `${Math.round(100 * share)} %`;
}
