import { Option, type Command } from 'commander';
import { ARCHIVED } from '../choices';
import { CliContext, type CliIo } from '../context';
import { memoryFilter, type MemoryFilterFlags } from '../inputs';
import { formatMemories } from '../format/memory-format';
import { collect, parseInteger } from '../parse';

interface MemoriesFlags extends MemoryFilterFlags {
  readonly first?: number;
  readonly after?: string;
  readonly all?: boolean;
  readonly count?: boolean;
}

/** A page, or with --all every page from --after on, streamed: rows (JSON Lines with --json) as each page arrives. */
async function list(ctx: CliContext, agent: string, f: MemoriesFlags): Promise<void> {
  const filter = memoryFilter(f);
  if (!f.all) {
    const page = await ctx.api.memoriesPage(agent, { filter, first: f.first ?? 20, after: f.after });
    if (ctx.out.json) return ctx.out.document(page);
    await ctx.out.lines(page.items.length ? formatMemories(page.items, ctx.out.width) : ['no memories']);
    await ctx.out.line(page.hasNextPage && page.endCursor ? `next page: limbic memories ${agent} --after ${page.endCursor}` : 'last page');
    return;
  }
  let after = f.after;
  let shown = 0;
  for (;;) {
    const page = await ctx.api.memoriesPage(agent, { filter, first: f.first ?? 100, after });
    if (ctx.out.json) for (const m of page.items) await ctx.out.jsonLine(m);
    else if (page.items.length) await ctx.out.lines(formatMemories(page.items, ctx.out.width, shown === 0));
    shown += page.items.length;
    if (!page.hasNextPage || !page.endCursor) break;
    after = page.endCursor;
  }
  if (!ctx.out.json && shown === 0) await ctx.out.line('no memories');
}

export function registerMemoryCommands(program: Command, io: CliIo): void {
  program
    .command('memories')
    .description("an agent's memories, newest first, a page at a time (or all with --all)")
    .argument('<agent>', 'the agent id')
    .option('-n, --first <n>', 'page size, 1 … 100 (default 20; 100 with --all)', parseInteger)
    .option('--after <cursor>', 'start after this cursor (printed under each page)')
    .option('--all', 'every page, streamed (JSON Lines with --json)')
    .option('--count', 'only how many match')
    .option('--scope <scope>', 'only this scope')
    .option('-t, --tag <tag>', 'only memories with this tag (repeatable: all of them)', collect)
    .option('--contains <text>', 'content contains this text (case-insensitive)')
    .addOption(new Option('--archived <which>', 'live, archived or all').choices(Object.keys(ARCHIVED)).default('live'))
    .addHelpText('after', `
Examples:
  limbic memories ada --first 50 --tag ops
  limbic memories ada --all --json | jq -r .content
  limbic memories ada --count --archived all`)
    .action(async (agent: string, f: MemoriesFlags, cmd: Command) => {
      const ctx = CliContext.of(io, cmd);
      if (f.count) {
        const count = await ctx.api.countMemories(agent, memoryFilter(f));
        return ctx.out.json ? ctx.out.document({ agentId: agent, count }) : ctx.out.line(String(count));
      }
      await list(ctx, agent, f);
    });

  program
    .command('forget')
    .description('archive a memory (hidden from recall, restorable), or delete it with --hard')
    .argument('<memoryId>', 'the memory id')
    .option('--hard', 'delete it and its edges for good')
    .action(async (memoryId: string, o: { hard?: boolean }, cmd: Command) => {
      const ctx = CliContext.of(io, cmd);
      const result = await ctx.api.forget(memoryId, { hard: o.hard === true });
      if (ctx.out.json) return ctx.out.document(result);
      await ctx.out.line(result.mode === 'DELETED' ? `deleted ${result.memoryId} (${result.edgesRemoved} edges removed)` : `archived ${result.memoryId}`);
    });
}
