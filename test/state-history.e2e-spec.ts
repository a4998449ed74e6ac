// The state history an agent keeps (Agent.stateHistory), through the API and the worker: each
// kind of state change the API makes records its sample, a recall's sample is written by the
// worker at the recall's own moment (recalls at later `now`s stand in for hours passing), the
// page size is bounded, and the history goes with its agent. Coalescing, the newest
// LIMBIC_STATE_HISTORY_SIZE kept, windows, resets and tenants are the repositories' behaviour:
// test/integration/state-history.int-spec.ts.
import type { Driver } from 'neo4j-driver';
import { BadInputError, type StateSample } from '@limbic/client';
import { eventually, testDriver } from './support/neo4j';
import { sharedStack, type SharedStack } from './support/shared-stack';

jest.setTimeout(120_000);

const HOUR = 3_600_000;

describe('agent state history', () => {
  let stack: SharedStack;
  let driver: Driver;
  const a = () => stack.tenants[0]!.limbic;
  const history = (agentId: string, options: { since?: string; first?: number } = {}) => a().stateHistory(agentId, options);

  beforeAll(async () => {
    stack = await sharedStack({ tenants: 1, worker: true, embedder: 'hash' });
    driver = testDriver();
  });
  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  const samplesInGraph = async (tenantId: string, agentId: string): Promise<number> => {
    const { records } = await driver.executeQuery(
      'MATCH (s:StateSample {tenantId: $tenantId, agentId: $agentId}) RETURN count(s) AS n',
      { tenantId, agentId },
      { database: process.env.NEO4J_DATABASE ?? 'neo4j' },
    );
    return Number(records[0]?.get('n') ?? 0);
  };

  it('starts with the created state, and folds changes within a minute into one sample that shows the latest', async () => {
    const created = await a().createAgent('ada');
    const [first] = await history('ada');
    expect(first).toMatchObject({ cause: 'CREATE', energy: 1, mood: { valence: 0, arousal: 0.3, dominance: 0.5 }, affect: { valence: 0, arousal: 0 } });
    expect(Date.parse(first!.at)).toBeGreaterThanOrEqual(Date.parse(created.createdAt));

    await a().observe('ada', 'What a wonderful, happy surprise: the launch went perfectly!');
    const felt = await a().setFeeling('ada', { valence: -0.6, arousal: 0.8 });
    const samples = await history('ada');
    expect(samples).toHaveLength(1);
    expect(samples[0]).toMatchObject({ cause: 'FEELING' });
    expect(samples[0]!.affect.valence).toBeCloseTo(felt.affect.valence, 2);
    expect(samples[0]!.affect.arousal).toBeCloseTo(felt.affect.arousal, 2);
    expect(samples[0]!.mood.valence).toBeCloseTo(felt.mood.valence, 2);
    expect(Date.parse(samples[0]!.at)).toBeGreaterThanOrEqual(Date.parse(first!.at));

    await a().remember('ada', 'The launch review is on Friday.');
    expect((await history('ada')).map((s) => s.cause)).toEqual(['ENCODE']);
  });

  it('adds the sample of a recall at its moment, from the worker, with the energy it spent', async () => {
    const start = Date.now();
    const nows = [1, 2].map((h) => new Date(start + h * HOUR).toISOString());
    // Each recall's effects (its energy spent) land from the worker, at the recall's moment;
    // one at a time, as an agent's state never moves back in time.
    let samples: StateSample[] = [];
    for (const now of nows) {
      await a().recall('ada', 'launch', { now });
      samples = await eventually(() => history('ada'), (s) => s.at(-1)?.at === now, 30_000);
    }
    expect(samples.slice(-2).map((s) => [s.at, s.cause])).toEqual(nows.map((at) => [at, 'RECALL']));
    // Each sample holds the energy its recall left: spent, not the full energy of a rest.
    for (const s of samples.slice(-2)) expect(s.energy).toBeGreaterThan(0);
    expect(samples.slice(-2).every((s) => s.energy < 1)).toBe(true);
  });

  it('refuses a page size outside 1 … 1440 and writes nothing', async () => {
    const before = await history('ada');
    for (const first of [0, 1441, -3]) {
      await expect(history('ada', { first })).rejects.toBeInstanceOf(BadInputError);
    }
    expect(await history('ada')).toEqual(before);
  });

  it('goes with the agent when it is deleted', async () => {
    await a().createAgent('gone');
    await a().observe('gone', 'A quiet afternoon.');
    expect(await samplesInGraph(stack.tenants[0]!.id, 'gone')).toBeGreaterThan(0);
    await a().deleteAgent('gone');
    expect(await samplesInGraph(stack.tenants[0]!.id, 'gone')).toBe(0);
  });
});
