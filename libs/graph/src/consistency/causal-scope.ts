import { AsyncLocalStorage } from 'node:async_hooks';
import { BookmarkSet } from './bookmark-set';

const scope = new AsyncLocalStorage<BookmarkSet>();

/**
 * Runs `work` with its own bookmarks: every unit of work inside begins with them (besides the
 * tenant's), and every write inside advances them. An API request runs in one, seeded from the
 * client's consistency token, and answers with what the set holds at the end; a job runs in one
 * seeded from the bookmarks of the write that queued it.
 */
export function withBookmarks<R>(initial: Iterable<string>, work: (bookmarks: BookmarkSet) => R): R {
  const set = new BookmarkSet(initial);
  return scope.run(set, () => work(set));
}

/** The innermost withBookmarks scope, if any. */
export function currentBookmarks(): BookmarkSet | undefined {
  return scope.getStore();
}
