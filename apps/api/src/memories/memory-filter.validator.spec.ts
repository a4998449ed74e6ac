import { loadConfig } from '@limbic/config';
import { metadataPair, NO_FILTER } from '@limbic/graph';
import { ApiError } from '../common/api-error';
import { validateMemoryFilter } from './memory-filter.validator';

const limits = loadConfig({ NODE_ENV: 'test' }).limits;

function refusal(input: Parameters<typeof validateMemoryFilter>[0]): string {
  try {
    validateMemoryFilter(input, limits);
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('BAD_USER_INPUT');
    return (err as ApiError).message;
  }
  throw new Error('accepted');
}

describe('validateMemoryFilter', () => {
  it('is no filter when absent or empty', () => {
    expect(validateMemoryFilter(undefined, limits)).toEqual(NO_FILTER);
    expect(validateMemoryFilter({}, limits)).toEqual(NO_FILTER);
  });

  it('normalises tags as encode stores them and turns metadata into stored pairs', () => {
    const f = validateMemoryFilter(
      { scope: 'user:ada', tagsAny: [' Work ', 'work', 'HOME'], tagsAll: ['ops'], occurredAfter: new Date('2026-01-01T00:00:00Z'), metadata: { turn: 3, source: 'chat' } },
      limits,
    );
    expect(f).toEqual({
      scope: 'user:ada',
      tagsAny: ['work', 'home'],
      tagsAll: ['ops'],
      after: Date.parse('2026-01-01T00:00:00Z'),
      before: null,
      metadataPairs: [metadataPair('source', 'chat'), metadataPair('turn', 3)],
    });
  });

  it('refuses bad parts, naming the field', () => {
    expect(refusal({ scope: 'a b' })).toMatch(/^filter\.scope:/);
    expect(refusal({ tagsAny: ['  '] })).toMatch(/^filter\.tagsAny: tags must not be empty/);
    expect(refusal({ metadata: { a: { nested: 1 } } })).toMatch(/^filter\.metadata\.a: .*not filterable/);
    expect(refusal({ occurredAfter: new Date('2026-02-01T00:00:00Z'), occurredBefore: new Date('2026-01-01T00:00:00Z') })).toMatch(/must be later than occurredAfter/);
    expect(refusal({ metadata: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, i])) })).toMatch(/at most 16 keys/);
  });
});
