// The state model does what it says (issue 19), through the API on the real stack: every
// parameter a preset defines changes behaviour in its documented direction on the same data;
// an affect the caller gave survives appraisal; observe and encode prime their concepts;
// recall says how many results the energy cut removed.
import { PROFILES } from '@limbic/affect';
import type { Driver } from 'neo4j-driver';
import { eventually, memoryFlags, testDriver } from './support/neo4j';
import type { AgentPreset, RecallOptions, RecallResult, RememberInput } from '@limbic/client';
import { sharedStack, type SharedStack } from './support/shared-stack';

type RecallView = RecallResult;
type Recall = RecallOptions & { query: string };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DB = { database: process.env.NEO4J_DATABASE ?? 'neo4j' };

// Each test sets up several agents on a shared two-core machine.
jest.setTimeout(240_000);

describe('the state model does what it says', () => {
  let stack: SharedStack;
  let driver: Driver;
  const limbic = () => stack.tenants[0]!.limbic;
  const create = (id: string, preset: AgentPreset) => limbic().createAgent(id, preset);
  const encode = ({ agentId, ...input }: RememberInput & { agentId: string }) => limbic().remember(agentId, input);
  const recall = (agentId: string, { query, ...options }: Recall) => limbic().recall(agentId, query, { explain: true, ...options });
  const item = (r: RecallView, externalId: string) => r.items.find((i) => i.memory.externalId === externalId);
  const encodeAll = (agentId: string, items: RememberInput[]) => limbic().rememberMany(agentId, items);
  const primed = async (id: string) => (await limbic().agent(id)).primedConcepts;

  beforeAll(async () => {
    stack = await sharedStack({ tenants: 1, worker: true });
    driver = testDriver();
  });
  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  describe('two presets on the same data', () => {
    it('starting profile: npc starts open queries from salience (weightSource preset); agent from balanced; fact-seeking queries keep balanced', async () => {
      const notes = ['The supplier called about the invoice backlog.', 'We argued loudly about the release date!', 'Lunch with the design team.'];
      for (const [id, preset] of [
        ['prof-npc', 'npc'],
        ['prof-agent', 'agent'],
      ] as const) {
        await create(id, preset);
        await encodeAll(id, notes.map((content, i) => ({ externalId: `n${i}`, content })));
      }
      const open = { query: 'anything on my mind', topK: 3 };
      const npc = await recall('prof-npc', open);
      const agent = await recall('prof-agent', open);
      expect(npc.queryType).toBe('open');
      expect(npc.weightSource).toBe('preset');
      expect(agent.weightSource).toBe('routed');
      // salience: emotionalIntensity .25, frequency .10, no lexical (mood adaptation moves semantic weight only).
      expect(npc.weights.emotionalIntensity).toBeGreaterThan(0.2);
      expect(npc.weights.frequency).toBeGreaterThan(0.05);
      expect(npc.weights.lexical).toBe(0);
      expect(agent.weights.emotionalIntensity).toBe(0);
      expect(agent.weights.lexical).toBeCloseTo(PROFILES.balanced.lexical, 9);

      const factual = { query: 'invoice backlog', topK: 3 };
      const npcFact = await recall('prof-npc', factual);
      const agentFact = await recall('prof-agent', factual);
      expect(npcFact.queryType).toBe('factual');
      expect(npcFact.weightSource).toBe('routed');
      expect(npcFact.weights).toEqual(agentFact.weights);
    });

    it('decay scale: an older memory ranks relatively lower under faster decay (npc 1.5) than slower (enterprise 0.5)', async () => {
      const now = Date.now();
      // Arousal 0.6: well consolidated (c ≈ 0.86), so recency weighs in the score, and below the 0.7 flashbulb floor.
      const affect = { valence: 0.1, arousal: 0.6, dominance: 0.5 };
      for (const [id, preset] of [
        ['decay-npc', 'npc'],
        ['decay-ent', 'enterprise'],
      ] as const) {
        await create(id, preset);
        await encodeAll(id, [
          { externalId: 'old', content: 'Met the supplier about the invoice backlog.', affect, occurredAt: new Date(now - 30 * DAY).toISOString() },
          { externalId: 'new', content: 'Met the supplier about the delivery schedule.', affect, occurredAt: new Date(now - HOUR).toISOString() },
        ]);
      }
      // The same explicit weights for both, so only the decay differs.
      const input = { query: 'supplier meeting', topK: 2, now: new Date(now).toISOString(), weights: { semantic: 0.5, recency: 0.5 }, spread: { enabled: false } };
      const npc = await recall('decay-npc', input);
      const ent = await recall('decay-ent', input);
      const ratio = (r: RecallView) => item(r, 'old')!.explanation!.signals.recency! / item(r, 'new')!.explanation!.signals.recency!;
      const share = (r: RecallView) => item(r, 'old')!.score / item(r, 'new')!.score;
      expect(ratio(npc)).toBeLessThan(ratio(ent));
      expect(ratio(npc)).toBeLessThan(0.1);
      expect(ratio(ent)).toBeGreaterThan(0.2);
      expect(share(npc)).toBeLessThan(share(ent));
      expect(item(npc, 'new')!.rank).toBe(1);
    });

    it('spreading breadth: academic (3 hops from 12 seeds) reaches more memories along the timeline than enterprise (1 hop)', async () => {
      // A day apart and far apart in affect: the only edges are the timeline's.
      const t0 = Date.parse('2025-03-01T09:00:00Z');
      const steps = [
        ['s0', 'Unpacked the telescope kit in the garage.', { valence: -1, arousal: 0, dominance: 0 }],
        ['s1', 'Grandmother phoned from Lisbon.', { valence: 1, arousal: 1, dominance: 0 }],
        ['s2', 'Renewed the car insurance policy.', { valence: -1, arousal: 1, dominance: 1 }],
        ['s3', 'Baked sourdough bread for the neighbours.', { valence: 1, arousal: 0, dominance: 1 }],
        ['s4', 'Watched a documentary about glaciers.', { valence: 0, arousal: 0.5, dominance: 0.5 }],
      ] as const;
      for (const [id, preset] of [
        ['spread-aca', 'academic'],
        ['spread-ent', 'enterprise'],
      ] as const) {
        await create(id, preset);
        await encodeAll(
          id,
          steps.map(([externalId, content, affect], i) => ({ externalId, content, affect, occurredAt: new Date(t0 + i * DAY).toISOString() })),
        );
      }
      // One seed and a tiny floor: how far activation gets depends on the hops alone.
      const input = { query: 'telescope kit garage', topK: 5, now: new Date(t0 + 10 * DAY).toISOString(), spread: { seeds: 1, minActivation: 0.0001 } };
      const reached = (r: RecallView) => r.items.filter((i) => (i.explanation?.activation?.path.length ?? 0) > 1).map((i) => i.memory.externalId).sort();
      const longest = (r: RecallView) => Math.max(0, ...r.items.map((i) => (i.explanation?.activation?.path.length ?? 1) - 1));
      const aca = await recall('spread-aca', input);
      const ent = await recall('spread-ent', input);
      expect(item(aca, 's0')?.rank).toBe(1);
      expect(reached(aca).length).toBeGreaterThan(reached(ent).length);
      expect(reached(ent).every((x) => reached(aca).includes(x))).toBe(true);
      expect(longest(aca)).toBe(3);
      expect(longest(ent)).toBe(1);
    });

    it('review pace: npc reviews a new memory sooner (45 min), academic later (2 h), agent at DESIGN’s 1 h', async () => {
      const due: Record<string, number> = {};
      for (const preset of ['npc', 'agent', 'academic'] as const) {
        const id = `pace-${preset}`;
        await create(id, preset);
        const memory = await encode({ agentId: id, content: 'Wrote down the plan for the quarter.' });
        const { records } = await driver.executeQuery(
          'MATCH (m:Memory {id: $id}) RETURN m.nextReviewAt.epochMillis - m.encodedAt.epochMillis AS wait',
          { id: memory.id },
          DB,
        );
        due[preset] = Number(records[0]?.get('wait'));
      }
      expect(due.npc).toBe(0.75 * HOUR);
      expect(due.agent).toBe(HOUR);
      expect(due.academic).toBe(2 * HOUR);
    });
  });

  it('an explicit affect is kept as given after appraisal; an inferred one is refined and says so', async () => {
    await create('caller-truth', 'agent');
    // Text the lexicon reads as very negative, given as very positive by the caller.
    const given = await encode({ agentId: 'caller-truth', content: 'Terrible, awful, disastrous failure; everything broke.', affect: { valence: 0.9, arousal: 0.2, dominance: 0.6 } });
    const inferred = await encode({ agentId: 'caller-truth', content: 'Terrible, awful, disastrous failure; everything broke again.' });
    expect(given.affectGiven).toBe(true);
    expect(inferred.affectGiven).toBe(false);
    for (const id of [given.id, inferred.id]) await eventually(() => memoryFlags(driver, id), (m) => m?.pendingAppraisal === false, 30_000);
    const kept = await limbic().memory(given.id);
    expect(kept).toMatchObject({ valence: 0.9, arousal: 0.2, dominance: 0.6, affectGiven: true, pendingAppraisal: false });
    const { records } = await driver.executeQuery('MATCH (m:Memory {id: $id}) RETURN m.appraisal AS checks, m.appraisedAt IS NOT NULL AS appraised', { id: given.id }, DB);
    // Still appraised (the checks are recorded), only its affect is the caller's.
    expect(records[0]?.get('appraised')).toBe(true);
    expect(records[0]?.get('checks')).toHaveLength(5);
    expect((await limbic().memory(inferred.id)).valence).toBeLessThan(0);
  });

  it('encode and observe prime the concepts they mention, as recall does: agent.primedConcepts and the recall priming signal', async () => {
    const id = 'attentive';
    await create(id, 'agent');
    await encode({ agentId: id, externalId: 'k8s', content: 'Cluster node pool resized overnight.', tags: ['kubernetes'] });
    await encode({ agentId: id, externalId: 'cat', content: 'The cat knocked a glass off the table.', tags: ['home'] });
    const afterEncode = await primed(id);
    const activation = (list: { name: string; activation: number }[], name: string) => list.find((c) => c.name === name)?.activation ?? 0;
    expect(activation(afterEncode, 'kubernetes')).toBeGreaterThan(0.4);
    expect(activation(afterEncode, 'home')).toBeGreaterThan(0.4);
    expect(activation(afterEncode, 'invoices')).toBe(0);

    const query = { query: 'anything on my mind', topK: 2, profile: 'state' as const, spread: { enabled: false } };
    // What the encode primed shows in the next recall's priming signal. This probe ranks by
    // priming alone, where the two memories tie: it must not ignite the workspace, whose
    // broadcast would prime the focus's concepts again (the workspace e2e tests that).
    const probe = await recall(id, { ...query, weights: { priming: 1 } });
    expect(probe.focus).toBeNull();
    expect(item(probe, 'k8s')?.explanation?.signals.priming).toBeGreaterThan(0.4);

    await limbic().observe(id, 'The kubernetes upgrade is planned for tonight.');
    const afterObserve = await primed(id);
    // 0.5 from the encode, + 0.5 from the observe (capped at 1); a concept only observed starts at 0.5.
    expect(activation(afterObserve, 'kubernetes')).toBeGreaterThan(0.9);
    expect(activation(afterObserve, 'upgrade')).toBeGreaterThan(0.4);
    // The same decay as a recall's priming (half-life 30 min, gone below 0.1): 80 minutes on, what
    // was primed once (0.5 → 0.08) has vanished, the observed 'kubernetes' (1 → 0.16) has not.
    const later = await recall(id, { ...query, now: new Date(Date.now() + 80 * 60_000).toISOString() });
    expect(item(later, 'k8s')?.explanation?.signals.priming).toBeGreaterThan(0.12);
    expect(item(later, 'k8s')?.explanation?.signals.priming).toBeLessThan(0.2);
    expect(item(later, 'cat')?.explanation?.signals.priming).toBe(0);
    const gone = await recall(id, { ...query, now: new Date(Date.now() + 3 * HOUR).toISOString() });
    expect(item(gone, 'k8s')?.explanation?.signals.priming).toBe(0);
  });

  it('recall says how many results the energy cut removed; a rested agent loses none', async () => {
    const id = 'tired-count';
    await create(id, 'agent');
    // Thirty encode calls, ten at a time: each call is one interaction, however they are written.
    for (let k = 0; k < 3; k++) {
      await Promise.all(
        Array.from({ length: 10 }, (_, j) => 10 * k + j).map((i) =>
          encode({ agentId: id, content: `status update ${i}: ${i % 3 === 0 ? 'deploy pipeline green' : 'nothing notable happened today'}` }),
        ),
      );
    }
    const query = { query: 'deploy pipeline green', topK: 20, spread: { enabled: false } };
    const tired = await recall(id, { ...query, now: new Date().toISOString() });
    const rested = await recall(id, { ...query, now: new Date(Date.now() + DAY).toISOString() });
    expect(rested.energyCut).toBe(0);
    expect(rested.items).toHaveLength(20);
    expect(tired.energyCut).toBeGreaterThan(0);
    expect(tired.items.length + tired.energyCut).toBe(20);
    // Baselines are never cut.
    expect((await recall(id, { ...query, profile: 'semantic', now: new Date().toISOString() })).energyCut).toBe(0);
  });
});
