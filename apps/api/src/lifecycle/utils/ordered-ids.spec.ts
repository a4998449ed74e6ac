import { orderedIds } from './ordered-ids';

describe('orderedIds', () => {
  it('mints unique UUIDv7-shaped ids that sort in generation order, across sequence wrap', () => {
    const ids = orderedIds(10_000, Date.UTC(2024, 0, 1));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
  });

  it('never repeats between two calls at the same instant', () => {
    const a = orderedIds(100, 1_700_000_000_000);
    const b = orderedIds(100, 1_700_000_000_000);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
  });
});
