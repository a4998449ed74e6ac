import { BookmarkSet } from './bookmark-set';

/** chosen: tenants whose latest writes a process remembers; the least recently used go first. */
export const TENANT_BOOKMARKS_MAX = 10_000;

/**
 * Causal consistency within one process: every unit of work of a tenant begins with the
 * bookmarks of that tenant's latest writes in this process, so on a cluster a recall served by
 * a follower right after an encode waits until the follower has the encode. Per tenant, not per
 * process: one tenant's write stream never makes another tenant's reads wait for a follower to
 * catch up. A tenant forgotten by the LRU bound only loses the wait for writes long committed.
 */
export class TenantBookmarks {
  private readonly sets = new Map<string, BookmarkSet>();

  constructor(private readonly max = TENANT_BOOKMARKS_MAX) {}

  of(tenantId: string): BookmarkSet {
    let set = this.sets.get(tenantId);
    if (set) {
      // Map keeps insertion order: re-inserting marks it most recently used.
      this.sets.delete(tenantId);
    } else {
      set = new BookmarkSet();
      if (this.sets.size >= this.max) this.sets.delete(this.sets.keys().next().value as string);
    }
    this.sets.set(tenantId, set);
    return set;
  }

  /** The tenant's bookmarks, without creating an entry for it. */
  valuesOf(tenantId: string): string[] {
    return this.sets.get(tenantId)?.values() ?? [];
  }
}
