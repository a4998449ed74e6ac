import { InternalError } from './errors';
import { LimbicClient } from './limbic-client';
import { paginate, type Page } from './pagination';
import type { GraphqlRequest, GraphqlResponse, GraphqlTransport } from './transport';

/** A connection of `total` items served `first` at a time, cursors being the last index served. */
class PagedMemories implements GraphqlTransport {
  readonly asked: { first: unknown; after: unknown }[] = [];
  constructor(private readonly total: number) {}

  async execute(request: GraphqlRequest): Promise<GraphqlResponse> {
    const { first, after } = request.variables as { first: number; after?: string };
    this.asked.push({ first, after });
    const start = after === undefined ? 0 : Number(after) + 1;
    const ids = Array.from({ length: Math.max(0, Math.min(first, this.total - start)) }, (_, i) => start + i);
    const last = ids.at(-1);
    return {
      data: {
        memories: {
          edges: ids.map((i) => ({ cursor: String(i), node: { id: `m${i}` } })),
          pageInfo: { endCursor: last === undefined ? null : String(last), hasNextPage: last !== undefined && last < this.total - 1 },
        },
      },
    };
  }
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('pagination', () => {
  it('visits every memory once, in order, passing each page’s end cursor on', async () => {
    const server = new PagedMemories(23);
    const client = new LimbicClient({ transport: server });
    const ids = (await collect(client.memories('a', { first: 5 }))).map((m) => m.id);
    expect(ids).toEqual(Array.from({ length: 23 }, (_, i) => `m${i}`));
    expect(server.asked).toEqual([
      { first: 5, after: undefined },
      { first: 5, after: '4' },
      { first: 5, after: '9' },
      { first: 5, after: '14' },
      { first: 5, after: '19' },
    ]);
  });

  it('starts after a given cursor and pages 100 at a time by default', async () => {
    const server = new PagedMemories(150);
    const ids = (await collect(new LimbicClient({ transport: server }).memories('a', { after: '139' }))).map((m) => m.id);
    expect(ids).toEqual(Array.from({ length: 10 }, (_, i) => `m${140 + i}`));
    expect(server.asked).toEqual([{ first: 100, after: '139' }]);
  });

  it('asks once for an empty connection', async () => {
    const server = new PagedMemories(0);
    expect(await collect(new LimbicClient({ transport: server }).memories('a'))).toEqual([]);
    expect(server.asked).toHaveLength(1);
  });

  it('stops on a last page even if it names a cursor', async () => {
    const pages: Page<number>[] = [{ items: [1, 2], endCursor: 'c1', hasNextPage: true }, { items: [3], endCursor: 'c2', hasNextPage: false }];
    const after: (string | undefined)[] = [];
    expect(await collect(paginate(async (a) => (after.push(a), pages[after.length - 1]!)))).toEqual([1, 2, 3]);
    expect(after).toEqual([undefined, 'c1']);
  });

  it('refuses a server that pages back to the cursor it was given', async () => {
    const stuck = paginate(async () => ({ items: [1], endCursor: 'same', hasNextPage: true }));
    await expect(collect(stuck)).rejects.toBeInstanceOf(InternalError);
  });
});
