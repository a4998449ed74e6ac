import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { Agent, LimbicClient } from '@limbic/client';
import type { AgentScope } from '../agent-scope';
import { affectShape, agentIdArg, agentStateOut } from '../schemas';
import { runTool, toolResult } from '../tool-result';
import { agentStateText, agentStateView } from '../views';

const STATE_RETURNED = 'Returns the agent\'s state afterwards: affect and mood (valence -1 … 1, arousal and dominance 0 … 1), momentum (change per hour), energy (0 … 1), goals and primed concepts.';

export function registerStateTools(server: McpServer, client: LimbicClient, agents: AgentScope): void {
  const stateResult = (agent: Agent) => {
    const state = agentStateView(agent);
    return toolResult(agentStateText(state), state);
  };

  server.registerTool(
    'observe',
    {
      title: 'Observe',
      description:
        'Let the agent perceive a piece of text (a user message, an event, a tool result) without storing it as a memory: Limbic appraises it, moves the agent\'s affect, mood ' +
        'and energy, and primes its concepts, which shapes what recall favours next. Call it on inputs that should colour the agent\'s state. ' + STATE_RETURNED,
      inputSchema: { agent_id: agentIdArg, text: z.string().describe('What the agent perceives, in plain language.') },
      outputSchema: agentStateOut.shape,
      annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ agent_id, text }) => runTool(async () => stateResult(await client.observe(await agents.resolve(agent_id), text))),
  );

  server.registerTool(
    'set_feeling',
    {
      title: 'Set feeling',
      description:
        'Set the agent\'s current core affect explicitly, when you know how it feels (e.g. after a success: valence 0.7, arousal 0.6). Mood follows slowly, momentum at once; ' +
        'recall then favours memories that match. ' + STATE_RETURNED,
      inputSchema: { agent_id: agentIdArg, ...affectShape },
      outputSchema: agentStateOut.shape,
      annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ agent_id, ...affect }) => runTool(async () => stateResult(await client.setFeeling(await agents.resolve(agent_id), affect))),
  );

  server.registerTool(
    'set_goals',
    {
      title: 'Set goals',
      description:
        'Replace the agent\'s active goals (the whole list: goals left out are dropped; an empty list clears them). Goals make recall favour memories relevant to them ' +
        'and shape how observed text is appraised. ' + STATE_RETURNED,
      inputSchema: {
        agent_id: agentIdArg,
        goals: z
          .array(z.object({ name: z.string().describe('The goal, in a few words, e.g. "ship the billing migration".'), priority: z.number().optional().describe('0 … 1; default 0.5.') }))
          .describe('Every goal the agent now pursues.'),
      },
      outputSchema: agentStateOut.shape,
      annotations: { destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ agent_id, goals }) =>
      runTool(async () => stateResult(await client.setGoals(await agents.resolve(agent_id), goals))),
  );

  server.registerTool(
    'agent_state',
    {
      title: 'Agent state',
      description: 'Read the agent\'s current internal state without changing it, e.g. to decide on tone or to check what observe did. ' + STATE_RETURNED.replace('afterwards', 'now'),
      inputSchema: { agent_id: agentIdArg },
      outputSchema: agentStateOut.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ agent_id }) => runTool(async () => stateResult(await client.agent(await agents.resolve(agent_id)))),
  );
}
