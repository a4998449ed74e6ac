import { TEMPORAL_STATE } from '../../constants';
import { halfLifeFactor } from '../../math/scalar';
import { circularHourDistance } from '../../math/time-of-day';

/**
 * Circadian congruence: memories encoded at a similar hour of day score higher, on the circle
 * of the day: (1 + cos(π·d/12)) / 2, d the circular distance in hours (0…12) between the
 * recall's hour and the memory's, both in the agent's time zone. 1 at the same hour, 0.5 six
 * hours apart, 0 twelve hours apart; 0.5 for a memory with no recorded hour.
 */
export function circadianCongruenceSignal(nowHour: number | undefined, memoryHour: number | null | undefined): number {
  if (nowHour === undefined || memoryHour === null || memoryHour === undefined || !Number.isFinite(nowHour) || !Number.isFinite(memoryHour)) {
    return TEMPORAL_STATE.unknownHourCongruence;
  }
  const d = circularHourDistance(nowHour, memoryHour);
  return Math.min(1, Math.max(0, (1 + Math.cos((Math.PI * d) / 12)) / 2));
}

export interface SessionContextInput {
  /** The start of the session the recall belongs to; undefined when unknown. */
  readonly currentSessionStartedAtMs: number | undefined;
  /** The start of the session the memory was encoded in; null for memories stored before sessions. */
  readonly memorySessionStartedAtMs: number | null | undefined;
  /** When the memory was encoded. */
  readonly encodedAtMs: number;
  readonly nowMs: number;
  /** Default TEMPORAL_STATE.sessionHalfLifeHours. */
  readonly halfLifeHours?: number;
}

/**
 * Session context: a memory encoded in the current session scores 2^(−Δt_h / h), Δt the hours
 * from its encoding (or the session's start, if later) to now and h the half-life (2 h), so a
 * session's newest memories score near 1 and its boost fades as the session ages; memories of
 * any other session (and of none) score 0.
 */
export function sessionContextSignal(input: SessionContextInput): number {
  const current = input.currentSessionStartedAtMs;
  const own = input.memorySessionStartedAtMs;
  if (current === undefined || own === null || own === undefined || own !== current) return 0;
  const hours = Math.max(0, input.nowMs - Math.max(input.encodedAtMs, current)) / 3_600_000;
  return halfLifeFactor(hours, input.halfLifeHours ?? TEMPORAL_STATE.sessionHalfLifeHours);
}
