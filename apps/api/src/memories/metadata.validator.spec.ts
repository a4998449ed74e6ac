import { ApiError } from '../common/api-error';
import { METADATA_LIMITS, requireMetadata, requireMetadataFilterValue } from './metadata.validator';

function rejection(value: unknown): string {
  try {
    requireMetadata('metadata', value);
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('BAD_USER_INPUT');
    return (err as ApiError).message;
  }
  throw new Error('accepted');
}

function nested(levels: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = { k: v };
  return v;
}

describe('requireMetadata', () => {
  it('keeps a small object as given', () => {
    const m = { source: 'chat', turn: 12, ok: true, none: null, labels: ['a', 'b'], nested: { x: 1.5 } };
    expect(requireMetadata('metadata', m)).toEqual(m);
  });

  it('refuses what is not an object', () => {
    for (const v of [null, 3, 'x', [1, 2]]) expect(rejection(v)).toMatch(/must be a JSON object|is not a JSON value/);
  });

  it('bounds depth: four levels of objects pass, five do not', () => {
    expect(requireMetadata('metadata', nested(METADATA_LIMITS.maxDepth))).toEqual(nested(METADATA_LIMITS.maxDepth));
    expect(rejection(nested(METADATA_LIMITS.maxDepth + 1))).toMatch(/deeper than 4 levels/);
  });

  it('bounds size as canonical JSON', () => {
    expect(rejection({ text: 'x'.repeat(METADATA_LIMITS.maxBytes) })).toMatch(/bytes as JSON; the limit is 4096/);
  });

  it('bounds keys per object', () => {
    const many = Object.fromEntries(Array.from({ length: METADATA_LIMITS.maxKeys + 1 }, (_, i) => [`k${i}`, i]));
    expect(rejection(many)).toMatch(/more than 64 keys/);
  });

  it('refuses keys that could not be named in a filter, and names the path', () => {
    expect(rejection({ 'has space': 1 })).toMatch(/key "has space"/);
    expect(rejection({ ok: { '': 1 } })).toMatch(/^metadata\.ok: key ""/);
    expect(rejection({ ['k'.repeat(65)]: 1 })).toMatch(/1–64 characters/);
  });

  it('refuses NUL, lone surrogates and non-finite numbers at any depth', () => {
    expect(rejection({ a: ['ok', 'bad\u0000'] })).toMatch(/^metadata\.a\[1\]: must not contain NUL/);
    expect(rejection({ a: { b: '\uD800' } })).toMatch(/^metadata\.a\.b: is not well-formed Unicode/);
    expect(rejection({ n: Number.POSITIVE_INFINITY })).toMatch(/finite number/);
  });
});

describe('requireMetadataFilterValue', () => {
  it('takes scalars and refuses nested values', () => {
    expect(requireMetadataFilterValue('f', 'x')).toBe('x');
    expect(requireMetadataFilterValue('f', 2)).toBe(2);
    expect(requireMetadataFilterValue('f', false)).toBe(false);
    expect(requireMetadataFilterValue('f', null)).toBeNull();
    expect(() => requireMetadataFilterValue('f', { a: 1 })).toThrow(/not filterable/);
    expect(() => requireMetadataFilterValue('f', [1])).toThrow(/not filterable/);
  });
});
