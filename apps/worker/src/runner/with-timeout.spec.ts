import { JobTimeoutError, withTimeout } from './with-timeout';

const later = <T>(ms: number, value: T) => new Promise<T>((r) => setTimeout(() => r(value), ms));

describe('withTimeout', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('returns the work’s result when it finishes in time, without aborting its signal', async () => {
    let seen: AbortSignal | undefined;
    const run = withTimeout((signal) => ((seen = signal), later(50, 'done')), 100, 'too slow');
    await jest.advanceTimersByTimeAsync(50);
    await expect(run).resolves.toBe('done');
    await jest.advanceTimersByTimeAsync(1000);
    expect(seen?.aborted).toBe(false);
  });

  it('fails the attempt at the timeout and aborts the signal with the same error', async () => {
    let seen: AbortSignal | undefined;
    const run = withTimeout((signal) => ((seen = signal), later(500, 'late')), 100, 'job timed out after 100 ms');
    const failed = expect(run).rejects.toThrow(new JobTimeoutError('job timed out after 100 ms'));
    await jest.advanceTimersByTimeAsync(100);
    await failed;
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBeInstanceOf(JobTimeoutError);
  });

  it('lets work that checks its signal stop before writing: a late step never runs', async () => {
    const writes: string[] = [];
    const run = withTimeout(async (signal) => {
      writes.push('first transaction');
      await later(200, undefined);
      signal.throwIfAborted();
      writes.push('second transaction');
    }, 100, 'too slow');
    const failed = expect(run).rejects.toBeInstanceOf(JobTimeoutError);
    await jest.advanceTimersByTimeAsync(300);
    await failed;
    expect(writes).toEqual(['first transaction']);
  });

  it('passes the work’s own failure through, synchronous throws included', async () => {
    await expect(withTimeout(() => Promise.reject(new Error('neo4j down')), 100, 'x')).rejects.toThrow('neo4j down');
    await expect(
      withTimeout(() => {
        throw new Error('bad payload');
      }, 100, 'x'),
    ).rejects.toThrow('bad payload');
  });
});
