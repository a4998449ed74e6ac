import { Logger } from '@nestjs/common';

/**
 * chosen: how long a graceful shutdown may take before the process exits anyway. Long enough
 * for in-flight jobs (an LLM appraisal times out well before it); short of the 30 s after
 * which orchestrators usually send SIGKILL.
 */
export const SHUTDOWN_GRACE_MS = 20_000;

/**
 * Bounds Nest's graceful shutdown: on SIGTERM or SIGINT, exit after `graceMs` if the shutdown
 * hooks have not finished by then. Closing BullMQ workers and queues waits for Redis, and
 * with Redis down that wait has no end; nothing is lost by leaving then — a job cut short is
 * retried after its lock expires (handlers are idempotent), and memories stay in Neo4j with
 * their pending flags for the sweeps. The timer is unref'd: a shutdown that finishes first
 * exits as usual.
 */
export function exitIfShutdownHangs(service: string, graceMs: number = SHUTDOWN_GRACE_MS, proc: SignalTarget = process): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    proc.once(signal, () => {
      setTimeout(() => {
        new Logger('Limbic').warn(`${service}: graceful shutdown still running after ${graceMs} ms (Redis or Neo4j unreachable?); exiting`);
        proc.exit(1);
      }, graceMs).unref();
    });
  }
}

/** The part of `process` this needs (a stand-in in unit tests). */
export interface SignalTarget {
  once(event: 'SIGTERM' | 'SIGINT', listener: () => void): unknown;
  exit(code: number): void;
}
