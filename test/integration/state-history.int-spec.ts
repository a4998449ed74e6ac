// The state history an agent keeps (:StateSample), by the repositories that write it, on the
// real Neo4j in this process: one sample per state change, coalesced within the spacing, the
// newest SIZE kept, read back oldest first, per tenant. State changes at chosen moments stand
// in for hours passing. What only the whole path shows (a recall's sample written by the
// worker, the API's page-size bounds) stays in test/state-history.e2e-spec.ts.
import { loadConfig } from '@limbic/config';
import { moveAffect } from '@limbic/affect';
import { AgentRepository, StateHistoryRepository } from '@limbic/graph';
import { openGraph, type InProcessGraph } from '../support/graph';
import { uniqueSuffix } from '../support/processes';

const HOUR = 3_600_000;
const SIZE = 4;

describe('agent state history (repositories on the real Neo4j)', () => {
  const suffix = uniqueSuffix();
  const tenantA = `sh_a_${suffix}`;
  const tenantB = `sh_b_${suffix}`;
  let graph: InProcessGraph;
  let agents: AgentRepository;
  let history: StateHistoryRepository;
  const start = Date.now();

  beforeAll(async () => {
    graph = await openGraph([tenantA, tenantB]);
    history = new StateHistoryRepository(graph.executor, loadConfig({ LIMBIC_STATE_HISTORY_SIZE: String(SIZE) }));
    agents = new AgentRepository(graph.executor, history);
  });
  afterAll(async () => {
    await graph?.close();
  });

  const samples = (tenantId: string, agentId: string, sinceMs: number | null = null, first = 1440) => history.list(tenantId, agentId, sinceMs, first);
  const feel = (tenantId: string, agentId: string, valence: number, arousal: number, at: number) =>
    agents.updateState(tenantId, agentId, 'FEELING', (s) => moveAffect(s, { valence, arousal, dominance: 0.5 }, at));
  const samplesInGraph = async (tenantId: string, agentId: string): Promise<number> => {
    const { records } = await graph.driver.executeQuery('MATCH (s:StateSample {tenantId: $tenantId, agentId: $agentId}) RETURN count(s) AS n', { tenantId, agentId });
    return Number(records[0]?.get('n') ?? 0);
  };

  it('starts with the created state, and folds changes within a minute into one sample that shows the latest', async () => {
    await agents.create(tenantA, 'ada', 'agent', 'UTC', start);
    const [first] = await samples(tenantA, 'ada');
    expect(first).toMatchObject({ cause: 'CREATE', energy: 1, at: start });
    expect(first).toMatchObject({ mood: [0, 0.3, 0.5], affect: [0, 0, 0.5] });

    await feel(tenantA, 'ada', 0.8, 0.6, start + 10_000);
    const felt = await feel(tenantA, 'ada', -0.6, 0.8, start + 20_000);
    const folded = await samples(tenantA, 'ada');
    expect(folded).toHaveLength(1);
    expect(folded[0]).toMatchObject({ cause: 'FEELING', at: start + 20_000 });
    expect(folded[0]?.affect).toEqual(felt?.affect);
    expect(folded[0]?.mood).toEqual(felt?.mood);
  });

  it('adds a sample per change further apart, oldest first, keeping only the newest SIZE', async () => {
    const moments = [1, 2, 3, 4, 5].map((h) => start + h * HOUR);
    for (const [i, at] of moments.entries()) await feel(tenantA, 'ada', i / 10, 0.5, at);
    const kept = await samples(tenantA, 'ada');
    expect(kept.map((s) => [s.at, s.cause])).toEqual(moments.slice(-SIZE).map((at) => [at, 'FEELING']));
    expect(kept.map((s) => s.affect[0])).toEqual([0.1, 0.2, 0.3, 0.4].map((v) => expect.closeTo(v, 12)));
    expect(await samplesInGraph(tenantA, 'ada')).toBe(SIZE);
  });

  it('reads a window: since a moment, and the newest `first` of it', async () => {
    const all = await samples(tenantA, 'ada');
    const since = all[1]!.at;
    expect((await samples(tenantA, 'ada', since)).map((s) => s.at)).toEqual(all.slice(1).map((s) => s.at));
    expect((await samples(tenantA, 'ada', null, 1)).map((s) => s.at)).toEqual([all.at(-1)!.at]);
    expect(await samples(tenantA, 'ada', all.at(-1)!.at + 1)).toEqual([]);
  });

  it('marks a reset, and keeps each tenant to its own history', async () => {
    await agents.create(tenantA, 'bea', 'agent', 'UTC', start);
    await feel(tenantA, 'bea', 0.7, 0.9, start + 1000);
    expect(await agents.resetState(tenantA, 'bea', start + 2000)).toBe(true);
    const after = await samples(tenantA, 'bea');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ cause: 'RESET', energy: 1, affect: [0, 0, 0.5] });

    // The same agent id in another tenant: its own single sample, none of tenant A's.
    await agents.create(tenantB, 'ada', 'agent', 'UTC', start);
    expect((await samples(tenantB, 'ada')).map((s) => s.cause)).toEqual(['CREATE']);
    expect(await samplesInGraph(tenantB, 'ada')).toBe(1);
    expect(await samplesInGraph(tenantA, 'ada')).toBe(SIZE);
  });

  it('records nothing for an agent that does not exist', async () => {
    expect(await feel(tenantA, 'nobody', 0.5, 0.5, start)).toBeNull();
    expect(await agents.resetState(tenantA, 'nobody', start)).toBe(false);
    expect(await samplesInGraph(tenantA, 'nobody')).toBe(0);
  });
});
