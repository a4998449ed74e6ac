import { Neo4jError, type Driver, type SessionConfig } from 'neo4j-driver';
import { Neo4jExecutor } from '../neo4j-executor';
import type { QueryRegistry } from '../query-registry';
import { BookmarkSet } from './bookmark-set';
import { currentBookmarks, withBookmarks } from './causal-scope';
import { TenantBookmarks } from './tenant-bookmarks';

/**
 * A driver that records how each session was opened and answers every write with the next
 * bookmark, as Neo4j does: a session's lastBookmarks() after a commit is that commit's bookmark.
 */
function recordingDriver(refuse: (bookmarks: readonly string[]) => boolean = () => false) {
  const opened: SessionConfig[] = [];
  let commits = 0;
  const driver = {
    session(config: SessionConfig) {
      opened.push(config);
      const begun = [...((config.bookmarks as string[] | undefined) ?? [])];
      let last = begun;
      const run = () => (refuse(begun) ? Promise.reject(new Neo4jError('unknown bookmark', 'Neo.ClientError.Transaction.InvalidBookmark', '', '')) : Promise.resolve({ records: [] }));
      return {
        executeWrite: async (work: (tx: unknown) => Promise<unknown>) => {
          const result = await work({ run });
          last = [`bm-${++commits}`];
          return result;
        },
        beginTransaction: () => ({ run, commit: () => Promise.resolve(), rollback: () => Promise.resolve() }),
        // An auto-commit statement (runRaw): commits as it answers.
        run: async () => {
          await run();
          last = [`bm-${++commits}`];
          return { records: [] };
        },
        lastBookmarks: () => last,
        close: () => Promise.resolve(),
      };
    },
  };
  return { driver: driver as unknown as Driver, opened };
}

const registry = { get: () => 'RETURN 1' } as unknown as QueryRegistry;

describe('bookmarks passed to the driver', () => {
  it('begins each unit with the tenant’s latest write, and a later write replaces it', async () => {
    const { driver, opened } = recordingDriver();
    const db = new Neo4jExecutor(driver, registry, { database: 'neo4j', txTimeoutMs: 1000, bookmarks: new TenantBookmarks() });
    await db.write('agent.get', { tenantId: 'a' });
    await db.read('agent.get', { tenantId: 'a' });
    await db.write('agent.get', { tenantId: 'a' });
    await db.read('agent.get', { tenantId: 'a' });
    expect(opened.map((c) => [c.defaultAccessMode, c.bookmarks])).toEqual([
      ['WRITE', []],
      ['READ', ['bm-1']],
      ['WRITE', ['bm-1']],
      ['READ', ['bm-2']],
    ]);
  });

  it('orders schema statements and the tenant-less reads after them (migrations) in a chain of their own', async () => {
    const { driver, opened } = recordingDriver();
    const db = new Neo4jExecutor(driver, registry, { database: 'neo4j', txTimeoutMs: 1000, bookmarks: new TenantBookmarks() });
    await db.runRaw('schema.index', 'CREATE INDEX x IF NOT EXISTS FOR (n:X) ON (n.x)');
    await db.read('migration.pending-indexes');
    await db.read('agent.get', { tenantId: 'a' });
    expect(opened.map((c) => c.bookmarks)).toEqual([[], ['bm-1'], []]);
  });

  it('keeps tenants apart: one tenant’s writes are no bookmark for another’s reads', async () => {
    const { driver, opened } = recordingDriver();
    const db = new Neo4jExecutor(driver, registry, { database: 'neo4j', txTimeoutMs: 1000, bookmarks: new TenantBookmarks() });
    await db.write('agent.get', { tenantId: 'a' });
    await db.read('agent.get', { tenantId: 'b' });
    expect(opened[1]?.bookmarks).toEqual([]);
  });

  it('adds the scope’s bookmarks (a client’s token, a job’s writer) and advances the scope on a write', async () => {
    const { driver, opened } = recordingDriver();
    const db = new Neo4jExecutor(driver, registry, { database: 'neo4j', txTimeoutMs: 1000, bookmarks: new TenantBookmarks() });
    const after = await withBookmarks(['from-another-replica'], async (scope) => {
      await db.read('agent.get', { tenantId: 'a' });
      await db.write('agent.get', { tenantId: 'a' });
      return scope.values();
    });
    expect(opened.map((c) => c.bookmarks)).toEqual([['from-another-replica'], ['from-another-replica']]);
    // The commit saw the token's writes: its own bookmark now stands for both.
    expect(after).toEqual(['bm-1']);
    expect(currentBookmarks()).toBeUndefined();
  });

  it('sends a read to the leader when asked (WRITE access, the read path otherwise)', async () => {
    const { driver, opened } = recordingDriver();
    const db = new Neo4jExecutor(driver, registry, { database: 'neo4j', txTimeoutMs: 1000 });
    await db.read('agent.get', { tenantId: 'a' }, { onLeader: true });
    await db.read('agent.get', { tenantId: 'a' });
    expect(opened.map((c) => c.defaultAccessMode)).toEqual(['WRITE', 'READ']);
  });

  it('forgets bookmarks the database refuses as unknown and runs the unit once more without them', async () => {
    const { driver, opened } = recordingDriver((begun) => begun.includes('stale'));
    const tenants = new TenantBookmarks();
    const db = new Neo4jExecutor(driver, registry, { database: 'neo4j', txTimeoutMs: 1000, bookmarks: tenants });
    const left = await withBookmarks(['stale'], async (scope) => {
      await db.read('agent.get', { tenantId: 'a' });
      return scope.values();
    });
    expect(opened.map((c) => c.bookmarks)).toEqual([['stale'], []]);
    expect(left).toEqual([]);
  });

  it('a write that began with a set replaces only that set: concurrent writes’ bookmarks stay', () => {
    const set = new BookmarkSet(['x']);
    set.advance(['x'], ['y']);
    set.advance(['q'], ['z']);
    set.advance(['y'], []);
    expect(set.values().sort()).toEqual(['y', 'z']);
  });

  it('remembers at most its bound of tenants, forgetting the least recently used', () => {
    const tenants = new TenantBookmarks(2);
    tenants.of('a').advance([], ['a1']);
    tenants.of('b').advance([], ['b1']);
    tenants.of('a');
    tenants.of('c');
    expect([tenants.valuesOf('a'), tenants.valuesOf('b'), tenants.valuesOf('c')]).toEqual([['a1'], [], []]);
  });
});
