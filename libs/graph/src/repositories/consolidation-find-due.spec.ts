import { AgentVectorSearch } from '../agent-vector-search';
import type { Neo4jExecutor } from '../neo4j-executor';
import { ConsolidationRepository } from './consolidation.repository';

const UNTIL = 10_000;

/** The executor answers the find-due query with the rows given, as Neo4j would (orderAt from the index). */
function repositoryAnswering(rows: Record<string, unknown>[]) {
  const read = jest.fn(async () => rows);
  return { repo: new ConsolidationRepository({ read } as unknown as Neo4jExecutor, new AgentVectorSearch()), read };
}

const row = (memoryId: string, orderAt: number, fresh: { reviewCount: number; nextReviewAt: number | null; gone?: boolean }) => ({
  tenantId: 't',
  agentId: 'a',
  memoryId,
  orderAt,
  reviewCount: fresh.reviewCount,
  nextReviewAt: fresh.nextReviewAt,
  gone: fresh.gone ?? false,
});

describe('ConsolidationRepository.findDue', () => {
  it('leaves out a memory reviewed since the index seek (its stored next review is not due) and one deleted meanwhile', async () => {
    const { repo } = repositoryAnswering([
      row('due', 100, { reviewCount: 0, nextReviewAt: 100 }),
      // Index said due at 200; the stored values are those of the review that committed since.
      row('reviewed-meanwhile', 200, { reviewCount: 1, nextReviewAt: 90_000_000 }),
      row('deleted', 300, { reviewCount: 0, nextReviewAt: null, gone: true }),
      row('archived', 400, { reviewCount: 1, nextReviewAt: null, gone: true }),
    ]);
    const page = await repo.findDue(UNTIL, { at: 0, id: '' }, 4);
    expect(page.reviews).toEqual([{ tenantId: 't', agentId: 'a', memoryId: 'due', reviewCount: 0, nextReviewAt: 100 }]);
    // A full page: the next one starts after the last row read, dropped or not.
    expect(page.next).toEqual({ at: 400, id: 'archived' });
  });

  it('a short page is the last one', async () => {
    const { repo, read } = repositoryAnswering([row('due', 100, { reviewCount: 2, nextReviewAt: 100 })]);
    const page = await repo.findDue(UNTIL, { at: 50, id: 'x' }, 10, ['t']);
    expect(page).toEqual({ reviews: [expect.objectContaining({ memoryId: 'due', reviewCount: 2 })], next: null });
    expect(read).toHaveBeenCalledWith('consolidation.find-due', { until: UNTIL, afterAt: 50, afterId: 'x', limit: 10, tenants: ['t'] });
  });
});
