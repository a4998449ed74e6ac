import type { Command } from 'commander';
import { CliContext, type CliIo } from '../context';
import { rememberInput, type RememberFlags } from '../inputs';
import { collect, parseDate, parseJsonObject, parseNumber } from '../parse';
import { textArg } from '../stdin';

export function registerRememberCommand(program: Command, io: CliIo): void {
  program
    .command('remember')
    .description('store a memory; prints its id')
    .argument('<agent>', 'the agent id')
    .argument('<content...>', 'the text (words are joined by spaces), or - to read it from stdin')
    .option('-t, --tag <tag>', 'a tag (repeatable)', collect)
    .option('--scope <scope>', 'a user, session or conversation within the agent')
    .option('--speaker <name>', 'who said or did it (a recall naming them ranks it higher)')
    .option('--importance <0..1>', 'how much it matters (otherwise estimated)', parseNumber)
    .option('--valence <-1..1>', 'explicit affect: pleasantness', parseNumber)
    .option('--arousal <0..1>', 'explicit affect: activation', parseNumber)
    .option('--dominance <0..1>', 'explicit affect: sense of control (default 0.5)', parseNumber)
    .option('--occurred-at <date>', 'when it happened (default now)', parseDate)
    .option('--external-id <key>', 'idempotency key: remembering it again returns the first memory')
    .option('--metadata <json>', 'a small JSON object kept with the memory', parseJsonObject)
    .addHelpText('after', `
Examples:
  limbic remember ada "the deploy failed because the disk was full" --tag ops --importance 0.8
  limbic remember ada "I prefer tea in the afternoon" --speaker user
  git log -1 --format=%B | limbic remember ada - --scope repo:limbic --metadata '{"source":"git"}'`)
    .action(async (agent: string, words: string[], opts: RememberFlags, cmd: Command) => {
      const ctx = CliContext.of(io, cmd);
      const input = rememberInput(await textArg(words, io.stdin), opts, (m) => cmd.error(`error: ${m}`));
      const memory = await ctx.api.remember(agent, input);
      if (ctx.out.json) await ctx.out.document(memory);
      else await ctx.out.line(memory.id);
    });
}
