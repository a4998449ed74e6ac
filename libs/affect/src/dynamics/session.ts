/**
 * A session: the run of interactions (observe, encode, recall) with no idle gap longer than
 * the preset's `sessionGapMinutes` between them. Its start instant is its identity: memories
 * record the `startedAtMs` of the session they were encoded in.
 */
export interface SessionState {
  readonly startedAtMs: number;
  /** Interactions in the session so far, this one included once it is touched. */
  readonly interactions: number;
  readonly lastAtMs: number;
}

const MS_PER_MINUTE = 60_000;

/**
 * Whether an interaction at `nowMs` continues `session`: within the gap after its last
 * interaction, and not more than the gap before its start (a replay that jumps back in time
 * is another session).
 */
export function continuesSession(session: SessionState | null, nowMs: number, gapMinutes: number): session is SessionState {
  if (session === null) return false;
  const gapMs = Math.max(0, gapMinutes) * MS_PER_MINUTE;
  return nowMs - session.lastAtMs <= gapMs && session.startedAtMs - nowMs <= gapMs;
}

/**
 * The session after one interaction at `nowMs`: the same one with one more interaction, or,
 * after an idle gap (or with none yet), a new one starting at `nowMs`. The last interaction
 * never moves back (events replayed out of order); the start never moves at all.
 */
export function touchSession(session: SessionState | null, nowMs: number, gapMinutes: number, interactions = 1): SessionState {
  const n = Math.max(0, Math.round(interactions));
  if (!continuesSession(session, nowMs, gapMinutes)) return { startedAtMs: nowMs, interactions: n, lastAtMs: nowMs };
  return { startedAtMs: session.startedAtMs, interactions: session.interactions + n, lastAtMs: Math.max(session.lastAtMs, nowMs) };
}

/** The session still open at `nowMs` (no idle gap since its last interaction), or null. */
export function openSessionAt(session: SessionState | null, nowMs: number, gapMinutes: number): SessionState | null {
  return continuesSession(session, nowMs, gapMinutes) ? session : null;
}

/** Minutes from the session's start to `nowMs` (0 for a start in the future). */
export function sessionMinutes(session: SessionState, nowMs: number): number {
  return Math.max(0, nowMs - session.startedAtMs) / MS_PER_MINUTE;
}

/** Minutes since the last interaction, or null when there was none. */
export function minutesSinceLastInteraction(session: SessionState | null, nowMs: number): number | null {
  return session === null ? null : Math.max(0, nowMs - session.lastAtMs) / MS_PER_MINUTE;
}

