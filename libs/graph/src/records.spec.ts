import { DateTime, Duration, int } from 'neo4j-driver';
import { toPlain } from './records';

describe('toPlain', () => {
  it('converts driver values nested in plain lists and maps', () => {
    const at = new DateTime(2024, 1, 2, 3, 4, 5, 6_000_000, 0);
    const raw = { n: int(42), at, list: [int(1), { d: new Duration(0, 1, 0, 0) }], plain: { x: 1.5, s: 'a', none: null } };
    expect(toPlain(raw)).toEqual({
      n: 42,
      at: Date.UTC(2024, 0, 2, 3, 4, 5, 6),
      list: [1, { d: new Duration(0, 1, 0, 0).toString() }],
      plain: { x: 1.5, s: 'a', none: null },
    });
  });

  it('passes scalars through and maps undefined to null', () => {
    expect(toPlain(3)).toBe(3);
    expect(toPlain('x')).toBe('x');
    expect(toPlain(undefined)).toBeNull();
  });
});
