import { loadConfig } from '@limbic/config';
import { NO_LIST_FILTER } from '@limbic/graph';
import { ApiError } from '../common/api-error';
import { ArchivedFilter } from './dto/memory-filter.types';
import { validateMemoryListFilter } from './memory-list-filter.validator';

const limits = loadConfig({ NODE_ENV: 'test' }).limits;

function refusal(input: Parameters<typeof validateMemoryListFilter>[0]): string {
  try {
    validateMemoryListFilter(input, limits);
  } catch (err) {
    expect((err as ApiError).code).toBe('BAD_USER_INPUT');
    return (err as ApiError).message;
  }
  throw new Error('accepted');
}

describe('validateMemoryListFilter', () => {
  it('is live memories, no condition, when absent or empty', () => {
    expect(validateMemoryListFilter(undefined, limits)).toEqual(NO_LIST_FILTER);
    expect(validateMemoryListFilter({}, limits)).toEqual(NO_LIST_FILTER);
    expect(NO_LIST_FILTER).toMatchObject({ archived: 'LIVE', contains: null });
  });

  it('keeps archived and contains (as written: Cypher folds the case of both sides) beside the MemoryFilter part', () => {
    expect(validateMemoryListFilter({ archived: ArchivedFilter.ALL, contains: 'Release', tagsAll: ['Ops'] }, limits)).toMatchObject({
      archived: 'ALL',
      contains: 'Release',
      tagsAll: ['ops'],
    });
  });

  it('refuses an empty, overlong or malformed contains, and the MemoryFilter part’s faults', () => {
    expect(refusal({ contains: '' })).toMatch(/^filter\.contains: must be 1–256 characters/);
    expect(refusal({ contains: 'x'.repeat(257) })).toMatch(/^filter\.contains:/);
    expect(refusal({ contains: 'a\u0000b' })).toMatch(/^filter\.contains: must not contain NUL/);
    expect(refusal({ scope: 'a b' })).toMatch(/^filter\.scope:/);
  });
});
