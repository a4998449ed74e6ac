import { CommanderError } from 'commander';
import { errorFromCode, NetworkError } from '@limbic/client';
import { EXIT, exitCodeOf, failureLine } from './exit-codes';

describe('exit codes', () => {
  it('maps API codes to what a shell expects', () => {
    const cases: [string, number][] = [
      ['BAD_USER_INPUT', EXIT.FAILED],
      ['NOT_FOUND', EXIT.FAILED],
      ['QUERY_TOO_COSTLY', EXIT.FAILED],
      ['INTERNAL_SERVER_ERROR', EXIT.FAILED],
      ['UNAUTHENTICATED', EXIT.AUTH],
      ['FORBIDDEN', EXIT.AUTH],
      ['UNAVAILABLE', EXIT.UNREACHABLE],
      ['RATE_LIMITED', EXIT.UNREACHABLE],
    ];
    for (const [code, exit] of cases) expect([code, exitCodeOf(errorFromCode(code, 'm'))]).toEqual([code, exit]);
    expect(exitCodeOf(new NetworkError('cannot reach', false))).toBe(EXIT.UNREACHABLE);
  });

  it('turns commander usage errors into 2, and help or version into 0', () => {
    expect(exitCodeOf(new CommanderError(1, 'commander.unknownOption', 'x'))).toBe(EXIT.USAGE);
    expect(exitCodeOf(new CommanderError(0, 'commander.helpDisplayed', 'x'))).toBe(EXIT.OK);
  });

  it('treats local failures as the operation failing', () => {
    const enoent = Object.assign(new Error("ENOENT: no such file or directory, stat 'x.jsonl'"), { code: 'ENOENT' });
    expect(exitCodeOf(enoent)).toBe(EXIT.FAILED);
    expect(failureLine(enoent)).toBe("limbic: ENOENT: no such file or directory, stat 'x.jsonl'");
    expect(failureLine(Object.assign(new Error('disk on fire'), { code: 'EIO' }))).toBe('limbic: EIO: disk on fire');
    expect(failureLine(errorFromCode('NOT_FOUND', 'agent x not found'))).toBe('limbic: NOT_FOUND: agent x not found');
  });
});
