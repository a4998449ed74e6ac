import type { Command } from 'commander';
import type { Agent } from '@limbic/client';
import { CliContext, type CliIo } from '../context';
import { formatState } from '../format/state-format';
import { parseGoal, parseNumber, type GoalArg } from '../parse';
import { textArg } from '../stdin';

async function printState(ctx: CliContext, agent: Agent): Promise<void> {
  if (ctx.out.json) await ctx.out.document(agent);
  else await ctx.out.lines(formatState(agent));
}

export function registerStateCommands(program: Command, io: CliIo): void {
  program
    .command('state')
    .description("an agent's state now: affect, mood, momentum, energy, goals, primed concepts")
    .argument('<agent>', 'the agent id')
    .action(async (agent: string, _opts: object, cmd: Command) => {
      const ctx = CliContext.of(io, cmd);
      await printState(ctx, await ctx.api.agent(agent));
    });

  program
    .command('observe')
    .description('the agent perceives a text: its affect, mood, momentum and energy move')
    .argument('<agent>', 'the agent id')
    .argument('<text...>', 'what it perceives, or - to read it from stdin')
    .action(async (agent: string, words: string[], _opts: object, cmd: Command) => {
      const ctx = CliContext.of(io, cmd);
      await printState(ctx, await ctx.api.observe(agent, await textArg(words, io.stdin)));
    });

  program
    .command('feel')
    .description("set the agent's core affect; momentum and mood follow")
    .argument('<agent>', 'the agent id')
    .requiredOption('--valence <-1..1>', 'pleasantness', parseNumber)
    .requiredOption('--arousal <0..1>', 'activation', parseNumber)
    .option('--dominance <0..1>', 'sense of control (default 0.5)', parseNumber)
    .action(async (agent: string, o: { valence: number; arousal: number; dominance?: number }, cmd: Command) => {
      const ctx = CliContext.of(io, cmd);
      const affect = { valence: o.valence, arousal: o.arousal, ...(o.dominance !== undefined ? { dominance: o.dominance } : {}) };
      await printState(ctx, await ctx.api.setFeeling(agent, affect));
    });

  program
    .command('goals')
    .description("replace the agent's goals")
    .argument('<agent>', 'the agent id')
    .argument('[goals...]', 'name[:priority], priority 0 … 1 (default 0.5)', (v: string, prev: GoalArg[] | undefined) => [...(prev ?? []), parseGoal(v)])
    .option('--clear', 'remove every goal')
    .addHelpText('after', `
Example:
  limbic goals ada "ship the release:0.9" "keep the pager quiet:0.6" learning`)
    .action(async (agent: string, goals: GoalArg[] | undefined, o: { clear?: boolean }, cmd: Command) => {
      const list = goals ?? [];
      if (list.length === 0 && !o.clear) cmd.error('error: give at least one goal, or --clear to remove them all');
      if (list.length > 0 && o.clear) cmd.error('error: --clear takes no goals');
      const ctx = CliContext.of(io, cmd);
      await printState(ctx, await ctx.api.setGoals(agent, list.map((g) => ({ name: g.name, priority: g.priority ?? 0.5 }))));
    });
}
