import { Argument, Option, type Command } from 'commander';
import { FEEDBACK, PROFILES } from '../choices';
import { CliContext, type CliIo } from '../context';
import { recallOptions, type RecallFlags } from '../inputs';
import { formatRecall } from '../format/recall-format';
import { collect, parseDate, parseInteger } from '../parse';
import { textArg } from '../stdin';

export function registerRecallCommands(program: Command, io: CliIo): void {
  program
    .command('recall')
    .description('the memories most worth remembering now for a query; prints the recallId for feedback')
    .argument('<agent>', 'the agent id')
    .argument('<query...>', 'what to recall (words are joined by spaces), or - to read it from stdin')
    .option('-k, --top-k <n>', 'how many (1 … 100, default 10)', parseInteger)
    .option('--scope <scope>', 'only memories of this scope')
    .option('-t, --tag <tag>', 'only memories with this tag (repeatable: all of them)', collect)
    .option('--after <date>', 'only memories that occurred at or after this date', parseDate)
    .option('--before <date>', 'only memories that occurred before this date', parseDate)
    .addOption(new Option('--profile <profile>', 'starting weights (default: by query type and preset)').choices(PROFILES))
    .option('-x, --explain', 'per item the largest weighted signals and the activation path that reached it')
    .addHelpText('after', `
Examples:
  limbic recall ada why did the deploy fail --top-k 5
  limbic recall ada "disk full" --explain --tag ops --after 2026-01-01`)
    .action(async (agent: string, words: string[], flags: RecallFlags, cmd: Command) => {
      const ctx = CliContext.of(io, cmd);
      const result = await ctx.api.recall(agent, await textArg(words, io.stdin), recallOptions(flags));
      if (ctx.out.json) await ctx.out.document(result);
      else await ctx.out.lines(formatRecall(result, ctx.out.width));
    });

  program
    .command('feedback')
    .description('tell the agent how useful a recalled memory was (once per recall and memory)')
    .argument('<recallId>', 'printed by recall')
    .argument('<memoryId>', 'one of the recalled memories')
    .addArgument(new Argument('<signal>', 'used or ignored').choices(Object.keys(FEEDBACK)))
    .action(async (recallId: string, memoryId: string, signal: keyof typeof FEEDBACK, _opts: object, cmd: Command) => {
      const ctx = CliContext.of(io, cmd);
      const result = await ctx.api.feedback({ recallId, memoryId, signal: FEEDBACK[signal] });
      if (ctx.out.json) await ctx.out.document(result);
      else await ctx.out.line(result.applied ? `feedback applied to ${result.agentId}'s ${result.queryType ?? 'open'} weights` : 'this memory of this recall already had feedback: nothing changed');
    });
}
