import { GraphQLError } from 'graphql';
import { ApiError } from './api-error';
import { formatError } from './format-error';
import { withRetryAfter, retryAfterMsOf, retryAfterSeconds } from './retry-after';
import { longestRetryAfter } from './retry-after.plugin';

describe('retry after', () => {
  it('marks an error with whole milliseconds, at least 1', () => {
    expect(retryAfterMsOf(withRetryAfter(new Error('x'), 12.2))).toBe(13);
    expect(retryAfterMsOf(withRetryAfter(new Error('x'), 0))).toBe(1);
    expect(retryAfterMsOf(new Error('x'))).toBeUndefined();
  });

  it('rounds the header up to whole seconds, at least 1', () => {
    expect([retryAfterSeconds(1), retryAfterSeconds(1000), retryAfterSeconds(1001), retryAfterSeconds(2500)]).toEqual([1, 1, 2, 3]);
  });

  it('reaches the client as extensions.retryAfterMs, from a resolver or from a plugin', () => {
    const limited = withRetryAfter(new ApiError('RATE_LIMITED', 'slow down'), 250);
    // Thrown by a resolver: Apollo wraps it with a path.
    const fromResolver = new GraphQLError('slow down', { originalError: limited, path: ['recall'] });
    // Thrown by a plugin before execution: no path, an http extension for the status.
    const fromPlugin = new GraphQLError('slow down', { originalError: limited, extensions: { code: 'RATE_LIMITED' } });
    for (const error of [fromResolver, fromPlugin]) {
      expect(formatError({ message: 'slow down' }, error)).toEqual({ message: 'slow down', extensions: { code: 'RATE_LIMITED', retryAfterMs: 250 } });
    }
    expect(formatError({ message: 'x' }, new GraphQLError('x', { originalError: new ApiError('NOT_FOUND', 'x'), path: ['a'] })).extensions).toEqual({ code: 'NOT_FOUND' });
  });

  it('takes the longest delay of a response’s errors for the header', () => {
    expect(longestRetryAfter([{ message: 'a', extensions: { retryAfterMs: 300 } }, { message: 'b' }, { message: 'c', extensions: { retryAfterMs: 1200 } }])).toBe(1200);
    expect(longestRetryAfter([{ message: 'a', extensions: { code: 'BAD_USER_INPUT' } }])).toBeUndefined();
  });
});
