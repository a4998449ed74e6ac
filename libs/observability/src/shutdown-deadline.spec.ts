import { EventEmitter } from 'node:events';
import { exitIfShutdownHangs } from './shutdown-deadline';

describe('exitIfShutdownHangs', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function fakeProcess(): EventEmitter & { exit: jest.Mock } {
    return Object.assign(new EventEmitter(), { exit: jest.fn() });
  }

  it('exits with 1 once the grace period after SIGTERM or SIGINT has passed', () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const proc = fakeProcess();
      exitIfShutdownHangs('test', 1_000, proc);
      jest.advanceTimersByTime(5_000);
      expect(proc.exit).not.toHaveBeenCalled(); // no signal, no deadline
      proc.emit(signal);
      jest.advanceTimersByTime(999);
      expect(proc.exit).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(proc.exit).toHaveBeenCalledWith(1);
    }
  });
});
