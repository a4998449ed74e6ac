import type { Limits } from '@limbic/config';
import { ApiError } from '../common/api-error';
import { validatePatch } from './memory-patch.validator';

const limits = { maxContentBytes: 100, maxTags: 3 } as Limits;

function refusal(run: () => unknown): { code: string; field: string | undefined } {
  try {
    run();
  } catch (err) {
    if (err instanceof ApiError) return { code: err.code, field: err.field };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('validatePatch', () => {
  it('keeps the given fields, cleaned like encode’s', () => {
    expect(validatePatch({ content: 'New text', tags: [' Work ', 'work', 'home'], importance: 0.7, affect: { valence: -0.2, arousal: 0.4 } }, limits)).toEqual({
      content: 'New text',
      tags: ['work', 'home'],
      importance: 0.7,
      affect: { valence: -0.2, arousal: 0.4, dominance: null },
    });
  });

  it('treats null as not given, except metadata and speaker where it removes', () => {
    expect(validatePatch({ content: null, tags: null, metadata: null }, limits)).toEqual({ metadata: null });
    expect(validatePatch({ metadata: { source: 'chat' } }, limits)).toEqual({ metadata: { source: 'chat' } });
    expect(validatePatch({ content: null, speaker: null }, limits)).toEqual({ speaker: null });
    expect(validatePatch({ speaker: '  Ada ' }, limits)).toEqual({ speaker: 'Ada' });
  });

  it('refuses an empty patch', () => {
    expect(refusal(() => validatePatch({}, limits))).toEqual({ code: 'BAD_USER_INPUT', field: 'patch' });
    expect(refusal(() => validatePatch({ content: null, importance: null }, limits))).toEqual({ code: 'BAD_USER_INPUT', field: 'patch' });
    expect(refusal(() => validatePatch(null, limits))).toEqual({ code: 'BAD_USER_INPUT', field: 'patch' });
  });

  it.each([
    [{ content: '   ' }, 'patch.content'],
    [{ content: 'nul \u0000 here' }, 'patch.content'],
    [{ content: 'x'.repeat(101) }, 'patch.content'],
    [{ tags: ['a', 'b', 'c', 'd'] }, 'patch.tags'],
    [{ tags: ['a\u0000'] }, 'patch.tags[0]'],
    [{ importance: 1.5 }, 'patch.importance'],
    [{ importance: Number.NaN }, 'patch.importance'],
    [{ affect: { valence: 2, arousal: 0.5 } }, 'patch.affect.valence'],
    [{ affect: { valence: 0, arousal: -0.1 } }, 'patch.affect.arousal'],
    [{ affect: { valence: 0, arousal: 0.5, dominance: 3 } }, 'patch.affect.dominance'],
    [{ metadata: { 'bad key': 1 } }, 'patch.metadata'],
    [{ metadata: { a: { b: { c: { d: { e: 1 } } } } } }, 'patch.metadata.a.b.c.d'],
    [{ speaker: '' }, 'patch.speaker'],
    [{ speaker: '...' }, 'patch.speaker'],
    [{ speaker: 'x'.repeat(65) }, 'patch.speaker'],
  ])('refuses %j as BAD_USER_INPUT naming %s', (input, field) => {
    expect(refusal(() => validatePatch(input, limits))).toEqual({ code: 'BAD_USER_INPUT', field });
  });
});
