/**
 * Loads by key in batches: every `load` made while one GraphQL response resolves a level of
 * its tree (before the next macrotask) is answered by one `fetch` of all their keys, so a page
 * of 100 memories reads their edges in one query, not 100. Keys are cached for the life of the
 * loader, which is one request (`loaderFor`).
 */
export class BatchLoader<K, V> {
  private readonly cache = new Map<K, Promise<V | undefined>>();
  private queue: { key: K; resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[] = [];

  constructor(private readonly fetch: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>) {}

  load(key: K): Promise<V | undefined> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const promise = new Promise<V | undefined>((resolve, reject) => {
      if (this.queue.length === 0) setImmediate(() => this.flush());
      this.queue.push({ key, resolve, reject });
    });
    this.cache.set(key, promise);
    return promise;
  }

  private flush(): void {
    const batch = this.queue;
    this.queue = [];
    this.fetch(batch.map((b) => b.key)).then(
      (found) => batch.forEach((b) => b.resolve(found.get(b.key))),
      (err: unknown) => batch.forEach((b) => b.reject(err)),
    );
  }
}

const loaders = new WeakMap<object, Map<string, BatchLoader<unknown, unknown>>>();

/**
 * The request's loader named `name`, made by `create` on first use. `scope` is the request's
 * GraphQL context object (one per request), so loaders and their caches die with the request.
 */
export function loaderFor<K, V>(scope: object, name: string, create: () => BatchLoader<K, V>): BatchLoader<K, V> {
  let byName = loaders.get(scope);
  if (!byName) loaders.set(scope, (byName = new Map()));
  let loader = byName.get(name) as BatchLoader<K, V> | undefined;
  if (!loader) {
    loader = create();
    byName.set(name, loader as BatchLoader<unknown, unknown>);
  }
  return loader;
}
