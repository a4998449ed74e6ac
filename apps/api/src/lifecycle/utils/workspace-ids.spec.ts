import { workspaceFollowingIds } from './workspace-ids';

const ids = new Map([
  ['old-1', 'new-1'],
  ['old-2', 'new-2'],
]);
const newIdOf = (id: string) => ids.get(id);

describe('workspaceFollowingIds', () => {
  it('renames the focus and its suppressed competitors, dropping competitors not in the file', () => {
    const agent = {
      props: { id: 'a', focusId: 'old-1', focusScore: 0.7, focusSince: '2026-01-01T00:00:00.000Z', focusSuppressed: ['old-2', 'gone'] },
      types: { focusSince: 'datetime' as const },
    };
    expect(workspaceFollowingIds(agent, newIdOf)).toEqual({
      props: { id: 'a', focusId: 'new-1', focusScore: 0.7, focusSince: '2026-01-01T00:00:00.000Z', focusSuppressed: ['new-2'] },
      types: { focusSince: 'datetime' },
    });
  });

  it('a focus whose memory is not in the file empties the workspace; an agent without one is unchanged', () => {
    const agent = {
      props: { id: 'a', energy: 1, focusId: 'gone', focusScore: 0.7, focusSince: 'x', focusExpiresAt: 'y', focusAt: 'z', focusSuppressed: ['old-1'] },
      types: { focusSince: 'datetime' as const, focusExpiresAt: 'datetime' as const, focusAt: 'datetime' as const },
    };
    expect(workspaceFollowingIds(agent, newIdOf)).toEqual({ props: { id: 'a', energy: 1 }, types: {} });
    const plain = { props: { id: 'a' }, types: {} };
    expect(workspaceFollowingIds(plain, newIdOf)).toBe(plain);
  });
});
