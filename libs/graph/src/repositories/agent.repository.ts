import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { initialAgentState, type AgentAffectState, type PrimedConcept } from '@limbic/affect';
import { decodeAgentState, encodeAgentState } from '../agent-state.codec';
import type { AgentRecord, GoalRecord, PrimedConceptRecord } from '../model';
import { Neo4jExecutor, type TxRunner } from '../neo4j-executor';
import { parseAgent } from '../record-parsers';
import { num, toPlain } from '../records';
import { StateHistoryRepository, type StateCause } from './state-history.repository';

export interface NewGoal {
  readonly name: string;
  readonly priority: number;
  readonly embedding: readonly number[];
}

/** What updateAgent may set. */
export interface AgentUpdate {
  readonly preset?: string;
  /** A canonical IANA name (validated by the caller). */
  readonly timeZone?: string;
}

@Injectable()
export class AgentRepository {
  constructor(
    private readonly db: Neo4jExecutor,
    private readonly history: StateHistoryRepository,
  ) {}

  async exists(tenantId: string, agentId: string): Promise<boolean> {
    return (await this.db.read('lifecycle.agent-exists', { tenantId, agentId })).length > 0;
  }

  async create(tenantId: string, agentId: string, preset: string, timeZone: string, now: number): Promise<{ agent: AgentRecord; created: boolean }> {
    return this.db.writeTx('agent.create', async (tx) => {
      const rows = await tx.run<{ agent: unknown; created: boolean }>('agent.create', {
        tenantId,
        agentId,
        preset,
        timeZone,
        now,
        creationToken: randomUUID(),
      });
      const row = rows[0];
      if (!row) throw new Error('agent.create returned no row');
      if (row.created) await this.history.record(tx, tenantId, agentId, 'CREATE');
      return { agent: parseAgent(row.agent), created: row.created };
    }, tenantId);
  }

  /** Sets what a user may change on an agent; null when the agent does not exist in the tenant. */
  async update(tenantId: string, agentId: string, set: AgentUpdate): Promise<AgentRecord | null> {
    const rows = await this.db.write<{ agent: unknown }>('agent.update', { tenantId, agentId, set });
    return rows[0] ? parseAgent(rows[0].agent) : null;
  }

  async get(tenantId: string, agentId: string): Promise<AgentRecord | null> {
    const rows = await this.db.read<{ agent: unknown }>('agent.get', { tenantId, agentId });
    return rows[0] ? parseAgent(rows[0].agent) : null;
  }

  /**
   * Read–transform–write of an agent's state under the agent's write lock, in one
   * transaction; `reprime`, when given, transforms its primed concepts in the same one.
   * Returns null when the agent does not exist in the tenant.
   */
  updateState(
    tenantId: string,
    agentId: string,
    cause: StateCause,
    transition: (state: AgentAffectState, agent: AgentRecord) => AgentAffectState,
    reprime?: (primed: readonly PrimedConcept[]) => readonly PrimedConcept[],
  ): Promise<AgentRecord | null> {
    return this.db.writeTx('agent.update-state', async (tx) => {
      // Sent together: the lock runs first, the read under it (one round trip).
      const [agent, primed] = await Promise.all([lockAgent(tx, tenantId, agentId), reprime ? readPrimed(tx, tenantId, agentId) : null]);
      if (!agent) return null;
      await Promise.all([
        saveAgentState(tx, tenantId, agentId, transition(decodeAgentState(agent), agent)),
        reprime && primed ? savePrimed(tx, tenantId, agentId, reprime(primed)) : null,
        this.history.record(tx, tenantId, agentId, cause),
      ]);
      const rows = await tx.run<{ agent: unknown }>('agent.get', { tenantId, agentId });
      return rows[0] ? parseAgent(rows[0].agent) : null;
    }, tenantId);
  }

  async resetState(tenantId: string, agentId: string, now: number): Promise<boolean> {
    return this.db.writeTx('agent.reset-state', async (tx) => {
      const rows = await tx.run('agent.reset-state', { tenantId, agentId, ...encodeAgentState(initialAgentState(now)) });
      if (rows.length === 0) return false;
      await this.history.record(tx, tenantId, agentId, 'RESET');
      return true;
    }, tenantId);
  }

  async setGoals(tenantId: string, agentId: string, goals: readonly NewGoal[], now: number): Promise<void> {
    await this.db.write('agent.set-goals', { tenantId, agentId, now, goals: goals.map(({ embedding, ...g }) => ({ ...g, vector: embedding, id: randomUUID() })) });
  }

  async goals(tenantId: string, agentId: string): Promise<GoalRecord[]> {
    const rows = await this.db.read<{ id: string; name: string; priority: number }>('agent.goals', { tenantId, agentId });
    return rows.map((r) => ({ id: r.id, name: r.name, priority: num(r.priority) }));
  }

  async primed(tenantId: string, agentId: string): Promise<PrimedConceptRecord[]> {
    const rows = await this.db.read<{ name: string; activation: number; at: unknown }>('agent.primed', { tenantId, agentId });
    return rows.map((r) => ({ name: r.name, activation: num(r.activation), at: num(toPlain(r.at)) }));
  }
}

/** Locks and reads the agent inside an open write transaction. */
export async function lockAgent(tx: TxRunner, tenantId: string, agentId: string): Promise<AgentRecord | null> {
  const rows = await tx.run<{ agent: unknown }>('agent.lock-state', { tenantId, agentId });
  return rows[0] ? parseAgent(rows[0].agent) : null;
}

export async function saveAgentState(tx: TxRunner, tenantId: string, agentId: string, state: AgentAffectState): Promise<void> {
  await tx.run('agent.save-state', { tenantId, agentId, ...encodeAgentState(state) });
}

/** The agent's primed concepts as stored (not decayed), inside an open transaction. */
export async function readPrimed(tx: TxRunner, tenantId: string, agentId: string): Promise<PrimedConcept[]> {
  const rows = await tx.run<{ name: string; activation: number; at: unknown }>('agent.primed', { tenantId, agentId });
  return rows.map((r) => ({ name: r.name, activation: num(r.activation), atMs: num(toPlain(r.at)) }));
}

/** Replaces the agent's primed concepts; the caller holds the agent's lock. */
export async function savePrimed(tx: TxRunner, tenantId: string, agentId: string, primed: readonly PrimedConcept[]): Promise<void> {
  await tx.run('agent.save-primed', { tenantId, agentId, primed: primed.map((c) => ({ name: c.name, activation: c.activation, at: c.atMs })) });
}
