import { CommanderError } from 'commander';
import type { CliIo } from './context';
import { EXIT, exitCodeOf, failureLine } from './exit-codes';
import { buildProgram } from './program';

/** Runs one `limbic …` command line and resolves with its exit code; never rejects. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let exitCode: number = EXIT.OK;
  const program = buildProgram(io, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (err) {
    // Commander has printed its own message (usage errors, --help, --version).
    if (!(err instanceof CommanderError)) io.stderr.write(`${failureLine(err)}\n`);
    return exitCodeOf(err);
  }
}
