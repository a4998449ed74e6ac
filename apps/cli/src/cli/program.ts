import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Command, Option } from 'commander';
import type { CliIo } from './context';
import { EXIT_CODE_HELP } from './exit-codes';
import { registerAgentCommands } from './commands/agents.command';
import { registerMemoryCommands } from './commands/memories.command';
import { registerRecallCommands } from './commands/recall.command';
import { registerMcpCommand } from './commands/mcp.command';
import { registerReembedCommand } from './commands/reembed.command';
import { registerRememberCommand } from './commands/remember.command';
import { registerStateCommands } from './commands/state.command';
import { registerTransferCommands } from './commands/transfer.command';

// The API's own default (LIMBIC_PORT 4000, libs/config), so a local `npm start` needs no flag.
export const DEFAULT_URL = 'http://127.0.0.1:4000';

const EXAMPLES = `
Examples:
  export LIMBIC_URL=http://127.0.0.1:4000 LIMBIC_API_KEY=...
  limbic create-agent ada --preset agent
  limbic remember ada "the deploy failed because the disk was full" --tag ops
  limbic recall ada why did the deploy fail --explain
  limbic feedback <recallId> <memoryId> used
  limbic memories ada --all --json | jq -r .content
  limbic export ada ada.jsonl && limbic import ada.jsonl ada-copy

${EXIT_CODE_HELP}`;

/** The repository's version: the package.json above this file, in the sources and in dist alike. */
function version(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'limbic' && pkg.version) return pkg.version;
    } catch {
      /* no package.json at this level */
    }
  }
  return 'unknown';
}

/**
 * The `limbic` command tree. Commander reports usage errors by throwing (exitOverride), so the
 * caller decides the exit code; output goes to the given streams.
 */
export function buildProgram(io: CliIo, setExitCode: (code: number) => void): Command {
  const program = new Command('limbic')
    .description('Limbic from the shell: agents, memories, recall, state, export and import')
    .version(version(), '-V, --version')
    .addOption(new Option('--url <url>', 'the API').env('LIMBIC_URL').default(DEFAULT_URL))
    .addOption(new Option('--api-key <key>', 'sent as a bearer token').env('LIMBIC_API_KEY'))
    .option('--json', 'machine-readable output on stdout (JSON Lines for streamed lists)')
    .exitOverride()
    .configureHelp({ showGlobalOptions: true })
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .showHelpAfterError('(limbic --help lists commands; limbic <command> --help their options)')
    .addHelpText('after', EXAMPLES);
  // Registered after the settings above, which commander copies into each subcommand.
  registerAgentCommands(program, io);
  registerRememberCommand(program, io);
  registerRecallCommands(program, io);
  registerStateCommands(program, io);
  registerMemoryCommands(program, io);
  registerTransferCommands(program, io);
  registerReembedCommand(program, setExitCode);
  registerMcpCommand(program);
  return program;
}
