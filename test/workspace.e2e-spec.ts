import type { Driver } from 'neo4j-driver';
import { BadInputError, type RecallResult } from '@limbic/client';
import { eventually, testDriver } from './support/neo4j';
import { sharedStack, type SharedStack } from './support/shared-stack';

const DB = { database: process.env.NEO4J_DATABASE ?? 'neo4j' };
const HOUR = 3600_000;
const TTL = 300_000;
/** Recalls happen a day from now, after the memories: the agent has rested (no energy cut). */
const T = Date.now() + 24 * HOUR;
/**
 * Scores are lexical share 0.6 + importance share 0.4: a memory whose words the query matches
 * alone scores 0.6 + 0.4·importance signal, every other memory 0.4·importance signal (≤ 0.4·0.3·1.5).
 * (The importance signal grows with the share of a memory's concepts the query names.)
 */
const WEIGHTS = { lexical: 0.6, importance: 0.4 };

describe('global workspace through recall (held focus, challenger, suppression, broadcast) and context tags', () => {
  let stack: SharedStack;
  let driver: Driver;
  const limbic = () => stack.tenants[0]!.limbic;
  const tenantId = () => stack.tenants[0]!.id;
  const ids = new Map<string, string>();
  const id = (key: string) => ids.get(key)!;

  /** Recalls as `agent` at T + `offsetMs`, waiting until the worker has applied its effects. */
  async function recall(agent: string, query: string, offsetMs: number, topK = 10, weights: typeof WEIGHTS | null = WEIGHTS): Promise<RecallResult> {
    const r = await limbic().recall(agent, query, { topK, ...(weights ? { weights } : {}), explain: true, now: new Date(T + offsetMs).toISOString() });
    const applied = await eventually(
      async () =>
        Number(
          (await driver.executeQuery('MATCH (e:RecallEffect {tenantId: $t, id: $id}) WHERE e.pendingSince IS NULL RETURN count(e) AS n', { t: tenantId(), id: r.recallId }, DB))
            .records[0]?.get('n'),
        ),
      (n) => n === 1,
      20_000,
    );
    expect(applied).toBe(1);
    return r;
  }

  beforeAll(async () => {
    stack = await sharedStack({ tenants: 1, worker: true });
    driver = testDriver();
    await limbic().createAgent('gwen');
    const start = Date.now() - 12 * HOUR;
    const neutral = { valence: 0, arousal: 0.3, dominance: 0.5 };
    const encode = async (key: string, content: string, at: number, importance: number) => {
      const m = await limbic().remember('gwen', { externalId: key, content, occurredAt: new Date(at).toISOString(), importance, affect: neutral });
      ids.set(key, m.id);
    };
    // The neighbour half a minute before the focus-to-be: a strong timeline edge between them.
    await encode('neighbour', 'a pelican walked along the pier at dawn', start, 0.1);
    await encode('zebra', 'zebra quartz lantern on the top shelf', start + 30_000, 0.1);
    await encode('harbor', 'harbor violet marble in the old square', start + 3 * HOUR, 0.1);
    await encode('cobalt', 'cobalt saffron glacier seen from the train', start + 6 * HOUR, 0.9);
    await encode('willow', 'willow copper meadow behind the school', start + 9 * HOUR, 0.3);
    const pending = await eventually(
      async () =>
        Number((await driver.executeQuery("MATCH (m:Memory {tenantId: $t, agentId: 'gwen'}) WHERE m.pendingAppraisal RETURN count(m) AS n", { t: tenantId() }, DB)).records[0]?.get('n')),
      (n) => n === 0,
      30_000,
    );
    expect(pending).toBe(0);
  });
  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  it('holds an ignited focus across consecutive recalls, broadcasts it to a neighbour, yields to a challenger by the margin, and marks the suppressed', async () => {
    const timelineWeight = async (): Promise<number> =>
      Number(
        (
          await driver.executeQuery(
            'MATCH (:Memory {id: $a})-[r:TEMPORAL]-(:Memory {id: $b}) WHERE r.tenantId = $t RETURN max(r.weight) AS w',
            { a: id('zebra'), b: id('neighbour'), t: tenantId() },
            DB,
          )
        ).records[0]!.get('w'),
      );
    const before = await timelineWeight();
    // 1. Only zebra matches: above 0.6, everything else at most 0.4 (cobalt, importance 0.9): zebra ignites.
    const first = await recall('gwen', 'zebra quartz lantern', 0);
    expect(first.items[0]?.memory.id).toBe(id('zebra'));
    const zebra = first.items[0]!.score;
    expect(zebra).toBeGreaterThan(0.6);
    expect(zebra).toBeLessThan(0.7);
    expect(zebra - first.items[1]!.score).toBeGreaterThan(0.1);
    expect(first.focus).toMatchObject({ memory: { id: id('zebra') }, ignited: true, score: first.items[0]!.score });
    expect(new Date(first.focus!.since).getTime()).toBe(T);
    expect(new Date(first.focus!.expiresAt).getTime()).toBe(T + TTL);
    // Its competitors (every other result) are suppressed from now on; the focus is not.
    for (const item of first.items) expect(item.explanation?.suppressed).toBe(item.memory.id !== id('zebra'));
    const stored = (
      await driver.executeQuery("MATCH (a:Agent {tenantId: $t, id: 'gwen'}) RETURN a.focusId AS focus, a.focusSince.epochMillis AS since, a.focusSuppressed AS suppressed", { t: tenantId() }, DB)
    ).records[0]!;
    expect(stored.get('focus')).toBe(id('zebra'));
    expect(Number(stored.get('since'))).toBe(T);

    // 2. A minute later harbor ranks first (as zebra did) but neither beats zebra by 0.1 nor may it
    // compete (zebra's ignition suppressed it): zebra holds,
    // with the same since and expiresAt. Its broadcast seeds spreading at 0.64: the neighbour,
    // matched by no word of the query, is reached from zebra along their timeline edge.
    // The edge as the second recall will find it (its own effects strengthen it afterwards) — or
    // as it was before the first recall's effects strengthened it: what recall effects teach the
    // graph may reach the API's held copy of it up to LIMBIC_SPREAD_EFFECTS_LAG_MS late.
    const w = await timelineWeight();
    expect(w).toBeGreaterThan(0.5);
    const second = await recall('gwen', 'harbor violet marble', 60_000);
    expect(second.items[0]?.memory.id).toBe(id('harbor'));
    expect(second.focus).toMatchObject({ memory: { id: id('zebra') }, ignited: false });
    expect(new Date(second.focus!.since).getTime()).toBe(T);
    expect(new Date(second.focus!.expiresAt).getTime()).toBe(T + TTL);
    const neighbour = second.items.find((i) => i.memory.id === id('neighbour'));
    expect(neighbour?.explanation?.activation).toMatchObject({ seedId: id('zebra'), path: [id('zebra'), id('neighbour')] });
    // broadcast strength × edge weight × TEMPORAL factor 1 — without the broadcast zebra would seed
    // nothing here (its pass-1 score, 0.04, is below the 0.05 minimum activation).
    const walked = neighbour!.explanation!.activation!.activation;
    expect(Math.min(Math.abs(walked - zebra * w), Math.abs(walked - zebra * before))).toBeLessThan(5e-7);
    expect(second.items.find((i) => i.memory.id === id('zebra'))!.score).toBeLessThan(0.05);
    // Under the default weights the lift counts in the neighbour's score (resonance weighs .46).
    const lifted = await recall('gwen', 'harbor violet marble', 90_000, 10, null);
    const raised = lifted.items.find((i) => i.memory.id === id('neighbour'))!.explanation!;
    expect(raised.activation?.seedId).toBe(id('zebra'));
    expect(raised.signals.resonance).toBeGreaterThanOrEqual(zebra * Math.min(w, before) - 1e-9);
    expect(raised.weighted.resonance).toBeGreaterThan(0.1);
    expect(lifted.focus).toMatchObject({ memory: { id: id('zebra') }, ignited: false });

    // 3. cobalt (importance 0.9) scores far above zebra — but it was among the first recall's
    // results, so zebra's ignition suppressed it: it cannot take the workspace while zebra holds it.
    const third = await recall('gwen', 'cobalt saffron glacier', 120_000);
    expect(third.items[0]?.memory.id).toBe(id('cobalt'));
    expect(third.items[0]!.score).toBeGreaterThan(zebra + 0.2);
    expect(third.items[0]?.explanation?.suppressed).toBe(true);
    expect(third.focus).toMatchObject({ memory: { id: id('zebra') }, ignited: false });
  });

  it('a challenger beating the focus by the margin takes the workspace; a suppressed competitor cannot', async () => {
    // A second agent whose first recall returns only the focus (topK 1): nothing is suppressed.
    await limbic().createAgent('otto');
    const put = async (key: string, content: string, importance: number, at: number) =>
      ids.set(
        key,
        (
          await limbic().remember('otto', {
            externalId: key,
            content,
            importance,
            occurredAt: new Date(at).toISOString(),
            affect: { valence: 0, arousal: 0.3, dominance: 0.5 },
          })
        ).id,
      );
    await put('o-zebra', 'zebra quartz lantern on the top shelf', 0.1, T - 40 * HOUR);
    await put('o-cobalt', 'cobalt saffron glacier seen from the train', 0.9, T - 36 * HOUR);
    await put('o-harbor', 'harbor violet marble in the old square', 0.1, T - 32 * HOUR);
    await eventually(
      async () =>
        Number((await driver.executeQuery("MATCH (m:Memory {tenantId: $t, agentId: 'otto'}) WHERE m.pendingAppraisal RETURN count(m) AS n", { t: tenantId() }, DB)).records[0]?.get('n')),
      (n) => n === 0,
      30_000,
    );
    const lone = await recall('otto', 'zebra quartz lantern', 0, 1);
    expect(lone.focus).toMatchObject({ memory: { id: id('o-zebra') }, ignited: true });
    expect(lone.items).toHaveLength(1);

    // cobalt leads zebra's ignition score by more than 0.1 → takes over, from this recall's
    // instant; zebra (and the rest of this recall's results) is suppressed now.
    const challenger = await recall('otto', 'cobalt saffron glacier', 30_000);
    expect(challenger.items[0]!.score - lone.focus!.score).toBeGreaterThanOrEqual(0.1);
    expect(challenger.focus).toMatchObject({ memory: { id: id('o-cobalt') }, ignited: true, score: challenger.items[0]!.score });
    expect(new Date(challenger.focus!.since).getTime()).toBe(T + 30_000);
    const marked = new Map(challenger.items.map((i) => [i.memory.id, i.explanation?.suppressed] as const));
    expect(marked.get(id('o-cobalt'))).toBe(false);
    expect(marked.get(id('o-zebra'))).toBe(true);
    expect(marked.get(id('o-harbor'))).toBe(true);

    // Held by cobalt: the suppressed competitors stay marked in the next recall, and cobalt stays.
    const next = await recall('otto', 'harbor violet marble', 60_000);
    expect(next.focus).toMatchObject({ memory: { id: id('o-cobalt') }, ignited: false });
    expect(next.items.find((i) => i.memory.id === id('o-harbor'))?.explanation?.suppressed).toBe(true);

    // After the TTL the workspace is open again: zebra, a competitor until then, ignites.
    const later = await recall('otto', 'zebra quartz lantern', 30_000 + TTL);
    expect(later.focus).toMatchObject({ memory: { id: id('o-zebra') }, ignited: true });

    // Export → import: the workspace follows the memories' new ids; deleting the copy removes it all.
    const lines: string[] = [];
    for await (const line of limbic().exportAgent('otto')) lines.push(line.endsWith('\n') ? line : `${line}\n`);
    await limbic().importAgent('otto-copy', lines);
    const copied = (
      await driver.executeQuery(
        `MATCH (a:Agent {tenantId: $t, id: 'otto-copy'})
         OPTIONAL MATCH (m:Memory {tenantId: $t, agentId: 'otto-copy', externalId: 'o-zebra'})
         OPTIONAL MATCH (h:Memory {tenantId: $t, agentId: 'otto-copy', externalId: 'o-harbor'})
         RETURN a.focusId AS focus, m.id AS zebra, a.focusSuppressed AS suppressed, h.id AS harbor, a.focusExpiresAt.epochMillis AS until`,
        { t: tenantId() },
        DB,
      )
    ).records[0]!;
    expect(copied.get('focus')).toBe(copied.get('zebra'));
    expect(copied.get('focus')).not.toBe(id('o-zebra'));
    expect(copied.get('suppressed') as string[]).toContain(copied.get('harbor'));
    expect(Number(copied.get('until'))).toBe(T + 30_000 + 2 * TTL);
    await limbic().deleteAgent('otto-copy');
    const left = (await driver.executeQuery("MATCH (n {tenantId: $t}) WHERE n.agentId = 'otto-copy' OR n.id = 'otto-copy' RETURN count(n) AS n", { t: tenantId() }, DB)).records[0]!;
    expect(Number(left.get('n'))).toBe(0);
  });

  it('context tags raise the importance of a memory tagged with them', async () => {
    await limbic().createAgent('cora');
    const billing = await limbic().remember('cora', { content: 'The invoice run finished late again.', tags: ['billing'], importance: 0.5 });
    const travel = await limbic().remember('cora', { content: 'The invoice run finished late again!', tags: ['travel'], importance: 0.5 });
    const only = { weights: { importance: 1 }, explain: true, topK: 2 };
    const importance = (r: RecallResult, memoryId: string) => r.items.find((i) => i.memory.id === memoryId)!.explanation!.signals.importance;
    // The query's own concepts (invoice, run) are the context so far: both alike.
    const plain = await limbic().recall('cora', 'invoice run', only);
    expect(importance(plain, billing.id)).toBeCloseTo(importance(plain, travel.id), 12);
    const withContext = await limbic().recall('cora', 'invoice run', { ...only, context: { tags: [' Billing '] } });
    expect(withContext.items[0]?.memory.id).toBe(billing.id);
    // importance · (1 + 0.5 · share of its tags in the context): billing's share grew, travel's did not.
    expect(importance(withContext, billing.id)).toBeGreaterThan(importance(plain, billing.id) + 0.01);
    expect(importance(withContext, travel.id)).toBeCloseTo(importance(plain, travel.id), 12);
    expect(importance(withContext, billing.id)).toBeLessThanOrEqual(0.5 * 1.5 + 1e-12);
  });

  it('refuses too many or over-long context tags with BAD_USER_INPUT, recording no recall', async () => {
    const records = async () =>
      Number((await driver.executeQuery("MATCH (e:RecallEffect {tenantId: $t, agentId: 'cora'}) RETURN count(e) AS n", { t: tenantId() }, DB)).records[0]?.get('n'));
    // The two recalls before have recorded themselves (asynchronously, after answering).
    const before = await eventually(records, (n) => n === 2, 20_000);
    expect(before).toBe(2);
    for (const tags of [Array.from({ length: 33 }, (_, i) => `tag${i}`), ['x'.repeat(65)], ['  ']]) {
      const err = await limbic()
        .recall('cora', 'invoice run', { context: { tags } })
        .then(() => null)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BadInputError);
      expect((err as BadInputError).code).toBe('BAD_USER_INPUT');
      expect((err as BadInputError).field).toBe('context.tags');
    }
    expect(await records()).toBe(before);
  });
});
