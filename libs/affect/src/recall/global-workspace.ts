import { FOCUS } from '../constants';
import { compareStrings } from '../math/scalar';

/** A recall result as the workspace sees it. */
export interface WorkspaceCandidate {
  readonly id: string;
  readonly score: number;
}

/**
 * What an agent's global workspace holds between recalls (stored with the agent). `focusId`
 * null: empty. Times are the recalls' instants (their `now`), so replaying history with `now`
 * gives the same workspace every time.
 */
export interface WorkspaceState {
  readonly focusId: string | null;
  /** The score the focus ignited with: its strength while it holds the workspace. */
  readonly score: number;
  readonly sinceMs: number;
  readonly expiresAtMs: number;
  /** The competitors the focus beat when it ignited: they cannot take the workspace until it expires. */
  readonly suppressed: readonly string[];
}

export const EMPTY_WORKSPACE: WorkspaceState = { focusId: null, score: 0, sinceMs: 0, expiresAtMs: 0, suppressed: [] };

/** ignited: a focus won an empty (or expired) workspace; taken-over: a challenger beat the holder; held: the holder stays. */
export type WorkspaceEvent = 'none' | 'ignited' | 'taken-over' | 'held';

export interface WorkspaceRound {
  readonly event: WorkspaceEvent;
  /** The workspace after this recall (EMPTY_WORKSPACE when nothing holds it). */
  readonly state: WorkspaceState;
}

/** True while the focus holds the workspace at `nowMs`: from `since` (inclusive) to `expiresAt` (exclusive). */
export function isWorkspaceActive(state: WorkspaceState, nowMs: number): boolean {
  return state.focusId !== null && state.sinceMs <= nowMs && nowMs < state.expiresAtMs;
}

/**
 * One recall's round of the global workspace (BioMem):
 *  - an empty or expired workspace: the best result ignites when its score exceeds 0.4 and
 *    leads the runner-up by at least 0.1 (a lone result's runner-up is 0); its competitors
 *    (the other results, strongest first, at most FOCUS.maxSuppressed) are suppressed;
 *  - a workspace held at `nowMs`: the focus stays, with its `since` and `expiresAt`, unless a
 *    challenger — the best result that is neither the focus nor suppressed — scores above 0.4
 *    and at least 0.1 above the focus's strength (the larger of its ignition score and its
 *    score in this recall; a focus this recall did not return keeps its ignition score). The
 *    challenger then ignites in its place and suppresses the others, the old focus included.
 * Ties break by id, so the outcome depends on neither result order nor anything but its inputs.
 */
export function workspaceRound(
  results: readonly WorkspaceCandidate[],
  state: WorkspaceState,
  nowMs: number,
  ttlMs: number = FOCUS.ttlMs,
): WorkspaceRound {
  const ranked = [...results].sort(byStrength);
  if (isWorkspaceActive(state, nowMs)) {
    const holderId = state.focusId;
    const suppressed = new Set(state.suppressed);
    const strength = Math.max(state.score, ranked.find((r) => r.id === holderId)?.score ?? 0);
    const challenger = ranked.find((r) => r.id !== holderId && !suppressed.has(r.id));
    if (challenger !== undefined && ignites(challenger.score, strength)) {
      return { event: 'taken-over', state: ignition(challenger, ranked, nowMs, ttlMs, holderId) };
    }
    return { event: 'held', state };
  }
  const [top, second] = ranked;
  if (top === undefined || !ignites(top.score, second?.score ?? 0)) return { event: 'none', state: EMPTY_WORKSPACE };
  return { event: 'ignited', state: ignition(top, ranked, nowMs, ttlMs, null) };
}

/**
 * The broadcast of a held focus into a recall at `nowMs`: an extra spreading-activation seed
 * at the focus's strength, so that its neighbours are lifted (null when nothing holds the workspace).
 */
export function broadcastSeed(state: WorkspaceState, nowMs: number): WorkspaceCandidate | null {
  if (!isWorkspaceActive(state, nowMs) || state.focusId === null) return null;
  return { id: state.focusId, score: state.score };
}

/** `seeds` with the broadcast seed added; a memory already seeded keeps the larger activation. */
export function withBroadcastSeed(
  seeds: readonly { readonly id: string; readonly activation: number }[],
  broadcast: WorkspaceCandidate | null,
): { id: string; activation: number }[] {
  const out = seeds.map((s) => ({ id: s.id, activation: s.activation }));
  if (broadcast === null) return out;
  const seeded = out.find((s) => s.id === broadcast.id);
  if (seeded) seeded.activation = Math.max(seeded.activation, broadcast.score);
  else out.push({ id: broadcast.id, activation: broadcast.score });
  return out;
}

function ignites(score: number, rival: number): boolean {
  return score > FOCUS.ignitionThreshold && score - rival >= FOCUS.minimumLead - FOCUS.tolerance;
}

function ignition(
  winner: WorkspaceCandidate,
  ranked: readonly WorkspaceCandidate[],
  nowMs: number,
  ttlMs: number,
  previous: string | null,
): WorkspaceState {
  const competitors = ranked.filter((r) => r.id !== winner.id && r.id !== previous).map((r) => r.id);
  if (previous !== null) competitors.unshift(previous);
  return {
    focusId: winner.id,
    score: winner.score,
    sinceMs: nowMs,
    expiresAtMs: nowMs + Math.max(0, ttlMs),
    suppressed: [...new Set(competitors)].slice(0, FOCUS.maxSuppressed),
  };
}

function byStrength(x: WorkspaceCandidate, y: WorkspaceCandidate): number {
  return y.score - x.score || compareStrings(x.id, y.id);
}
