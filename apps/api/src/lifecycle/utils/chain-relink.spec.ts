import type { ChainNeighbour } from '@limbic/graph';
import { planChainRelink } from './chain-relink';

const at = (h: number) => Date.UTC(2024, 0, 1) + h * 3_600_000;
const neighbour = (id: string, hour: number, outgoing: boolean): ChainNeighbour => ({
  id,
  occurredAt: at(hour),
  valence: 0.2,
  arousal: 0.4,
  dominance: 0.5,
  embedding: [1, 0, 0],
  outgoing,
});

describe('planChainRelink', () => {
  it('joins predecessor to successor in the chain’s direction', () => {
    const link = planChainRelink({ memoryId: 'm', occurredAt: at(1), neighbours: [neighbour('next', 2, true), neighbour('prev', 0, false)] });
    expect(link).toMatchObject({ fromId: 'prev', toId: 'next' });
    expect(link!.weight).toBeGreaterThanOrEqual(0.1);
    expect(link!.weight).toBeLessThanOrEqual(1);
  });

  it('keeps a chain that runs newest → oldest running that way', () => {
    const link = planChainRelink({ memoryId: 'm', occurredAt: at(1), neighbours: [neighbour('prev', 0, true), neighbour('next', 2, false)] });
    expect(link).toMatchObject({ fromId: 'next', toId: 'prev' });
  });

  it('orders equal times by id and links nothing at the ends of the chain', () => {
    const tie = planChainRelink({ memoryId: 'b', occurredAt: at(1), neighbours: [neighbour('a', 1, false), neighbour('c', 1, true)] });
    expect(tie).toMatchObject({ fromId: 'a', toId: 'c' });
    expect(planChainRelink({ memoryId: 'm', occurredAt: at(1), neighbours: [neighbour('prev', 0, false)] })).toBeNull();
    expect(planChainRelink({ memoryId: 'm', occurredAt: at(1), neighbours: [] })).toBeNull();
  });

  it('picks the nearest neighbour on each side when the chain was broken', () => {
    const link = planChainRelink({
      memoryId: 'm',
      occurredAt: at(5),
      neighbours: [neighbour('old', 1, false), neighbour('prev', 4, false), neighbour('next', 6, true), neighbour('late', 9, true)],
    });
    expect(link).toMatchObject({ fromId: 'prev', toId: 'next' });
  });
});
