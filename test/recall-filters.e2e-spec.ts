import { randomUUID } from 'node:crypto';
import type { Driver } from 'neo4j-driver';
import { HashEmbedder } from '@limbic/embeddings';
import { storeMetadata } from '@limbic/graph';
import { testDriver } from './support/neo4j';
import { sharedStack, type SharedStack } from './support/shared-stack';

// A large agent is loaded and two batches encoded on a machine shared with other work.
jest.setTimeout(300_000);

const DIM = 384;
const DB = { database: process.env.NEO4J_DATABASE ?? 'neo4j' };
const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id }) { id } }`;
const ENCODE_BATCH = `mutation($input: EncodeBatchInput!) { encodeBatch(input: $input) { items { memory { id externalId } } } }`;
const RECALL = `query($input: RecallInput!) {
  recall(input: $input) {
    items { memory { id externalId scope } explanation { signals { resonance } activation { path } } }
  }
}`;

interface Item {
  memory: { id: string; externalId: string | null; scope: string | null };
  explanation: { signals: { resonance: number }; activation: { path: string[] } | null } | null;
}
interface Recalled {
  recall: { items: Item[] };
}

/** A memory as stored, read back through the driver: the ground truth is computed from this. */
interface StoredMemory {
  id: string;
  embedding: number[];
  scope: string | null;
  tags: string[];
  occurredAt: number;
  metadata: Record<string, unknown>;
}

interface Filter {
  scope?: string;
  tagsAny?: string[];
  tagsAll?: string[];
  occurredAfter?: string;
  occurredBefore?: string;
  metadata?: Record<string, string | number | boolean | null>;
}

const T0 = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;
const WORDS = ['deploy', 'lunch', 'roadmap', 'invoice', 'hiking', 'release', 'budget', 'garden', 'ticket', 'coffee', 'review', 'travel', 'server', 'piano', 'contract', 'dinner'];

/** What the filter means, written out independently of the Cypher predicate. */
function passes(m: StoredMemory, f: Filter): boolean {
  if (f.scope !== undefined && m.scope !== f.scope) return false;
  if (f.tagsAny && !f.tagsAny.some((t) => m.tags.includes(t))) return false;
  if (f.tagsAll && !f.tagsAll.every((t) => m.tags.includes(t))) return false;
  if (f.occurredAfter && m.occurredAt < Date.parse(f.occurredAfter)) return false;
  if (f.occurredBefore && m.occurredAt >= Date.parse(f.occurredBefore)) return false;
  for (const [k, v] of Object.entries(f.metadata ?? {})) if (!(k in m.metadata) || m.metadata[k] !== v) return false;
  return true;
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
}

/**
 * Recall filters (issue 19) on the real stack: each filter kind returns only memories that pass
 * it, and — with the semantic profile, whose score is the cosine — exactly the brute-force top k
 * of the filtered set; spreading neither reaches nor relays through a memory outside it; a
 * selective filter in a large agent finds all its few matches (the index's hits are mostly
 * filtered out: the exact path); tenants stay apart; bad filters are refused.
 */
describe('recall filters: inside the seed search, true top k of the filtered set', () => {
  let stack: SharedStack;
  let driver: Driver;
  const embedder = new HashEmbedder(DIM);
  const mine = () => stack.tenants[0]!.client;
  const theirs = () => stack.tenants[1]!.client;
  let stored: StoredMemory[] = [];

  const recall = async (agentId: string, query: string, filter: Filter | undefined, extra: Record<string, unknown> = {}) =>
    (await mine().ok<Recalled>(RECALL, { input: { agentId, query, topK: 5, explain: true, ...(filter ? { filter } : {}), ...extra } })).recall.items;

  async function readStored(tenantId: string, agentId: string): Promise<StoredMemory[]> {
    const { records } = await driver.executeQuery(
      `MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId}) WHERE m.archived = false
       RETURN m.id AS id, m.embedding AS embedding, m.scope AS scope, coalesce(m.tags, []) AS tags,
         m.occurredAt.epochMillis AS occurredAt, m.metadata AS metadata`,
      { tenantId, agentId },
      DB,
    );
    return records.map((r) => ({
      id: String(r.get('id')),
      embedding: (r.get('embedding') as number[]).map(Number),
      scope: (r.get('scope') as string | null) ?? null,
      tags: r.get('tags') as string[],
      occurredAt: Number(r.get('occurredAt')),
      metadata: r.get('metadata') ? (JSON.parse(String(r.get('metadata'))) as Record<string, unknown>) : {},
    }));
  }

  /**
   * `got` is the brute-force top k of the filtered set: as many, all passing, and position by
   * position the same semantic signal as the brute force's: the cosine clamped to [0, 1] (so
   * memories whose cosines tie to float32 precision, which Neo4j computes in, or are both ≤ 0 may
   * come in either order; the hash embedder makes ties).
   */
  function expectTopK(got: readonly string[], memories: readonly StoredMemory[], query: string, filter: Filter, k: number): void {
    const q = embedder.embedOne(query);
    const byId = new Map(memories.map((m) => [m.id, m]));
    const truth = bruteTop(memories, query, filter, k);
    expect(got).toHaveLength(truth.length);
    expect(new Set(got).size).toBe(got.length);
    got.forEach((id, i) => {
      const m = byId.get(id);
      expect({ id, passes: m !== undefined && passes(m, filter) }).toEqual({ id, passes: true });
      const semantic = (x: StoredMemory) => Math.max(0, cosine(x.embedding, q));
      const delta = Math.abs(semantic(m!) - semantic(byId.get(truth[i]!)!));
      expect({ rank: i + 1, delta: delta < 1e-5 }).toEqual({ rank: i + 1, delta: true });
    });
  }

  function bruteTop(memories: readonly StoredMemory[], query: string, filter: Filter, k: number): string[] {
    const q = embedder.embedOne(query);
    return memories
      .filter((m) => passes(m, filter))
      .map((m) => ({ id: m.id, score: cosine(m.embedding, q) }))
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
      .slice(0, k)
      .map((h) => h.id);
  }

  beforeAll(async () => {
    stack = await sharedStack({ tenants: 2, embedder: 'hash' });
    driver = testDriver();
    for (const client of [mine(), theirs()]) await client.ok(CREATE_AGENT, { id: 'ana' });
    // 60 memories through the API (so scope, tags and metadata are stored as encode stores them,
    // and encode links them): three scopes, overlapping tags, 30 days, two metadata keys.
    const items = Array.from({ length: 60 }, (_, i) => ({
      externalId: `m${i}`,
      content: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7 + 3) % WORDS.length]} ${WORDS[(i * 5 + 1) % WORDS.length]} note ${i}`,
      occurredAt: new Date(T0 + (i % 30) * DAY).toISOString(),
      ...(i % 3 === 0 ? {} : { scope: i % 3 === 1 ? 'user:ada' : 'user:bo' }),
      tags: [...(i % 2 === 0 ? ['Work'] : ['home']), ...(i % 5 === 0 ? ['ops'] : [])],
      ...(i % 4 === 3 ? {} : { metadata: { source: i % 4 === 0 ? 'chat' : 'mail', turn: i % 6, nested: { deep: true } } }),
    }));
    await mine().ok(ENCODE_BATCH, { input: { agentId: 'ana', items } });
    // The other tenant: the same agent id, the same contents and filters.
    await theirs().ok(ENCODE_BATCH, { input: { agentId: 'ana', items } });
    stored = await readStored(stack.tenants[0]!.id, 'ana');
    expect(stored).toHaveLength(60);
  });

  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  const QUERY = 'deploy roadmap review';
  const cases: [string, Filter][] = [
    ['scope', { scope: 'user:ada' }],
    ['tagsAny', { tagsAny: ['OPS', 'nope'] }],
    ['tagsAll', { tagsAll: ['work', 'ops'] }],
    ['an occurredAt range', { occurredAfter: new Date(T0 + 5 * DAY).toISOString(), occurredBefore: new Date(T0 + 12 * DAY).toISOString() }],
    ['metadata', { metadata: { source: 'chat' } }],
    ['metadata with a number', { metadata: { turn: 2, source: 'mail' } }],
    ['combined', { scope: 'user:bo', tagsAny: ['home'], occurredAfter: new Date(T0 + 3 * DAY).toISOString(), metadata: { source: 'mail' } }],
  ];

  it.each(cases)('%s: only matching memories, exactly the brute-force top k of the filtered set (semantic profile)', async (_name, filter) => {
    const normalised: Filter = { ...filter, ...(filter.tagsAny ? { tagsAny: filter.tagsAny.map((t) => t.toLowerCase()) } : {}) };
    const matching = stored.filter((m) => passes(m, normalised));
    // Each case leaves most of the agent out and still has more matches than topK, or the
    // order would not be tested (the combined one may have fewer: all of them, in order).
    expect(matching.length).toBeLessThan(stored.length / 2);
    const items = await recall('ana', QUERY, filter, { profile: 'semantic' });
    expectTopK(items.map((i) => i.memory.id), stored, QUERY, normalised, 5);
    expect(items.length).toBe(Math.min(5, matching.length));
    // Unfiltered, the top 5 are not all matching: the filter changed the answer.
    const unfiltered = await recall('ana', QUERY, undefined, { profile: 'semantic' });
    expectTopK(unfiltered.map((i) => i.memory.id), stored, QUERY, {}, 5);
    expect(unfiltered.some((i) => !passes(stored.find((m) => m.id === i.memory.id)!, normalised))).toBe(true);
  });

  it('with the default profile and spreading, no memory outside the filter appears, nor on any activation path', async () => {
    const filter: Filter = { scope: 'user:ada', tagsAny: ['home'] };
    for (const query of [QUERY, 'lunch garden coffee', 'invoice budget contract']) {
      const items = await recall('ana', query, filter, { topK: 10 });
      expect(items.length).toBeGreaterThan(0);
      const byId = new Map(stored.map((m) => [m.id, m]));
      for (const i of items) {
        expect(passes(byId.get(i.memory.id)!, filter)).toBe(true);
        for (const id of i.explanation?.activation?.path ?? []) expect(passes(byId.get(id)!, filter)).toBe(true);
      }
    }
  });

  it('a filter that matches nothing returns no items, not an error', async () => {
    expect(await recall('ana', QUERY, { scope: 'user:nobody' })).toEqual([]);
    expect(await recall('ana', QUERY, { tagsAll: ['work', 'home'] })).toEqual([]);
    expect(await recall('ana', QUERY, { metadata: { source: 'fax' } })).toEqual([]);
    expect(await recall('ana', QUERY, { metadata: { nested: true } })).toEqual([]);
  });

  it('spreading never leaves the filtered set: a non-matching memory strongly linked to a matching seed neither appears nor relays', async () => {
    await mine().ok(CREATE_AGENT, { id: 'sam' });
    const r = await mine().ok<{ encodeBatch: { items: { memory: { id: string; externalId: string } }[] } }>(ENCODE_BATCH, {
      input: {
        agentId: 'sam',
        items: [
          { externalId: 'seed', content: 'the deploy failed on the staging server', scope: 's1', occurredAt: new Date(T0).toISOString() },
          { externalId: 'bridge', content: 'piano lessons on thursday evening', scope: 's2', occurredAt: new Date(T0 + 40 * DAY).toISOString() },
          { externalId: 'beyond', content: 'grandmother baked apple pie', scope: 's1', occurredAt: new Date(T0 + 80 * DAY).toISOString() },
          ...Array.from({ length: 8 }, (_, i) => ({ externalId: `other${i}`, content: `${WORDS[i]} ${WORDS[i + 5]} chatter ${i}`, scope: 's1', occurredAt: new Date(T0 + (120 + i * 40) * DAY).toISOString() })),
        ],
      },
    });
    const id = new Map(r.encodeBatch.items.map((i) => [i.memory.externalId, i.memory.id]));
    // Only these edges: seed — bridge — beyond, both strong (encode's own links are removed).
    await driver.executeQuery(
      `MATCH (m:Memory {tenantId: $t, agentId: 'sam'})-[e:SEMANTIC|EMOTIONAL|TEMPORAL|CAUSAL|CONTRASTIVE]-() DELETE e
       WITH count(*) AS _
       MATCH (a:Memory {id: $seed}), (b:Memory {id: $bridge}), (c:Memory {id: $beyond})
       CREATE (a)-[:SEMANTIC {tenantId: $t, agentId: 'sam', weight: 0.95, coActivations: 0, createdAt: a.occurredAt, strengthenedAt: a.occurredAt}]->(b)
       CREATE (b)-[:SEMANTIC {tenantId: $t, agentId: 'sam', weight: 0.95, coActivations: 0, createdAt: b.occurredAt, strengthenedAt: b.occurredAt}]->(c)`,
      { t: stack.tenants[0]!.id, seed: id.get('seed'), bridge: id.get('bridge'), beyond: id.get('beyond') },
      DB,
    );
    const query = 'the deploy failed on the staging server';
    const spread = { hops: 2, seeds: 1, minActivation: 0.01 };
    // Unfiltered, the set-up works: the bridge is reached from the seed and relays to beyond.
    const open = await recall('sam', query, undefined, { topK: 11, spread });
    const openById = new Map(open.map((i) => [i.memory.externalId, i]));
    expect(openById.get('bridge')?.explanation?.activation?.path).toEqual([id.get('seed'), id.get('bridge')]);
    expect(openById.get('beyond')?.explanation?.activation?.path).toEqual([id.get('seed'), id.get('bridge'), id.get('beyond')]);
    expect(openById.get('beyond')!.explanation!.signals.resonance).toBeGreaterThan(0);

    const filtered = await recall('sam', query, { scope: 's1' }, { topK: 11, spread });
    const byId = new Map(filtered.map((i) => [i.memory.externalId, i]));
    expect(byId.has('bridge')).toBe(false);
    expect(filtered.every((i) => i.memory.scope === 's1')).toBe(true);
    expect(byId.get('seed')).toBeDefined();
    // beyond is in the filtered set (so it is a candidate) but nothing reaches it without the bridge.
    expect(byId.get('beyond')?.explanation?.activation ?? null).toBeNull();
    expect(byId.get('beyond')?.explanation?.signals.resonance).toBe(0);
  });

  describe('a selective filter in a large agent', () => {
    const SIZE = 2000;
    let big: StoredMemory[] = [];

    beforeAll(async () => {
      await mine().ok(CREATE_AGENT, { id: 'big' });
      // Bulk-loaded through the driver as encode stores memories (2,000 encodes would measure
      // the write path): 10 carry the tag "rare", another 10 the metadata {batch: "x"}, another
      // 10 the scope "rare", all with contents far from the query, so the index's nearest
      // hundreds are all others.
      const rows = Array.from({ length: SIZE }, (_, i) => {
        const special = i < 30 ? Math.floor(i / 10) : -1;
        const content = special >= 0 ? `zq${i} xv${i} quiet corner ${i}` : `deploy roadmap review ${WORDS[i % WORDS.length]} ${WORDS[(i * 3) % WORDS.length]} ${i}`;
        const meta = storeMetadata(special === 1 ? { batch: 'x' } : { batch: 'y' });
        return {
          id: randomUUID(),
          content,
          embedding: embedder.embedOne(content),
          occurredAt: T0 + i * 60_000,
          tags: special === 0 ? ['rare'] : ['common'],
          scope: special === 2 ? 'rare' : 'everyone',
          metadata: meta.metadata,
          metadataPairs: meta.metadataPairs,
        };
      });
      for (let start = 0; start < SIZE; start += 500) {
        await driver.executeQuery(
          `UNWIND $rows AS r
           CREATE (m:Memory {id: r.id, tenantId: $t, agentId: 'big', content: r.content, embedding: r.embedding,
             occurredAt: datetime({epochMillis: toInteger(r.occurredAt)}), encodedAt: datetime({epochMillis: toInteger(r.occurredAt)}),
             valence: 0.0, arousal: 0.3, dominance: 0.5, importance: 0.5, tags: r.tags, scope: r.scope,
             metadata: r.metadata, metadataPairs: r.metadataPairs, accessCount: 0, pendingAppraisal: false,
             archived: false, moodAtEncoding: [0.0, 0.3, 0.5], consolidation: 0.8})`,
          { rows: rows.slice(start, start + 500), t: stack.tenants[0]!.id },
          DB,
        );
      }
      big = await readStored(stack.tenants[0]!.id, 'big');
      expect(big).toHaveLength(SIZE);
    });

    const selective: [string, Filter][] = [
      ['a tag', { tagsAny: ['rare'] }],
      ['metadata', { metadata: { batch: 'x' } }],
      ['a scope', { scope: 'rare' }],
      ['a tag within a time range', { tagsAll: ['rare'], occurredAfter: new Date(T0 + 3 * 60_000).toISOString() }],
    ];
    it.each(selective)('%s: all its matches when topK ≥ their number, in brute-force order', async (_name, filter) => {
      const expected = bruteTop(big, 'deploy roadmap review', filter, 20);
      expect(expected.length).toBeLessThanOrEqual(10);
      expect(expected.length).toBeGreaterThanOrEqual(7);
      for (const topK of [10, 20]) {
        const items = await recall('big', 'deploy roadmap review', filter, { profile: 'semantic', topK });
        expectTopK(items.map((i) => i.memory.id), big, 'deploy roadmap review', filter, topK);
        expect(new Set(items.map((i) => i.memory.id))).toEqual(new Set(expected));
      }
      // The default profile returns exactly the matching set too (its order is not the cosine's).
      const items = await recall('big', 'deploy roadmap review', filter, { topK: 10 });
      expect(new Set(items.map((i) => i.memory.id))).toEqual(new Set(expected));
    });

    it('an unselective filter with tags: the true top k, found by the index', async () => {
      const filter: Filter = { tagsAny: ['common'], metadata: { batch: 'y' } };
      const items = await recall('big', 'deploy roadmap review', filter, { profile: 'semantic', topK: 10 });
      expectTopK(items.map((i) => i.memory.id), big, 'deploy roadmap review', filter, 10);
    });
  });

  it('keeps tenants apart: the same agent id, contents and filter in another tenant are never seen', async () => {
    const filter: Filter = { scope: 'user:ada', tagsAny: ['work'] };
    const mineIds = new Set(stored.map((m) => m.id));
    const theirStored = await readStored(stack.tenants[1]!.id, 'ana');
    const items = await recall('ana', QUERY, filter, { profile: 'semantic', topK: 20 });
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => mineIds.has(i.memory.id))).toBe(true);
    const their = (await theirs().ok<Recalled>(RECALL, { input: { agentId: 'ana', query: QUERY, topK: 20, profile: 'semantic', filter } })).recall.items;
    expectTopK(their.map((i) => i.memory.id), theirStored, QUERY, filter, 20);
    expect(their.some((i) => mineIds.has(i.memory.id))).toBe(false);
  });

  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['a scope with a space', { scope: 'a b' }, /^filter\.scope:/],
    ['an empty tag', { tagsAny: ['  '] }, /^filter\.tagsAny: tags must not be empty/],
    ['nested metadata', { metadata: { a: { b: 1 } } }, /^filter\.metadata\.a: .*not filterable/],
    ['a range that ends before it starts', { occurredAfter: '2026-02-01T00:00:00Z', occurredBefore: '2026-01-01T00:00:00Z' }, /must be later than occurredAfter/],
    ['too many tags', { tagsAll: Array.from({ length: 33 }, (_, i) => `t${i}`) }, /^filter\.tagsAll: at most 32 tags/],
  ];
  it.each(bad)('refuses %s with BAD_USER_INPUT', async (_name, filter, message) => {
    const r = await mine().request(RECALL, { input: { agentId: 'ana', query: QUERY, filter } });
    expect(r.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(r.errors?.[0]?.message).toMatch(message);
  });
});
