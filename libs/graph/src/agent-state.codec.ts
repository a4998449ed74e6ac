import { affectFromArray, affectToArray, initialAgentState, momentumFromArray, momentumToArray, type AgentAffectState, type TimedAffect } from '@limbic/affect';
import type { AgentRecord } from './model';

/** Agent node properties ↔ the pure state of libs/affect. Lists are flat: Neo4j has no nested lists. */
export function decodeAgentState(a: AgentRecord): AgentAffectState {
  const base = initialAgentState(a.createdAt);
  const history: TimedAffect[] = [];
  for (let i = 0; i + 3 < a.affectHistory.length; i += 4) {
    const h = a.affectHistory;
    history.push({ affect: affectFromArray([h[i] ?? 0, h[i + 1] ?? 0, h[i + 2] ?? 0.5]), atMs: h[i + 3] ?? a.affectAt });
  }
  return {
    affect: a.affect.length === 3 ? affectFromArray(a.affect) : base.affect,
    affectAtMs: a.affectAt,
    history: history.length > 0 ? history : [{ affect: a.affect.length === 3 ? affectFromArray(a.affect) : base.affect, atMs: a.affectAt }],
    mood: { mood: a.mood.length === 3 ? affectFromArray(a.mood) : base.mood.mood, atMs: a.moodAt },
    momentum: a.momentum.length === 3 ? momentumFromArray(a.momentum) : base.momentum,
    energy: { energy: a.energy, atMs: a.energyAt },
    session:
      a.sessionStartedAt === null
        ? null
        : { startedAtMs: a.sessionStartedAt, interactions: a.sessionInteractions, lastAtMs: a.lastInteractionAt ?? a.sessionStartedAt },
  };
}

export interface AgentStateParams {
  readonly affect: readonly number[];
  readonly affectAt: number;
  readonly affectHistory: readonly number[];
  readonly mood: readonly number[];
  readonly moodAt: number;
  readonly momentum: readonly number[];
  readonly energy: number;
  readonly energyAt: number;
  /** The session; all three null before the first interaction. */
  readonly sessionStartedAt: number | null;
  readonly sessionInteractions: number | null;
  readonly lastInteractionAt: number | null;
}

export function encodeAgentState(s: AgentAffectState): AgentStateParams {
  return {
    affect: affectToArray(s.affect),
    affectAt: s.affectAtMs,
    affectHistory: s.history.flatMap((h) => [...affectToArray(h.affect), h.atMs]),
    mood: affectToArray(s.mood.mood),
    moodAt: s.mood.atMs,
    momentum: momentumToArray(s.momentum),
    energy: s.energy.energy,
    energyAt: s.energy.atMs,
    sessionStartedAt: s.session?.startedAtMs ?? null,
    sessionInteractions: s.session?.interactions ?? null,
    lastInteractionAt: s.session?.lastAtMs ?? null,
  };
}
