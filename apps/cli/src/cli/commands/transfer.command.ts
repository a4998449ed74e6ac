import { createReadStream, createWriteStream } from 'node:fs';
import { rename, stat, unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Command } from 'commander';
import { CliContext, type CliIo } from '../context';
import { Output } from '../output';
import { formatBytes, transferMeter } from '../progress';

const isStdio = (file: string | undefined): file is undefined | '-' => file === undefined || file === '-';

/** Streams the export to stdout or a file a line at a time, counting lines and bytes. */
async function exportTo(ctx: CliContext, agent: string, file: string | undefined): Promise<{ lines: number; bytes: number }> {
  const meter = transferMeter(ctx.io.stderr, `export ${agent}`, null);
  let bytes = 0;
  let lines = 0;
  const exported = ctx.api.exportAgent(agent, (b) => {
    bytes = b;
    meter.update(b, lines);
  });
  async function* chunks(): AsyncGenerator<string> {
    for await (const line of exported) {
      yield `${line}\n`;
      lines++;
    }
  }
  try {
    if (isStdio(file)) {
      const out = new Output(ctx.io.stdout, false, 0);
      for await (const chunk of chunks()) await out.write(chunk);
    } else {
      await writeWhole(file, chunks());
    }
    return { lines, bytes };
  } finally {
    meter.update(bytes, lines);
    meter.stop();
  }
}

/**
 * Writes beside the file and renames it when the export ended, so a broken export never leaves
 * a file that looks whole; pipeline carries backpressure and the first error of either side.
 */
async function writeWhole(file: string, chunks: AsyncIterable<string>): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await pipeline(Readable.from(chunks), createWriteStream(partial));
    await rename(partial, file);
  } catch (err) {
    await unlink(partial).catch(() => undefined);
    throw err;
  }
}

export function registerTransferCommands(program: Command, io: CliIo): void {
  program
    .command('export')
    .description('stream an agent (memories, edges, goals, state, revisions) as JSON Lines')
    .argument('<agent>', 'the agent id')
    .argument('[file]', 'where to write it; stdout when absent or -')
    .addHelpText('after', `
Examples:
  limbic export ada ada.jsonl
  limbic export ada | gzip > ada.jsonl.gz`)
    .action(async (agent: string, file: string | undefined, _opts: object, cmd: Command) => {
      const ctx = CliContext.of(io, cmd);
      const { lines, bytes } = await exportTo(ctx, agent, file);
      if (isStdio(file)) return;
      if (ctx.out.json) await ctx.out.document({ agentId: agent, file, lines, bytes });
      else await ctx.out.line(`exported ${agent}: ${lines} lines (${formatBytes(bytes)}) to ${file}`);
    });

  program
    .command('import')
    .description('restore an export into a new agent (checked whole before anything is written)')
    .argument('<file>', 'an export; - for stdin')
    .argument('<newAgent>', 'the id of the agent to create')
    .addHelpText('after', `
Examples:
  limbic import ada.jsonl ada-copy
  gunzip -c ada.jsonl.gz | limbic import - ada-restored`)
    .action(async (file: string, newAgent: string, _opts: object, cmd: Command) => {
      const ctx = CliContext.of(io, cmd);
      const fromStdin = isStdio(file);
      // Opened before the request, so a missing file fails here rather than as a broken upload.
      const size = fromStdin ? null : (await stat(file)).size;
      const source = fromStdin ? io.stdin : createReadStream(file);
      const meter = transferMeter(io.stderr, `import ${newAgent}`, size);
      const summary = await ctx.api.importAgent(newAgent, source, (b) => meter.update(b)).finally(() => meter.stop());
      if (ctx.out.json) return ctx.out.document(summary);
      await ctx.out.line(`imported into ${summary.agentId}: ${summary.memories} memories, ${summary.edges} edges, ${summary.goals} goals, ${summary.concepts} concepts, ${summary.revisions} revisions`);
    });
}
