import { buildAgentEmbeddings, embeddingOf } from './agent-embeddings';
import { nextLinkCopy } from './next-link-copy';

const unit = (i: number) => Array.from({ length: 4 }, (_, d) => (d === i % 4 ? 1 : 0));
const memory = (id: string, i: number) => ({ id, embedding: unit(i) });

describe('nextLinkCopy', () => {
  const copy = buildAgentEmbeddings('e1', 2, [memory('a', 0), memory('b', 1)]);

  it('adds a fresh copy the memories its transaction wrote, at the new epoch', () => {
    const next = nextLinkCopy(copy, { fresh: true, exact: true, epoch: 'e2', stored: 3, written: [memory('c', 2)], linkable: null }, 500);
    expect(next).toMatchObject({ epoch: 'e2', stored: 3, ids: ['a', 'b', 'c'] });
  });

  it('drops a stale copy that was not refilled', () => {
    expect(nextLinkCopy(copy, { fresh: false, exact: true, epoch: 'e2', stored: 3, written: [memory('c', 2)], linkable: null }, 500)).toBeNull();
  });

  it('rebuilds a stale copy from the refill: fetched embeddings, held ones for the rest, removed memories gone', () => {
    // Another replica archived 'b' and wrote 'x'; this transaction wrote 'c'.
    const linkable = [
      { id: 'a', embedding: null },
      { id: 'x', embedding: unit(3) },
      { id: 'c', embedding: null },
    ];
    const next = nextLinkCopy(copy, { fresh: false, exact: true, epoch: 'e3', stored: 4, written: [memory('c', 2)], linkable }, 500);
    expect(next).toMatchObject({ epoch: 'e3', stored: 4, ids: ['a', 'x', 'c'] });
    if (!next) throw new Error('copy expected');
    expect(embeddingOf(next, 1)).toEqual(unit(3));
    expect(embeddingOf(next, 2)).toEqual(unit(2));
  });

  it('builds a first copy from a refill alone', () => {
    const next = nextLinkCopy(null, { fresh: false, exact: true, epoch: 'e1', stored: 1, written: [memory('a', 0)], linkable: [{ id: 'a', embedding: null }] }, 500);
    expect(next).toMatchObject({ epoch: 'e1', ids: ['a'] });
  });

  it('keeps nothing when an embedding is missing or the agent outgrew the budget', () => {
    expect(nextLinkCopy(null, { fresh: false, exact: true, epoch: 'e1', stored: 1, written: [], linkable: [{ id: 'q', embedding: null }] }, 500)).toBeNull();
    expect(nextLinkCopy(copy, { fresh: true, exact: true, epoch: 'e2', stored: 501, written: [memory('c', 2)], linkable: null }, 500)).toBeNull();
  });
});
