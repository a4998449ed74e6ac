import { z } from 'zod';

/*
 * The types an MCP client must get right are in these schemas, so the SDK refuses a wrong type
 * before any call. Ranges (valence −1 … 1, topK 1 … 100, …) are only described: the API is
 * the one place that enforces them, and its BAD_USER_INPUT names the field and the range.
 */

export const agentIdArg = z
  .string()
  .min(1)
  .optional()
  .describe('The agent whose memory this is. Omit it to use the agent this server was configured with; it is created on first use.');

export const affectShape = {
  valence: z.number().describe('Pleasantness, -1 (very unpleasant) … 1 (very pleasant); 0 is neutral.'),
  arousal: z.number().describe('Activation, 0 (calm, sleepy) … 1 (excited, alarmed).'),
  dominance: z.number().optional().describe('Sense of control, 0 (helpless) … 1 (in control); default 0.5.'),
};

const affectOut = z.object({ valence: z.number(), arousal: z.number(), dominance: z.number() });

export const memoryOut = z.object({
  id: z.string(),
  agentId: z.string(),
  content: z.string(),
  occurredAt: z.string(),
  valence: z.number(),
  arousal: z.number(),
  dominance: z.number(),
  importance: z.number(),
  tags: z.array(z.string()),
  scope: z.string().nullable(),
  speaker: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  externalId: z.string().nullable(),
  archived: z.boolean(),
  pendingAppraisal: z.boolean(),
});

export const agentStateOut = z.object({
  id: z.string(),
  preset: z.string(),
  affect: affectOut,
  mood: affectOut,
  momentum: z.object({ dv: z.number(), da: z.number(), dd: z.number() }),
  energy: z.number(),
  goals: z.array(z.object({ name: z.string(), priority: z.number() })),
  primedConcepts: z.array(z.object({ name: z.string(), activation: z.number() })),
});

export const recallOut = z.object({
  recallId: z.string().describe('Pass it to feedback to say which memories helped.'),
  queryType: z.string(),
  items: z.array(
    z.object({
      rank: z.number(),
      score: z.number(),
      memory: memoryOut,
      signals: z.record(z.string(), z.number()).optional().describe('With explain: each signal in [0, 1] before weighting.'),
      contributions: z.record(z.string(), z.number()).optional().describe('With explain: each signal times its weight; the larger, the more it drove the rank.'),
      activation: z
        .object({ seedId: z.string(), path: z.array(z.string()), edgeTypes: z.array(z.string()), activation: z.number() })
        .nullable()
        .optional()
        .describe('With explain: how spreading activation reached the memory (null for a direct match).'),
      suppressed: z.boolean().optional().describe('With explain: a competitor the current focus of attention suppresses.'),
    }),
  ),
  focus: z
    .object({ memoryId: z.string(), since: z.string(), expiresAt: z.string(), ignited: z.boolean() })
    .nullable()
    .describe('The memory holding the agent’s focus of attention (it ignited and holds until expiresAt), or null.'),
});

export const forgetOut = z.object({ memoryId: z.string(), mode: z.enum(['ARCHIVED', 'DELETED']), edgesRemoved: z.number() });

export const feedbackOut = z.object({ agentId: z.string(), applied: z.boolean(), queryType: z.string().nullable() });

export type MemoryView = z.infer<typeof memoryOut>;
export type AgentStateView = z.infer<typeof agentStateOut>;
export type RecallView = z.infer<typeof recallOut>;
