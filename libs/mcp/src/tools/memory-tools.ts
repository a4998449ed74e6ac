import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { LimbicClient } from '@limbic/client';
import type { AgentScope } from '../agent-scope';
import { affectShape, agentIdArg, feedbackOut, forgetOut, memoryOut, recallOut } from '../schemas';
import { runTool, toolResult } from '../tool-result';
import { memoryText, memoryView, recallText, recallView } from '../views';
import { feedbackWhenRecorded } from './feedback-when-recorded';

export function registerMemoryTools(server: McpServer, client: LimbicClient, agents: AgentScope): void {
  server.registerTool(
    'remember',
    {
      title: 'Remember',
      description:
        'Store something worth remembering (a fact, an event, a decision, what the user said or prefers) as a long-term memory of the agent. ' +
        'Call it whenever something should be recallable later; one memory per self-contained thought. Limbic tags it with an emotion (given or inferred), ' +
        'estimates its importance if not given, and links it to related memories. Returns the stored memory with its id (use that id with forget). ' +
        'With externalId, storing the same key again returns the first memory instead of a duplicate.',
      inputSchema: {
        agent_id: agentIdArg,
        content: z.string().describe('The memory itself, in plain language, self-contained (it is read back without the conversation around it).'),
        affect: z.object(affectShape).optional().describe('How it felt, if known; otherwise Limbic infers it from the text.'),
        tags: z.array(z.string()).optional().describe('Short labels to filter on later, e.g. ["project-x", "preference"].'),
        scope: z.string().optional().describe('The user, session or conversation it belongs to (1–128 of A–Z a–z 0–9 . _ : @ -); recall can filter by it.'),
        speaker: z.string().optional().describe('Who said or did it: a name or a role such as "user" (1–64 characters). A recall whose query names the speaker ranks their memories higher.'),
        occurredAt: z.string().optional().describe('When it happened, RFC 3339 (e.g. 2026-05-01T14:30:00Z); default now.'),
        importance: z.number().optional().describe('0 (trivial) … 1 (critical); default estimated from the text.'),
        metadata: z.record(z.string(), z.unknown()).optional().describe('A small JSON object kept with it (≤ 4 KiB); top-level scalar values can filter recall.'),
        externalId: z.string().optional().describe('Your idempotency key for this memory, unique per agent: a retry with the same key stores nothing new.'),
      },
      outputSchema: { memory: memoryOut },
      annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ agent_id, ...input }) =>
      runTool(async () => {
        const memory = memoryView(await client.remember(await agents.resolve(agent_id), input));
        return toolResult(memoryText(memory, 'Remembered'), { memory });
      }),
  );

  server.registerTool(
    'recall',
    {
      title: 'Recall',
      description:
        'Search the agent\'s long-term memory for what is relevant to a query, before answering from memory or when context from earlier conversations may help. ' +
        'Ranking combines meaning, keywords, who said it and when (when the query names a speaker or a date), recency, importance and the agent\'s current mood, goals and primed concepts, then spreads activation to linked memories. ' +
        'Returns the memories ranked best first, each with its score (0 … 1) and memory id, and a recallId: afterwards, call feedback with it for the memories you used or ignored.',
      inputSchema: {
        agent_id: agentIdArg,
        query: z.string().describe('What to remember, as a question or keywords.'),
        topK: z.number().int().optional().describe('How many memories to return, 1 … 100; default 10.'),
        filter: z
          .object({
            scope: z.string().optional().describe('Only memories of exactly this scope.'),
            tagsAll: z.array(z.string()).optional().describe('Only memories carrying all of these tags.'),
            tagsAny: z.array(z.string()).optional().describe('Only memories carrying at least one of these tags.'),
            occurredAfter: z.string().optional().describe('Only memories that happened at or after this RFC 3339 instant.'),
            occurredBefore: z.string().optional().describe('Only memories that happened before this RFC 3339 instant.'),
            metadata: z.record(z.string(), z.unknown()).optional().describe('Only memories whose metadata has each of these top-level key/value pairs.'),
          })
          .optional()
          .describe('Restrict the search; every condition given must hold.'),
        explain: z.boolean().optional().describe('Also return, per memory, the signals that drove its rank and the activation path that reached it.'),
        context: z
          .object({
            tags: z.array(z.string()).optional().describe('Tags of what you are doing now (at most 32, each 1–64 characters); memories tagged with them rank as more important.'),
          })
          .optional()
          .describe('The current context, beyond the query’s words.'),
      },
      outputSchema: recallOut.shape,
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    ({ agent_id, query, ...options }) =>
      runTool(async () => {
        const result = recallView(await client.recall(await agents.resolve(agent_id), query, options));
        return toolResult(recallText(result), result);
      }),
  );

  server.registerTool(
    'forget',
    {
      title: 'Forget',
      description:
        'Forget a memory by id: by default it is archived (no longer recalled, restorable by an operator); with hard=true it is deleted with its links, irreversibly. ' +
        'Call it when a memory is wrong, outdated or the user asks to forget it. Returns what was done.',
      inputSchema: {
        agent_id: agentIdArg.describe('Unused: a memory id names its agent. Accepted so every tool takes it.'),
        memoryId: z.string().describe('The id of the memory, as remember or recall returned it.'),
        hard: z.boolean().optional().describe('Delete for good instead of archiving; default false.'),
      },
      outputSchema: forgetOut.shape,
      annotations: { destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ memoryId, hard }) =>
      runTool(async () => {
        const r = await client.forget(memoryId, { hard: hard ?? false });
        const out = { memoryId: r.memoryId, mode: r.mode, edgesRemoved: r.edgesRemoved };
        return toolResult(r.mode === 'DELETED' ? `Deleted memory ${r.memoryId} and ${r.edgesRemoved} links.` : `Archived memory ${r.memoryId}: it is no longer recalled.`, out);
      }),
  );

  server.registerTool(
    'feedback',
    {
      title: 'Recall feedback',
      description:
        'Tell Limbic how useful a recalled memory was, so that future recalls of this kind rank better. Call it after recall for the memories you used (signal USED) ' +
        'or that were beside the point (IGNORED), or give a score from -1 (useless) to 1 (exactly right) instead of a signal. ' +
        'Applied once per (recallId, memoryId): repeating it changes nothing. Returns whether it was applied.',
      inputSchema: {
        agent_id: agentIdArg.describe('Unused: a recallId names its agent. Accepted so every tool takes it.'),
        recallId: z.string().describe('The recallId recall returned.'),
        memoryId: z.string().describe('The id of a memory that recall returned.'),
        signal: z.enum(['USED', 'IGNORED']).optional().describe('USED: the memory helped; IGNORED: it did not. Give this or score.'),
        score: z.number().optional().describe('-1 (useless) … 1 (exactly right), instead of signal.'),
      },
      outputSchema: feedbackOut.shape,
      annotations: { destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ recallId, memoryId, signal, score }) =>
      runTool(async () => {
        const r = await feedbackWhenRecorded(client, { recallId, memoryId, signal, score });
        const out = { agentId: r.agentId, applied: r.applied, queryType: r.queryType };
        return toolResult(r.applied ? `Feedback applied: recalls of type ${r.queryType ?? 'unknown'} now weigh signals accordingly.` : 'Already had feedback for this memory of this recall: nothing changed.', out);
      }),
  );
}
