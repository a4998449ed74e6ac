// Behavioural scenarios of issue 3, run through the library alone: encode with the real
// dynamics (mood, momentum, lexicon blend, consolidation, importance), then recall.
import { blendAppraisal } from '../appraisal/appraisal-to-affect';
import { consolidationStrength } from '../appraisal/consolidation-strength';
import { estimateImportance } from '../appraisal/importance';
import { lexiconAffect } from '../appraisal/lexicon-appraiser';
import { primeConcepts } from '../dynamics/attention-residue';
import { momentumFromHistory, pushAffectHistory } from '../dynamics/momentum';
import { advanceMood } from '../dynamics/mood';
import { extractConcepts } from '../text/concepts';
import type { CoreAffect, MoodState, PrimedConcept, TimedAffect } from '../types/affect.types';
import type { SpreadGraph } from '../types/graph.types';
import type { GoalContext, RecallCandidate, RecallContext } from '../types/recall.types';
import { energySearchBreadth } from './energy-effects';
import { PROFILES } from './profiles';
import { resolveWeights } from './resolve-weights';
import { recallInMemory, scoreCandidates } from './score';

const MIN = 60_000;
const HOUR = 60 * MIN;
const T0 = Date.UTC(2025, 0, 10, 9);

const POSITIVE: CoreAffect = { valence: 0.8, arousal: 0.8, dominance: 0.7 };
const NEGATIVE: CoreAffect = { valence: -0.8, arousal: 0.9, dominance: 0.2 };

class Agent {
  affect: CoreAffect = { valence: 0, arousal: 0.3, dominance: 0.5 };
  mood: MoodState = { mood: { valence: 0, arousal: 0.3, dominance: 0.5 }, atMs: T0 };
  history: readonly TimedAffect[] = [];
  primed: readonly PrimedConcept[] = [];
  readonly memories: RecallCandidate[] = [];

  setAffect(affect: CoreAffect, atMs: number): void {
    this.affect = affect;
    this.history = pushAffectHistory(this.history, { affect, atMs });
    this.mood = advanceMood(this.mood, affect, atMs);
  }

  /** Fast path (raw affect = current state) followed by the slow path's lexicon blend. */
  encode(id: string, content: string, atMs: number): void {
    const lexicon = lexiconAffect(content);
    const blended = blendAppraisal(this.affect, lexicon, lexicon.confidence);
    const affect = { ...blended, dominance: this.affect.dominance };
    this.memories.push({
      id,
      semanticSimilarity: 0,
      bm25: 0,
      affect,
      moodAtEncoding: this.mood.mood,
      momentumAtEncoding: momentumFromHistory(this.history),
      occurredAtMs: atMs,
      accessCount: 0,
      consolidation: consolidationStrength(affect.arousal, this.mood.mood.arousal),
      importance: estimateImportance(content),
      tags: extractConcepts(content),
    });
  }

  context(nowMs: number, goals: readonly GoalContext[] = []): RecallContext {
    return {
      nowMs,
      affect: this.affect,
      mood: this.mood.mood,
      momentum: momentumFromHistory(this.history),
      goals,
      primedConcepts: this.primed,
      contextTags: extractConcepts('project work'),
    };
  }
}

/** The agent of the issue: two good memories in a positive state, an outage in a negative one. */
function encodedAgent(): Agent {
  const agent = new Agent();
  agent.setAffect({ valence: 0.6, arousal: 0.6, dominance: 0.6 }, T0);
  agent.setAffect(POSITIVE, T0 + 10 * MIN);
  agent.encode('engine', 'shipped the new engine, team proud', T0 + 15 * MIN);
  agent.encode('pizza', 'pizza celebration, relieved', T0 + 30 * MIN);
  agent.setAffect({ valence: 0, arousal: 0.3, dominance: 0.5 }, T0 + 2 * HOUR);
  agent.encode('sync', 'weekly project sync notes', T0 + 2 * HOUR + 5 * MIN);
  agent.setAffect({ valence: -0.4, arousal: 0.7, dominance: 0.4 }, T0 + 3 * HOUR);
  agent.setAffect(NEGATIVE, T0 + 3 * HOUR + 5 * MIN);
  agent.encode('outage', 'database outage at 3am, on call', T0 + 3 * HOUR + 10 * MIN);
  return agent;
}

/** "project work" is equally similar to every memory. */
function sameSimilarity(agent: Agent, similarity = 0.6): readonly RecallCandidate[] {
  return agent.memories.map((m) => ({ ...m, semanticSimilarity: similarity }));
}

/** The agent lives through a few moments of `affect` before recalling at `nowMs`. */
function feel(agent: Agent, affect: CoreAffect, nowMs: number): void {
  for (let i = 4; i >= 0; i--) agent.setAffect({ ...affect, valence: affect.valence * (1 - i * 0.1) }, nowMs - i * 2 * MIN);
}

const RECALL_AT = T0 + 26 * HOUR;

describe('scenario: mood-congruent recall (issue 3)', () => {
  it('encodes the outage negative and the celebrations positive', () => {
    const agent = encodedAgent();
    const byId = new Map(agent.memories.map((m) => [m.id, m]));
    expect(byId.get('engine')?.affect.valence).toBeGreaterThan(0.5);
    expect(byId.get('pizza')?.affect.valence).toBeGreaterThan(0.5);
    expect(byId.get('outage')?.affect.valence).toBeLessThan(-0.5);
  });

  it('from a positive state a positive memory ranks first under `affective`', () => {
    const agent = encodedAgent();
    feel(agent, { valence: 0.7, arousal: 0.7, dominance: 0.6 }, RECALL_AT);
    const ranked = scoreCandidates(sameSimilarity(agent), agent.context(RECALL_AT), PROFILES.affective);
    expect(['engine', 'pizza']).toContain(ranked[0]?.id);
    expect(ranked[ranked.length - 1]?.id).toBe('outage');
  });

  it('from a negative state the outage ranks first under `affective`', () => {
    const agent = encodedAgent();
    feel(agent, { valence: -0.7, arousal: 0.8, dominance: 0.3 }, RECALL_AT);
    const ranked = scoreCandidates(sameSimilarity(agent), agent.context(RECALL_AT), PROFILES.affective);
    expect(ranked[0]?.id).toBe('outage');
  });

  it('affect reorders what the query finds, it does not replace it: the one memory the query words name ranks first under `affective` in any mood', () => {
    for (const affect of [
      { valence: -0.7, arousal: 0.8, dominance: 0.3 },
      { valence: 0.7, arousal: 0.7, dominance: 0.6 },
    ]) {
      const agent = encodedAgent();
      feel(agent, affect, RECALL_AT);
      // An embedding that decides little (every memory equally close) and the query's words in one memory.
      const candidates = sameSimilarity(agent).map((m) => (m.id === 'sync' ? { ...m, bm25: 4.2 } : m));
      const { weights } = resolveWeights({ mood: agent.mood.mood, profile: 'affective' });
      expect(scoreCandidates(candidates, agent.context(RECALL_AT), weights)[0]?.id).toBe('sync');
    }
  });

  it('the same holds with mood-adapted affective weights', () => {
    const agent = encodedAgent();
    feel(agent, { valence: -0.7, arousal: 0.8, dominance: 0.3 }, RECALL_AT);
    const { weights } = resolveWeights({ mood: agent.mood.mood, profile: 'affective' });
    expect(scoreCandidates(sameSimilarity(agent), agent.context(RECALL_AT), weights)[0]?.id).toBe('outage');
  });
});

describe('scenario: goals, priming and energy change the ranking in the documented direction', () => {
  const neutral = (): Agent => {
    const agent = encodedAgent();
    agent.setAffect({ valence: 0, arousal: 0.3, dominance: 0.5 }, RECALL_AT);
    return agent;
  };

  it('goals: the memory relevant to the top-priority goal rises (state profile)', () => {
    const agent = neutral();
    const sims: Record<string, Record<string, number>> = {
      engine: { ship: 0.9, reliability: 0.2 },
      pizza: { ship: 0.3, reliability: 0.1 },
      sync: { ship: 0.4, reliability: 0.3 },
      outage: { ship: 0.2, reliability: 0.9 },
    };
    const pool = sameSimilarity(agent).map((m) => ({ ...m, goalSimilarities: sims[m.id] ?? {} }));
    const ship = scoreCandidates(pool, agent.context(RECALL_AT, [{ id: 'ship', priority: 1 }]), PROFILES.state);
    const reliability = scoreCandidates(pool, agent.context(RECALL_AT, [{ id: 'reliability', priority: 1 }]), PROFILES.state);
    expect(ship[0]?.id).toBe('engine');
    expect(reliability[0]?.id).toBe('outage');
  });

  it('priming: a concept the agent just thought about lifts the memories tagged with it', () => {
    const agent = neutral();
    const before = scoreCandidates(sameSimilarity(agent), agent.context(RECALL_AT), PROFILES.state);
    agent.primed = primeConcepts([], ['pizza', 'celebration'], RECALL_AT - 5 * MIN);
    const after = scoreCandidates(sameSimilarity(agent), agent.context(RECALL_AT), PROFILES.state);
    expect(after[0]?.id).toBe('pizza');
    expect(after.find((s) => s.id === 'pizza')?.rank).toBeLessThan(before.find((s) => s.id === 'pizza')?.rank ?? 0);
    // Two hours later the residue has vanished and the ranking is back.
    const later = scoreCandidates(sameSimilarity(agent), agent.context(RECALL_AT + 2 * HOUR), PROFILES.state);
    expect(later.find((s) => s.id === 'pizza')?.signals.priming).toBe(0);
  });

  it('energy: a rested agent reaches further along edges than a tired one, which also cuts harder', () => {
    const agent = neutral();
    const retro: RecallCandidate = { ...agent.memories[0]!, id: 'retro', tags: [] };
    const pool = sameSimilarity(agent).map((m) => ({ ...m, semanticSimilarity: m.id === 'engine' ? 0.9 : 0.3 }));
    // engine — m1 — retro: two hops away from the best seed.
    const graph: SpreadGraph = {
      nodes: ['engine', 'pizza', 'sync', 'outage', 'm1', 'retro'],
      edges: [
        { a: 'engine', b: 'm1', type: 'SEMANTIC', weight: 0.9 },
        { a: 'm1', b: 'retro', type: 'SEMANTIC', weight: 0.9 },
      ],
    };
    const weights = PROFILES.balanced;
    // `cutAt`: the energy the cut sees (1: no cut), so that what the walk reaches shows alone.
    const run = (energy: number, cutAt = energy) => {
      const breadth = energySearchBreadth(energy);
      return recallInMemory({
        pool,
        others: [{ ...retro, semanticSimilarity: 0 }],
        context: agent.context(RECALL_AT),
        weights,
        graph,
        spread: { hops: breadth.hops, minActivation: 0.01 },
        seeds: breadth.seeds,
        energy: cutAt,
      });
    };
    const rested = run(1);
    const normal = run(0.5);
    const tired = run(0.05);
    expect(rested.map((r) => r.id)).toContain('retro');
    expect(run(0.05, 1).map((r) => r.id)).not.toContain('retro');
    expect(tired.length).toBeLessThan(normal.length);
    expect(tired[0]?.id).toBe('engine');
  });
});

describe('scenario: a calm neutral mood leaves the semantic order untouched', () => {
  it('balanced weights, adapted to a calm neutral mood, rank by semantic similarity', () => {
    const agent = encodedAgent();
    agent.setAffect({ valence: 0, arousal: 0.2, dominance: 0.5 }, RECALL_AT);
    const calmMood = { valence: 0, arousal: 0.2, dominance: 0.5 };
    const sims: Record<string, number> = { outage: 0.82, sync: 0.74, engine: 0.66, pizza: 0.58 };
    const pool = agent.memories.map((m) => ({ ...m, semanticSimilarity: sims[m.id] ?? 0 }));
    const { weights } = resolveWeights({ mood: calmMood });
    expect(weights.semantic).toBeGreaterThanOrEqual(PROFILES.balanced.semantic);
    const ranked = scoreCandidates(pool, { ...agent.context(RECALL_AT), mood: calmMood }, weights);
    expect(ranked.map((r) => r.id)).toEqual(['outage', 'sync', 'engine', 'pizza']);
    expect(scoreCandidates(pool, agent.context(RECALL_AT), PROFILES.semantic).map((r) => r.id)).toEqual(['outage', 'sync', 'engine', 'pizza']);
  });
});
