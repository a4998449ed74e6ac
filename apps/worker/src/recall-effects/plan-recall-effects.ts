import {
  affectFromArray,
  affectToArray,
  conceptsToPrime,
  coRecalledPairs,
  hebbianUpdate,
  hebbianUpdateTimes,
  initialReconsolidationState,
  interact,
  presetOf,
  primeConcepts,
  reconsolidateOnRecall,
  SIGNAL_NAMES,
  type AgentAffectState,
} from '@limbic/affect';
import type { EffectsPlan, EffectsSnapshot, RecallWorkspace } from '@limbic/graph';

/** chosen: the top five results count as co-recalled; lower ranks were barely attended to. */
export const CO_RECALLED_TOP = 5;
/** chosen: a pair co-recalled this many times without a resonance edge gets one. */
export const CO_RECALLS_FOR_EDGE = 3;

export interface RecallEffectsInput {
  readonly now: number;
  readonly items: readonly { readonly memoryId: string; readonly rank: number; readonly signals: readonly number[] }[];
  readonly concepts: readonly string[];
  readonly focusId: string | null;
  /** The workspace the recall left; absent in jobs from before it was carried (then left as it is). */
  readonly workspace?: RecallWorkspace;
}

/**
 * What one recall changes (DESIGN §4.5), computed from the state it finds — pure, with every
 * formula from libs/affect: reconsolidation of each returned memory (APE against the agent's
 * affect now), Hebbian strengthening of edges among the co-recalled top results, a co-recall
 * count for pairs without an edge (and an edge once it reaches CO_RECALLS_FOR_EDGE), the
 * query's concepts primed, one interaction's energy spent and counted in the session, and the
 * global workspace the recall left — a focus that ignited (or took the workspace over) is
 * broadcast: its own concepts are primed with the query's, so the next recalls lean toward it.
 */
export function planRecallEffects(snapshot: EffectsSnapshot, state: AgentAffectState, input: RecallEffectsInput): EffectsPlan {
  const now = input.now;
  const memoryUpdates = snapshot.memories.map((m) => {
    const affect = affectFromArray(m.affect);
    const initial = initialReconsolidationState(affect);
    const outcome = reconsolidateOnRecall(
      {
        affect,
        expectedAffect: m.expectedAffect?.length === 3 ? affectFromArray(m.expectedAffect) : initial.expectedAffect,
        predictionRate: m.predictionRate ?? initial.predictionRate,
        labileUntilMs: m.labileUntil,
        reconsolidationCount: m.reconsolidationCount,
      },
      state.affect,
      now,
    );
    const s = outcome.state;
    return {
      id: m.id,
      valence: s.affect.valence,
      arousal: s.affect.arousal,
      dominance: s.affect.dominance,
      expectedAffect: affectToArray(s.expectedAffect),
      predictionRate: s.predictionRate,
      labileUntil: s.labileUntilMs,
      reconsolidationCount: s.reconsolidationCount,
    };
  });

  const top = [...input.items].sort((x, y) => x.rank - y.rank).slice(0, CO_RECALLED_TOP).map((i) => i.memoryId);
  const strengthen: { a: string; b: string; type: string; weight: number }[] = [];
  const counters: { a: string; b: string; count: number }[] = [];
  const create: { a: string; b: string; weight: number; count: number }[] = [];
  for (const [a, b] of coRecalledPairs(top)) {
    const between = snapshot.links.filter((l) => (l.a === a && l.b === b) || (l.a === b && l.b === a));
    const edges = between.filter((l) => l.type !== 'CO_RECALLED');
    if (edges.length > 0) {
      for (const e of edges) strengthen.push({ a: e.a, b: e.b, type: e.type, weight: hebbianUpdate(e.weight) });
      continue;
    }
    const count = between.reduce((n, l) => Math.max(n, l.count), 0) + 1;
    // As if each co-recall had strengthened an edge that started at zero.
    if (count >= CO_RECALLS_FOR_EDGE) create.push({ a, b, weight: hebbianUpdateTimes(0, count), count });
    else counters.push({ a, b, count });
  }

  const preset = presetOf(snapshot.agent.preset);
  const after = interact(state, now, preset.energy, preset.sessionGapMinutes);
  const energy = after.energy;
  const session = after.session ?? { startedAtMs: now, interactions: 1, lastAtMs: now };
  const workspace = input.workspace ?? null;
  const broadcast = workspace !== null && (workspace.event === 'ignited' || workspace.event === 'taken-over') ? focusConcepts(snapshot, workspace.focusId) : [];
  const primed = primeConcepts(snapshot.primed, [...input.concepts, ...broadcast], now).map((c) => ({ name: c.name, activation: c.activation, at: c.atMs }));
  const signals = input.items.flatMap((i) => SIGNAL_NAMES.map((_, k) => i.signals[k] ?? 0));
  return {
    memoryUpdates,
    strengthen,
    counters,
    create,
    energy: energy.energy,
    energyAt: energy.atMs,
    session: { startedAt: session.startedAtMs, interactions: session.interactions, lastAt: session.lastAtMs },
    workspace,
    primed,
    signals,
  };
}

/** The concepts a broadcast of the focus primes: its first ones, as one write of it would. */
function focusConcepts(snapshot: EffectsSnapshot, focusId: string | null): readonly string[] {
  const focus = snapshot.memories.find((m) => m.id === focusId);
  return focus ? conceptsToPrime([focus.concepts]) : [];
}
