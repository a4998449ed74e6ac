// Behaviour of recall through the API (issue 5): state changes the ranking in the
// documented direction. Everything is set up through the typed client, as a user would.
import { eventually, memoryFlags, testDriver } from './support/neo4j';
import { sharedStack, type SharedStack } from './support/shared-stack';
import type { RecallOptions, RecallResult } from '@limbic/client';
import type { Driver } from 'neo4j-driver';

type Recalled = RecallResult;

const HOUR = 3600_000;

describe('recall behaviour through the API', () => {
  let stack: SharedStack;
  let driver: Driver;
  const limbic = () => stack.tenants[0]!.limbic;
  const recall = async (agentId: string, { query, ...options }: RecallOptions & { query: string }) => limbic().recall(agentId, query, { explain: true, ...options });
  const order = (r: Recalled) => r.items.map((i) => i.memory.externalId);
  const item = (r: Recalled, externalId: string) => r.items.find((i) => i.memory.externalId === externalId);

  beforeAll(async () => {
    stack = await sharedStack({ tenants: 1, worker: true });
    driver = testDriver();
  });
  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  async function feel(agentId: string, affect: { valence: number; arousal: number; dominance: number }): Promise<void> {
    for (let i = 4; i >= 0; i--) {
      await limbic().setFeeling(agentId, { ...affect, valence: affect.valence * (1 - i * 0.1) });
    }
  }

  it('the three-memory scenario: the same query recalls a positive memory in a positive state and the outage in a negative one', async () => {
    const id = 'moody';
    await limbic().createAgent(id);
    await feel(id, { valence: 0.8, arousal: 0.8, dominance: 0.7 });
    await limbic().remember(id, { externalId: 'engine', content: 'shipped the new engine, team proud', affect: { valence: 0.8, arousal: 0.8, dominance: 0.7 } });
    await limbic().remember(id, { externalId: 'pizza', content: 'pizza celebration, relieved', affect: { valence: 0.7, arousal: 0.6, dominance: 0.7 } });
    await feel(id, { valence: -0.8, arousal: 0.9, dominance: 0.2 });
    await limbic().remember(id, { externalId: 'outage', content: 'database outage at 3am, on call', affect: { valence: -0.8, arousal: 0.9, dominance: 0.2 } });

    const query = { query: 'project work', topK: 3, profile: 'affective' as const, spread: { enabled: false } };
    await feel(id, { valence: 0.7, arousal: 0.7, dominance: 0.6 });
    const happy = await recall(id, query);
    expect(['engine', 'pizza']).toContain(order(happy)[0]);
    expect(order(happy).at(-1)).toBe('outage');

    await feel(id, { valence: -0.7, arousal: 0.8, dominance: 0.3 });
    const sad = await recall(id, query);
    expect(order(sad)[0]).toBe('outage');
  });

  it('goals raise the memories relevant to them', async () => {
    const id = 'goal-driven';
    await limbic().createAgent(id);
    const notes: [string, string][] = [
      ['billing', 'Migrated the billing invoices table to the new database schema.'],
      ['garden', 'Watered the tomatoes in the garden.'],
      ['travel', 'Booked train tickets for the conference in Lyon.'],
      ['music', 'Practised the piano piece for the recital.'],
    ];
    const ids: string[] = [];
    for (const [externalId, content] of notes) ids.push((await limbic().remember(id, { externalId, content })).id);
    // The worker's appraisal rewrites each memory's affect; both recalls must see the settled tags,
    // or a tag changing between them moves the ranking for reasons that have nothing to do with goals.
    for (const memoryId of ids) await eventually(() => memoryFlags(driver, memoryId), (m) => m?.pendingAppraisal === false, 30_000);
    const query = { query: 'what did I do this week', topK: 4, profile: 'state' as const, spread: { enabled: false } };
    const before = await recall(id, query);
    await limbic().setGoals(id, [{ name: 'finish the billing database migration', priority: 1 }]);
    const after = await recall(id, query);
    expect(item(before, 'billing')?.explanation?.signals.goalRelevance).toBe(0);
    expect(item(after, 'billing')?.explanation?.signals.goalRelevance).toBeGreaterThan(0.3);
    expect(item(after, 'billing')!.score).toBeGreaterThan(item(before, 'billing')!.score);
    expect(item(after, 'billing')!.rank).toBeLessThanOrEqual(item(before, 'billing')!.rank);
    expect(order(after)[0]).toBe('billing');
  });

  it('a recall primes its concepts; the priming raises tagged memories and fades over `now`', async () => {
    const id = 'primed';
    await limbic().createAgent(id);
    await limbic().remember(id, { externalId: 'k8s', content: 'Cluster node pool resized overnight.', tags: ['kubernetes'] });
    await limbic().remember(id, { externalId: 'cat', content: 'The cat knocked a glass off the table.', tags: ['home'] });
    // Three hours on, what the encodes themselves primed (their tags and words) has faded.
    const t = Date.now() + 3 * HOUR;
    const priming = await recall(id, { query: 'kubernetes', topK: 1, now: new Date(t).toISOString() });
    await eventually(
      async () => (await driver.executeQuery('MATCH (e:RecallEffect {id: $id}) WHERE e.pendingSince IS NULL RETURN count(e) AS n', { id: priming.recallId }, { database: 'neo4j' })).records[0]?.get('n'),
      (n) => Number(n) === 1,
      20_000,
    );
    const query = { query: 'anything on my mind', topK: 2, profile: 'state' as const, spread: { enabled: false } };
    const soon = await recall(id, { ...query, now: new Date(t + 60_000).toISOString() });
    const later = await recall(id, { ...query, now: new Date(t + 3 * HOUR).toISOString() });
    expect(item(soon, 'k8s')?.explanation?.signals.priming).toBeGreaterThan(0.4);
    expect(item(soon, 'cat')?.explanation?.signals.priming).toBe(0);
    expect(order(soon)[0]).toBe('k8s');
    // Half-life 30 min: after 3 h the residue (0.5 → 0.008) has vanished.
    expect(item(later, 'k8s')?.explanation?.signals.priming).toBe(0);
  });

  it('low energy cuts weak results; rested, the same recall keeps them', async () => {
    const id = 'tired';
    await limbic().createAgent(id);
    for (let i = 0; i < 30; i++) {
      await limbic().remember(id, { content: `status update ${i}: ${i % 3 === 0 ? 'deploy pipeline green' : 'nothing notable happened today'}` });
    }
    const energy = (await limbic().agent(id)).energy;
    expect(energy).toBeLessThan(0.6);
    const query = { query: 'deploy pipeline green', topK: 20, spread: { enabled: false } };
    const tired = await recall(id, { ...query, now: new Date().toISOString() });
    const rested = await recall(id, { ...query, now: new Date(Date.now() + 24 * HOUR).toISOString() });
    expect(rested.items).toHaveLength(20);
    expect(tired.items.length).toBeLessThan(rested.items.length);
    const top = tired.items[0]!.score;
    // The agent recovers a little between reading its energy and recalling: a small slack.
    for (const i of tired.items) expect(i.score).toBeGreaterThanOrEqual(0.6 * (1 - energy) * top - 0.005);
  });
});
