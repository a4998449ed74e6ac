import { SPREADING, RECALL, TEMPORAL_STATE } from '../constants';
import { clamp, clamp01, lerp } from '../math/scalar';
import type { SearchBreadth } from './energy-effects';

export interface SessionLength {
  /** Minutes from the session's start to the recall. */
  readonly minutes: number;
  /** Interactions in the session, the recall included. */
  readonly interactions: number;
}

/**
 * Session length moves breadth as energy does, on top of it: a session of an hour or more
 * (longSessionMinutes) spreads one hop deeper (max 3); a session whose only interaction is this
 * recall (a first exchange) one hop shallower (min 1), staying near the seeds; seeds scale
 * from 1× at the session's start to 1.25× at an hour and beyond.
 */
export function sessionSearchBreadth(breadth: SearchBreadth, session: SessionLength): SearchBreadth {
  const minutes = Number.isFinite(session.minutes) ? Math.max(0, session.minutes) : 0;
  const long = minutes >= TEMPORAL_STATE.longSessionMinutes;
  const first = session.interactions <= TEMPORAL_STATE.firstExchangeInteractions;
  const hopShift = long ? 1 : first ? -1 : 0;
  const scale = lerp(1, TEMPORAL_STATE.longSessionSeedScale, clamp01(minutes / TEMPORAL_STATE.longSessionMinutes));
  return {
    hops: clamp(breadth.hops + hopShift, SPREADING.minHops, SPREADING.maxHops),
    seeds: clamp(Math.round(breadth.seeds * scale), 1, RECALL.maxSeeds),
  };
}
