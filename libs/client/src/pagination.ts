import { InternalError } from './errors';

export interface Page<T> {
  readonly items: readonly T[];
  readonly endCursor: string | null;
  readonly hasNextPage: boolean;
}

/**
 * Every item of a cursor connection, a page at a time. Stops on the last page, and refuses a
 * server that answers "more" with the cursor it was just given (it would loop for ever).
 */
export async function* paginate<T>(page: (after: string | undefined) => Promise<Page<T>>, after?: string): AsyncGenerator<T> {
  for (;;) {
    const p = await page(after);
    yield* p.items;
    if (!p.hasNextPage || !p.endCursor) return;
    if (p.endCursor === after) throw new InternalError('INTERNAL_SERVER_ERROR', `the server paged back to cursor ${after}`);
    after = p.endCursor;
  }
}
