import { Option, type Command } from 'commander';
import type { Agent, operations } from '@limbic/client';
import { PRESETS } from '../choices';
import { CliContext, type CliIo } from '../context';
import { formatAgents, formatState } from '../format/state-format';

export function registerAgentCommands(program: Command, io: CliIo): void {
  program
    .command('agents')
    .description("list the tenant's agents (all of them, fetched a page at a time)")
    .action(async (_opts: object, cmd: Command) => {
      const ctx = CliContext.of(io, cmd);
      const agents: Agent[] = [];
      for await (const agent of ctx.api.agents()) {
        if (ctx.out.json) await ctx.out.jsonLine(agent);
        else agents.push(agent);
      }
      if (!ctx.out.json) await ctx.out.lines(agents.length ? formatAgents(agents, ctx.out.width) : ['no agents']);
    });

  program
    .command('create-agent')
    .description('create an agent (again with the same preset: returns it unchanged)')
    .argument('<id>', 'the agent id, unique within the tenant')
    .addOption(new Option('--preset <preset>', 'memory parameters (see README: presets)').choices(PRESETS))
    .action(async (id: string, opts: { preset?: operations.AgentPreset }, cmd: Command) => {
      const ctx = CliContext.of(io, cmd);
      const agent = await ctx.api.createAgent(id, opts.preset);
      if (ctx.out.json) await ctx.out.document(agent);
      else await ctx.out.lines(formatState(agent));
    });
}
