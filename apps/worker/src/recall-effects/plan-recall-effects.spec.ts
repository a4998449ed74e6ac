import { hebbianUpdate, hebbianUpdateTimes, initialAgentState, SIGNAL_NAMES } from '@limbic/affect';
import type { AgentRecord, EffectsSnapshot } from '@limbic/graph';
import { CO_RECALLS_FOR_EDGE, planRecallEffects } from './plan-recall-effects';

const NOW = Date.UTC(2025, 5, 1, 12);
const agent: AgentRecord = {
  id: 'a',
  tenantId: 't',
  preset: 'agent',
  createdAt: NOW - 1000,
  affect: [0, 0, 0.5],
  affectAt: NOW - 1000,
  affectHistory: [],
  mood: [0, 0.3, 0.5],
  moodAt: NOW - 1000,
  momentum: [0, 0, 0],
  energy: 1,
  energyAt: NOW - 1000,
  weights: null,
  learnedWeights: null,
  timeZone: 'UTC',
  sessionStartedAt: null,
  sessionInteractions: 0,
  lastInteractionAt: null,
};

function snapshot(links: EffectsSnapshot['links'], labileUntil: number | null = null): EffectsSnapshot {
  return {
    agent,
    primed: [],
    memories: ['m1', 'm2', 'm3'].map((id) => ({
      id,
      affect: [0, 0, 0.5],
      expectedAffect: null,
      predictionRate: null,
      labileUntil,
      reconsolidationCount: 0,
      concepts: id === 'm1' ? ['release', 'deploy', 'friday'] : ['lunch'],
    })),
    links,
  };
}

const items = ['m1', 'm2', 'm3'].map((memoryId, i) => ({ memoryId, rank: i + 1, signals: Array.from({ length: 12 }, () => 0.5) }));

describe('planRecallEffects', () => {
  const state = initialAgentState(NOW - 1000);

  it('strengthens existing edges with the Hebbian rule and counts co-recalls of unlinked pairs', () => {
    const plan = planRecallEffects(
      snapshot([
        { a: 'm2', b: 'm1', type: 'SEMANTIC', weight: 0.4, count: 0 },
        { a: 'm1', b: 'm3', type: 'CO_RECALLED', weight: 0, count: 1 },
      ]),
      state,
      { now: NOW, items, concepts: ['deploy'], focusId: null },
    );
    expect(plan.strengthen).toEqual([{ a: 'm2', b: 'm1', type: 'SEMANTIC', weight: hebbianUpdate(0.4) }]);
    expect(plan.counters).toEqual(
      expect.arrayContaining([
        { a: 'm1', b: 'm3', count: 2 },
        { a: 'm2', b: 'm3', count: 1 },
      ]),
    );
    expect(plan.create).toEqual([]);
    expect(plan.primed).toEqual([{ name: 'deploy', activation: 0.5, at: NOW }]);
    expect(plan.energy).toBeCloseTo(0.98, 6);
    expect(plan.signals).toHaveLength(3 * SIGNAL_NAMES.length);
    // The recall is the agent's first interaction: it starts a session.
    expect(plan.session).toEqual({ startedAt: NOW, interactions: 1, lastAt: NOW });
  });

  it('links a pair co-recalled often enough', () => {
    const plan = planRecallEffects(snapshot([{ a: 'm1', b: 'm2', type: 'CO_RECALLED', weight: 0, count: CO_RECALLS_FOR_EDGE - 1 }]), state, {
      now: NOW,
      items,
      concepts: [],
      focusId: null,
    });
    expect(plan.create).toEqual([{ a: 'm1', b: 'm2', weight: hebbianUpdateTimes(0, CO_RECALLS_FOR_EDGE), count: CO_RECALLS_FOR_EDGE }]);
  });

  const ignited = { event: 'ignited' as const, focusId: 'm1', score: 0.7, sinceMs: NOW, expiresAtMs: NOW + 300_000, suppressed: ['m2', 'm3'] };

  it('stores the workspace the recall left and broadcasts a focus that ignited: its concepts are primed with the query’s', () => {
    const plan = planRecallEffects(snapshot([]), state, { now: NOW, items, concepts: ['deploy'], focusId: 'm1', workspace: ignited });
    expect(plan.workspace).toEqual(ignited);
    // deploy is in both: one bump.
    expect(plan.primed).toEqual([
      { name: 'deploy', activation: 0.5, at: NOW },
      { name: 'friday', activation: 0.5, at: NOW },
      { name: 'release', activation: 0.5, at: NOW },
    ]);
  });

  it('a held focus is not broadcast again; a job without a workspace leaves it', () => {
    const held = planRecallEffects(snapshot([]), state, { now: NOW, items, concepts: [], focusId: 'm1', workspace: { ...ignited, event: 'held' } });
    expect(held.primed).toEqual([]);
    expect(held.workspace).toMatchObject({ event: 'held', focusId: 'm1' });
    expect(planRecallEffects(snapshot([]), state, { now: NOW, items, concepts: [], focusId: null }).workspace).toBeNull();
  });

  it('reactivates every recalled memory; one recalled within its window under a surprising affect is rewritten', () => {
    const upset = { ...state, affect: { valence: -0.9, arousal: 0.95, dominance: 0.1 } };
    const first = planRecallEffects(snapshot([]), upset, { now: NOW, items, concepts: [], focusId: null });
    for (const m of first.memoryUpdates) {
      expect(m.labileUntil).toBe(NOW + 300_000);
      expect(m.valence).toBe(0);
    }
    const again = planRecallEffects(snapshot([], NOW), upset, { now: NOW, items, concepts: [], focusId: null });
    for (const m of again.memoryUpdates) {
      // APE ‖(−0.9, 0.95, −0.4)‖ ≈ 1.3685 → a quarter of it, 0.3421, of the way to −0.9.
      expect(m.valence).toBeCloseTo(-0.9 * 0.25 * Math.sqrt(0.81 + 0.9025 + 0.16), 6);
      expect(m.reconsolidationCount).toBe(1);
    }
  });
});
