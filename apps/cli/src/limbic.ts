import { LimbicClient } from '@limbic/client';
import { runCli } from './cli/run';

// `limbic … | head` closes stdout early: that is the reader's choice, not a failure.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  createClient: (options) => new LimbicClient(options),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`limbic: ${String(err)}\n`);
    process.exitCode = 1;
  },
);
