import { BadInputError, type LimbicClient } from '@limbic/client';

/**
 * Which agent a tool call is about: its agent_id argument, else the configured agent. An agent
 * is created the first time this server touches it (createAgent is idempotent), so a model
 * can start remembering without a setup step; later calls skip the round trip.
 */
export class AgentScope {
  private readonly ensured = new Map<string, Promise<void>>();

  constructor(
    private readonly client: LimbicClient,
    readonly defaultAgentId: string | undefined,
  ) {}

  /** The agent id to use, created if new. */
  async resolve(agentId: string | undefined): Promise<string> {
    const id = this.idOf(agentId);
    let ready = this.ensured.get(id);
    if (!ready) {
      ready = this.client.createAgent(id).then(() => undefined);
      this.ensured.set(id, ready);
      // A failed creation is not remembered: the next call tries again.
      ready.catch(() => this.ensured.delete(id));
    }
    await ready;
    return id;
  }

  /** The agent id to use, without creating it (reads of a resource must not write). */
  idOf(agentId: string | undefined): string {
    const id = agentId ?? this.defaultAgentId;
    if (!id) throw new BadInputError('BAD_USER_INPUT', 'agent_id: no agent given and none configured; pass agent_id or start the server with an agent (LIMBIC_AGENT_ID or --agent)');
    return id;
  }
}
