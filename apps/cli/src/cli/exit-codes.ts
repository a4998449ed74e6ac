import { CommanderError } from 'commander';
import { LimbicError, NetworkError } from '@limbic/client';

/** What `limbic` exits with; the README and `--help` list the same table. */
export const EXIT = {
  OK: 0,
  /** The API refused the operation (BAD_USER_INPUT, NOT_FOUND, …) or a local file could not be read or written. */
  FAILED: 1,
  /** Unknown command or option, a missing or malformed argument. */
  USAGE: 2,
  /** The key is missing, wrong, or not allowed this (UNAUTHENTICATED, FORBIDDEN). */
  AUTH: 3,
  /** The server cannot be reached or asks to come back later (network, UNAVAILABLE, RATE_LIMITED). */
  UNREACHABLE: 4,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

const AUTH_CODES = new Set(['UNAUTHENTICATED', 'FORBIDDEN']);
const UNREACHABLE_CODES = new Set(['UNAVAILABLE', 'RATE_LIMITED']);

export function exitCodeOf(err: unknown): ExitCode {
  if (err instanceof CommanderError) return err.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
  if (err instanceof NetworkError) return EXIT.UNREACHABLE;
  if (err instanceof LimbicError) {
    if (AUTH_CODES.has(err.code)) return EXIT.AUTH;
    if (UNREACHABLE_CODES.has(err.code)) return EXIT.UNREACHABLE;
  }
  return EXIT.FAILED;
}

/**
 * The one line a failure prints on stderr: `limbic: CODE: message`, the API's code for its
 * refusals and the system's (ENOENT, …) for local ones. Commander prints its own usage errors.
 */
export function failureLine(err: unknown): string {
  if (err instanceof LimbicError) return `limbic: ${err.code}: ${err.message}`;
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  // Node's own messages already start with their code (`ENOENT: no such file …`).
  return typeof code === 'string' && !message.startsWith(`${code}:`) ? `limbic: ${code}: ${message}` : `limbic: ${message}`;
}

export const EXIT_CODE_HELP = `Exit codes:
  0  success
  1  the API refused the operation (limbic: CODE: message on stderr: BAD_USER_INPUT, NOT_FOUND, …)
     or a local file could not be read or written
  2  usage error: unknown command or option, missing or malformed argument
  3  authentication: no key, a wrong key, or not allowed (UNAUTHENTICATED, FORBIDDEN)
  4  cannot reach the server, or it is unavailable or rate-limiting (UNAVAILABLE, RATE_LIMITED)`;
