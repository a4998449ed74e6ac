import { deleteQueueKeys } from './delete-queue-keys';

/** A keyspace that answers SCAN in pages of two, like Redis does for a large one. */
function fakeRedis(keys: string[]) {
  const live = new Set(keys);
  const patterns: string[] = [];
  return {
    live,
    patterns,
    scan: (cursor: string, _match: 'MATCH', pattern: string): Promise<[string, string[]]> => {
      patterns.push(pattern);
      const prefix = pattern.replace(/\*$/, '');
      const all = keys.filter((k) => k.startsWith(prefix));
      const at = Number(cursor);
      const next = at + 2 >= all.length ? '0' : String(at + 2);
      return Promise.resolve([next, all.slice(at, at + 2)]);
    },
    unlink: (...ks: string[]): Promise<number> => Promise.resolve(ks.filter((k) => live.delete(k)).length),
  };
}

describe('deleteQueueKeys', () => {
  it('deletes every page of the prefix and nothing under another prefix', async () => {
    const redis = fakeRedis(['bench-1:appraisal:1', 'bench-1:appraisal:2', 'bench-1:appraisal:wait', 'bench-1:meta', 'bench-10:appraisal:1', 'bull:appraisal:1']);
    const deleted = await deleteQueueKeys(redis as never, 'bench-1');
    expect(deleted).toBe(4);
    expect([...redis.live].sort()).toEqual(['bench-10:appraisal:1', 'bull:appraisal:1']);
    // The colon keeps a prefix from matching a longer one (bench-1 is not bench-10).
    expect(new Set(redis.patterns)).toEqual(new Set(['bench-1:*']));
  });
});
