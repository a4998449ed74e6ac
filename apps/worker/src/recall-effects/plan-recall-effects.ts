import {
  affectFromArray,
  affectToArray,
  coRecalledPairs,
  FOCUS,
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
import type { EffectsPlan, EffectsSnapshot } from '@limbic/graph';

/** chosen: the top five results count as co-recalled; lower ranks were barely attended to. */
export const CO_RECALLED_TOP = 5;
/** chosen: a pair co-recalled this many times without a resonance edge gets one. */
export const CO_RECALLS_FOR_EDGE = 3;

export interface RecallEffectsInput {
  readonly now: number;
  readonly items: readonly { readonly memoryId: string; readonly rank: number; readonly signals: readonly number[] }[];
  readonly concepts: readonly string[];
  readonly focusId: string | null;
}

/**
 * What one recall changes (DESIGN §4.5), computed from the state it finds — pure, with every
 * formula from libs/affect: reconsolidation of each returned memory (APE against the agent's
 * affect now), Hebbian strengthening of edges among the co-recalled top results, a co-recall
 * count for pairs without an edge (and an edge once it reaches CO_RECALLS_FOR_EDGE), the
 * query's concepts primed, one interaction's energy spent and counted in the session, and
 * focus's refractory count.
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
  const primed = primeConcepts(snapshot.primed, input.concepts, now).map((c) => ({ name: c.name, activation: c.activation, at: c.atMs }));
  const focusRefractory = input.focusId !== null ? FOCUS.defaultRefractoryRecalls : Math.max(0, snapshot.focusRefractory - 1);
  const signals = input.items.flatMap((i) => SIGNAL_NAMES.map((_, k) => i.signals[k] ?? 0));
  return {
    memoryUpdates,
    strengthen,
    counters,
    create,
    energy: energy.energy,
    energyAt: energy.atMs,
    session: { startedAt: session.startedAtMs, interactions: session.interactions, lastAt: session.lastAtMs },
    focusRefractory,
    primed,
    signals,
  };
}
