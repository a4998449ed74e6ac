/**
 * The Neo4j bookmarks a reader must wait for to see a set of writes. A transaction that began
 * with bookmarks B and committed as L has seen everything B stood for, so B is replaced by L
 * (`advance`); bookmarks of writes that ran concurrently stay beside it. The driver's own
 * BookmarkManager follows the same rule; this one is synchronous and can be one of several
 * sources for one session (a tenant's, a request's).
 */
export class BookmarkSet {
  private readonly current = new Set<string>();

  constructor(initial: Iterable<string> = []) {
    for (const b of initial) this.current.add(b);
  }

  values(): string[] {
    return [...this.current];
  }

  get size(): number {
    return this.current.size;
  }

  /** A transaction that began with `previous` committed with `next`: `next` stands for both. */
  advance(previous: Iterable<string>, next: Iterable<string>): void {
    const latest = [...next];
    if (latest.length === 0) return;
    for (const b of previous) this.current.delete(b);
    for (const b of latest) this.current.add(b);
  }

  /** Forgets every bookmark (they named a database state that no longer exists). */
  clear(): void {
    this.current.clear();
  }
}

/** The union of several sets' bookmarks, each once, for one session to begin with. */
export function unionOf(...sets: readonly (BookmarkSet | undefined)[]): string[] {
  const all = new Set<string>();
  for (const set of sets) for (const b of set?.values() ?? []) all.add(b);
  return [...all];
}
