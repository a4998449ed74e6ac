import { Kind } from 'graphql';
import { parseDateTime, StrictDateTime } from './strict-date-time';

describe('StrictDateTime', () => {
  it.each([
    ['2026-03-01T09:30:00Z', '2026-03-01T09:30:00.000Z'],
    ['2026-03-01T09:30:00.123456Z', '2026-03-01T09:30:00.123Z'],
    ['2026-03-01T11:30:00+02:00', '2026-03-01T09:30:00.000Z'],
    ['2026-03-01 09:30:00z', '2026-03-01T09:30:00.000Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
  ])('accepts %s as the instant it names', (input, iso) => {
    expect(parseDateTime(input).toISOString()).toBe(iso);
  });

  it.each([
    ['2026-02-30T00:00:00Z', /does not exist/],
    ['2023-02-29T00:00:00Z', /does not exist/],
    ['2026-04-31T00:00:00Z', /does not exist/],
    ['2026-01-01T24:00:00Z', /does not exist/],
    ['2026-01-01T23:60:00Z', /does not exist/],
    ['2026-01-01T00:00:00+25:00', /impossible offset/],
    ['1', /not an RFC 3339/],
    ['2026-01-01', /not an RFC 3339/],
    ['2026-01-01T00:00:00', /not an RFC 3339/],
    ['March 3, 2026', /not an RFC 3339/],
    ['1899-12-31T23:59:59Z', /between 1900 and 2200/],
    ['2201-01-01T00:00:00Z', /between 1900 and 2200/],
  ])('refuses %s', (input, message) => {
    expect(() => parseDateTime(input)).toThrow(message);
  });

  it('quotes at most a short prefix of a bad value', () => {
    const long = `2026-01-01${'x'.repeat(10_000)}`;
    expect(() => parseDateTime(long)).toThrow(/^DateTime "2026-01-01x{30}…" is not/);
  });

  it('refuses non-strings, in variables and in literals', () => {
    expect(() => StrictDateTime.parseValue(1_700_000_000_000)).toThrow(/RFC 3339 string/);
    expect(() => StrictDateTime.parseLiteral({ kind: Kind.INT, value: '1' })).toThrow(/must be a string/);
    expect(StrictDateTime.parseLiteral({ kind: Kind.STRING, value: '2026-03-01T09:30:00Z' })).toEqual(new Date('2026-03-01T09:30:00Z'));
  });

  it('serialises at UTC', () => {
    expect(StrictDateTime.serialize(new Date('2026-03-01T11:30:00+02:00'))).toBe('2026-03-01T09:30:00.000Z');
  });
});
