// Temporal state (issue 23): the hour of day memories record, the session the agent keeps, and
// the two signals they feed (circadian congruence, session context), through the real API,
// Neo4j and worker. History is replayed with `now` on encode and recall; the memories of each
// case share one text (one embedding, one BM25 score), so only temporal signals tell them apart.
import type { Driver } from 'neo4j-driver';
import { BadInputError, type RecallItem } from '@limbic/client';
import { eventually, testDriver } from './support/neo4j';
import { startStack, type Stack } from './support/stack';

jest.setTimeout(180_000);

const MIN = 60_000;
const HOUR = 60 * MIN;
const AFFECT = { valence: 0.1, arousal: 0.3, dominance: 0.5 };
const iso = (ms: number) => new Date(ms).toISOString();

describe('temporal state', () => {
  let stack: Stack;
  let driver: Driver;
  const limbic = () => stack.tenants[0]!.limbic;

  beforeAll(async () => {
    // No reviews: replayed encodes are due for review at once, and identical texts would merge.
    stack = await startStack({ tenants: 1, worker: true, env: { LIMBIC_EMBEDDER: 'hash', LIMBIC_REVIEW_TENANTS: 'noreviews' } });
    driver = testDriver();
  });
  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  const explained = (items: readonly RecallItem[], id: string) => {
    const item = items.find((i) => i.memory.id === id);
    if (!item?.explanation) throw new Error(`memory ${id} not returned with an explanation`);
    return { rank: item.rank, score: item.score, signals: item.explanation.signals };
  };

  const storedSession = async (agentId: string) => {
    const { records } = await driver.executeQuery(
      'MATCH (a:Agent {tenantId: $tenantId, id: $agentId}) RETURN a.sessionStartedAt.epochMillis AS startedAt, a.sessionInteractions AS n, a.lastInteractionAt.epochMillis AS lastAt',
      { tenantId: stack.tenants[0]!.id, agentId },
      { database: process.env.NEO4J_DATABASE ?? 'neo4j' },
    );
    const r = records[0];
    return { startedAt: Number(r?.get('startedAt')), interactions: Number(r?.get('n')), lastAt: Number(r?.get('lastAt')) };
  };

  it('the same query at 23:00 ranks memories encoded late at night higher; at 11:00 those of midday', async () => {
    await limbic().createAgent('owl');
    const text = 'Went through the budget spreadsheet and the vendor invoices.';
    const at = (day: number, h: number, m = 0) => iso(Date.UTC(2026, 10, day, h, m));
    const late = [at(27, 23), at(28, 23, 30)];
    const midday = [at(28, 11), at(29, 11, 30)];
    const { items } = await limbic().rememberMany(
      'owl',
      [...late, ...midday].map((occurredAt) => ({ content: text, occurredAt, affect: AFFECT, importance: 0.5 })),
    );
    const ids = items.map((i) => i.memory.id);
    const lateIds = ids.slice(0, 2);
    const middayIds = ids.slice(2);
    // The hour each recorded, in the agent's zone (UTC by default).
    expect(items.map((i) => i.memory.hourOfDay)).toEqual([23, 23.5, 11, 11.5]);

    const night = await limbic().recall('owl', 'budget spreadsheet', { now: at(30, 23), profile: 'state', explain: true });
    const noon = await limbic().recall('owl', 'budget spreadsheet', { now: iso(Date.UTC(2026, 11, 1, 11)), profile: 'state', explain: true });

    const top2 = (r: typeof night) => new Set(r.items.slice(0, 2).map((i) => i.memory.id));
    expect(top2(night)).toEqual(new Set(lateIds));
    expect(top2(noon)).toEqual(new Set(middayIds));
    for (const id of lateIds) {
      expect(explained(night.items, id).signals.circadianCongruence).toBeGreaterThan(0.95);
      expect(explained(noon.items, id).signals.circadianCongruence).toBeLessThan(0.05);
    }
    for (const id of middayIds) {
      expect(explained(night.items, id).signals.circadianCongruence).toBeLessThan(0.05);
      expect(explained(noon.items, id).signals.circadianCongruence).toBeGreaterThan(0.95);
    }
    // The state profile weighs it; the default route for this factual query does not.
    expect(night.weights.circadianCongruence).toBeGreaterThan(0);
    const routed = await limbic().recall('owl', 'budget spreadsheet', { now: at(30, 23) });
    expect(routed.weights.circadianCongruence).toBe(0);
    expect(routed.weights.sessionContext).toBe(0);
  });

  it('within one long session its own memories rise; after an idle gap a new session starts and the boost is gone', async () => {
    await limbic().createAgent('scholar');
    const base = Math.floor(Date.now() / MIN) * MIN;
    const text = 'Notes on the spreading activation paper and its graph model.';
    // Yesterday's session, at the same hours of day as today's (so circadian congruence is equal).
    const yesterday: string[] = [];
    for (const offset of [90, 65]) {
      const now = iso(base - 24 * HOUR - offset * MIN);
      const [m] = (await limbic().rememberMany('scholar', [{ content: text, affect: AFFECT, importance: 0.5 }], { now })).items;
      yesterday.push(m!.memory.id);
    }
    // Today's: four encodes 25 minutes apart, within the `agent` preset's 30-minute gap.
    const today: string[] = [];
    for (const offset of [90, 65, 40, 15]) {
      const now = iso(base - offset * MIN);
      const [m] = (await limbic().rememberMany('scholar', [{ content: text, affect: AFFECT, importance: 0.5 }], { now })).items;
      expect(m!.memory.sessionStartedAt).toBe(iso(base - 90 * MIN));
      today.push(m!.memory.id);
    }
    const yesterdaysSession = (await limbic().memory(yesterday[0]!)).sessionStartedAt;
    expect(yesterdaysSession).toBe(iso(base - 24 * HOUR - 90 * MIN));
    expect((await limbic().memory(yesterday[1]!)).sessionStartedAt).toBe(yesterdaysSession);

    const agent = await limbic().agent('scholar');
    expect(agent.session).toMatchObject({ startedAt: iso(base - 90 * MIN), interactions: 4 });
    expect(agent.session!.minutes).toBeGreaterThanOrEqual(90);
    expect(agent.sinceLastInteractionMinutes).toBeGreaterThanOrEqual(15);

    const inSession = await limbic().recall('scholar', 'spreading activation paper', { now: iso(base), profile: 'state', explain: true });
    const ranks = (ids: string[]) => ids.map((id) => explained(inSession.items, id).rank);
    expect(Math.max(...ranks(today))).toBeLessThan(Math.min(...ranks(yesterday)));
    for (const id of today) expect(explained(inSession.items, id).signals.sessionContext).toBeGreaterThan(0.4);
    for (const id of yesterday) expect(explained(inSession.items, id).signals.sessionContext).toBe(0);
    // The newest of the session is boosted most: the boost fades as the session ages.
    const boosts = today.map((id) => explained(inSession.items, id).signals.sessionContext);
    expect([...boosts].sort((x, y) => x - y)).toEqual(boosts);

    // The recall counts in the session once the worker applied its effects, in the same transaction as its energy.
    const counted = await eventually(() => storedSession('scholar'), (s) => s.interactions === 5);
    expect(counted).toEqual({ startedAt: base - 90 * MIN, interactions: 5, lastAt: base });

    const afterGap = await limbic().recall('scholar', 'spreading activation paper', { now: iso(base + 2 * HOUR), profile: 'state', explain: true });
    for (const id of [...today, ...yesterday]) expect(explained(afterGap.items, id).signals.sessionContext).toBe(0);
    // Today's memories now lead yesterday's by recency alone: far less than the session's boost did.
    const lead = (r: typeof inSession, i: number) => explained(r.items, today[i]!).score - explained(r.items, yesterday[i]!).score;
    expect(lead(afterGap, 0)).toBeLessThan(lead(inSession, 0) - 0.02);
    const next = await eventually(() => storedSession('scholar'), (s) => s.startedAt === base + 2 * HOUR);
    expect(next).toEqual({ startedAt: base + 2 * HOUR, interactions: 1, lastAt: base + 2 * HOUR });
  });

  it('observe counts as an interaction; a time zone is validated, and the hours follow it', async () => {
    const created = await limbic().createAgent('tokyo', { timeZone: 'asia/tokyo' });
    expect(created.timeZone).toBe('Asia/Tokyo');
    expect(created.session).toBeNull();
    expect(created.sinceLastInteractionMinutes).toBeNull();
    const observed = await limbic().observe('tokyo', 'A calm morning.');
    expect(observed.session).toMatchObject({ interactions: 1 });
    const m = await limbic().remember('tokyo', { content: 'Tea at the station.', occurredAt: '2026-11-30T23:00:00.000Z' });
    // 23:00 UTC is 08:00 in Tokyo.
    expect(m.hourOfDay).toBe(8);
    expect((await limbic().agent('tokyo')).session).toMatchObject({ interactions: 2 });

    await expect(limbic().updateAgent('tokyo', { timeZone: 'Mars/Olympus' })).rejects.toBeInstanceOf(BadInputError);
    await expect(limbic().createAgent('mars', { timeZone: 'Mars/Olympus' })).rejects.toBeInstanceOf(BadInputError);
    await expect(limbic().agent('mars')).rejects.toThrow(/not found/i);
    expect((await limbic().agent('tokyo')).timeZone).toBe('Asia/Tokyo');
    const moved = await limbic().updateAgent('tokyo', { timeZone: 'Europe/Paris' });
    expect(moved.timeZone).toBe('Europe/Paris');
    // Hours already recorded stay; new memories use the new zone (23:00 UTC in winter is 00:00 in Paris).
    expect((await limbic().memory(m.id)).hourOfDay).toBe(8);
    expect((await limbic().remember('tokyo', { content: 'Back home.', occurredAt: '2026-11-30T23:00:00.000Z' })).hourOfDay).toBe(0);
  });

  it('export and import carry the time zone, the session and each memory’s hour and session', async () => {
    const lines: string[] = [];
    for await (const line of limbic().exportAgent('tokyo')) lines.push(line);
    const summary = await limbic().importAgent('tokyo-copy', lines.map((l) => (l.endsWith('\n') ? l : `${l}\n`)));
    expect(summary.memories).toBe(2);
    const [original, copy] = await Promise.all([limbic().agent('tokyo'), limbic().agent('tokyo-copy')]);
    expect(copy.timeZone).toBe('Europe/Paris');
    expect(copy.session).toMatchObject({ startedAt: original.session!.startedAt, interactions: original.session!.interactions });
    const hours = async (agentId: string) => {
      const out: [number | null, string | null][] = [];
      for await (const mem of limbic().memories(agentId, { order: 'OCCURRED_AT_ASC' })) out.push([mem.hourOfDay, mem.sessionStartedAt]);
      return out.sort();
    };
    expect(await hours('tokyo-copy')).toEqual(await hours('tokyo'));
  });
});
