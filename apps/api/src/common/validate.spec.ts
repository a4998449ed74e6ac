import { ApiError } from './api-error';
import { requireText, requireWellFormed } from './validate';

describe('requireWellFormed / requireText', () => {
  it('keeps well-formed text, astral characters included', () => {
    expect(requireWellFormed('content', 'deploy 🚀 done')).toBe('deploy 🚀 done');
    expect(requireText('content', 'ünïcødé', 100)).toBe('ünïcødé');
  });

  it.each([
    ['a lone high surrogate', 'abc\uD83Ddef', /lone surrogate/],
    ['a lone low surrogate', '\uDE80 tail', /lone surrogate/],
    ['a NUL', 'before\u0000after', /NUL/],
  ])('refuses %s as BAD_USER_INPUT naming the field', (_what, value, message) => {
    let thrown: unknown;
    try {
      requireText('items[3].content', value, 1000);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({ code: 'BAD_USER_INPUT', field: 'items[3].content', message: expect.stringMatching(message) as unknown });
  });
});
