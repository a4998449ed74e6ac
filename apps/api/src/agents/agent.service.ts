import { Inject, Injectable } from '@nestjs/common';
import { canonicalTimeZone, conceptActivationAt, extractConcepts, lexiconAffect, moveAffect, observeText, presetOf, primeConcepts, TEMPORAL_STATE } from '@limbic/affect';
import { EMBEDDER, type Embedder } from '@limbic/embeddings';
import { AgentRepository, StateHistoryRepository, type AgentRecord, type GoalRecord } from '@limbic/graph';
import { badInput, notFound } from '../common/api-error';
import { toAffect, type AffectInput } from '../common/graphql-types';
import { requireCallerId, requireDate, requireInt, requireRange, requireText, requireWellFormed } from '../common/validate';
import { AgentPreset, type GoalInput, type UpdateAgentInput } from './dto/agent.types';
import type { StateSample } from './dto/state-sample.types';

const MAX_GOALS = 32;
const MAX_GOAL_CHARS = 256;
const MAX_OBSERVE_BYTES = 32 * 1024;
/** A page of history: a day at one sample a minute. */
const MAX_STATE_SAMPLES = 1_440;

@Injectable()
export class AgentService {
  constructor(
    private readonly agents: AgentRepository,
    private readonly history: StateHistoryRepository,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
  ) {}

  /** Idempotent for the same preset (or none given); another preset for an existing id is refused, not ignored. */
  async create(tenantId: string, id: string, preset: AgentPreset | null, timeZone: string | null = null): Promise<AgentRecord> {
    requireCallerId('id', id);
    const zone = timeZone === null ? TEMPORAL_STATE.defaultTimeZone : requireTimeZone('timeZone', timeZone);
    const { agent, created } = await this.agents.create(tenantId, id, preset ?? AgentPreset.agent, zone, Date.now());
    if (!created && preset !== null && agent.preset !== preset) {
      throw badInput('preset', `agent ${id} exists with preset ${agent.preset}; change it with updateAgent`);
    }
    return agent;
  }

  async update(tenantId: string, id: string, input: UpdateAgentInput): Promise<AgentRecord> {
    requireCallerId('id', id);
    const set = {
      ...(input.preset ? { preset: input.preset } : {}),
      ...(input.timeZone !== undefined && input.timeZone !== null ? { timeZone: requireTimeZone('input.timeZone', input.timeZone) } : {}),
    };
    if (Object.keys(set).length === 0) throw badInput('input', 'must change at least one of preset, timeZone');
    return this.found(id, await this.agents.update(tenantId, id, set));
  }

  async get(tenantId: string, id: string): Promise<AgentRecord> {
    requireCallerId('id', id);
    const agent = await this.agents.get(tenantId, id);
    if (!agent) throw notFound(`agent ${id}`);
    return agent;
  }

  async setAffect(tenantId: string, agentId: string, input: AffectInput): Promise<AgentRecord> {
    requireCallerId('agentId', agentId);
    const affect = {
      valence: requireRange('affect.valence', input.valence, -1, 1),
      arousal: requireRange('affect.arousal', input.arousal, 0, 1),
      dominance: requireRange('affect.dominance', input.dominance ?? 0.5, 0, 1),
    };
    const now = Date.now();
    return this.found(agentId, await this.agents.updateState(tenantId, agentId, 'FEELING', (s, a) => moveAffect(s, affect, now, presetOf(a.preset).moodInertia)));
  }

  /**
   * The appraiser reads the text and moves core affect, momentum, mood and energy; the
   * text's concepts are primed as a recall's query primes its own (attention residue).
   */
  async observe(tenantId: string, agentId: string, text: string, at: Date | null = null): Promise<AgentRecord> {
    requireCallerId('agentId', agentId);
    requireText('text', text, MAX_OBSERVE_BYTES);
    // A replayed moment (`now`) when given: the interaction and its session happen then.
    const now = requireDate('now', at ?? undefined, Date.now());
    const lexicon = lexiconAffect(text);
    const concepts = extractConcepts(text);
    const agent = await this.agents.updateState(
      tenantId,
      agentId,
      'OBSERVE',
      (s, a) => observeText(s, lexicon, now, presetOf(a.preset)),
      (primed) => primeConcepts(primed, concepts, now),
    );
    return this.found(agentId, agent);
  }

  async setGoals(tenantId: string, agentId: string, goals: readonly GoalInput[]): Promise<AgentRecord> {
    requireCallerId('agentId', agentId);
    if (goals.length > MAX_GOALS) throw badInput('goals', `at most ${MAX_GOALS} goals`);
    const clean = goals.map((g, i) => {
      const name = requireWellFormed(`goals[${i}].name`, g.name).trim();
      if (name.length === 0 || name.length > MAX_GOAL_CHARS) throw badInput(`goals[${i}].name`, `must be 1–${MAX_GOAL_CHARS} characters`);
      return { name, priority: requireRange(`goals[${i}].priority`, g.priority, 0, 1) };
    });
    await this.get(tenantId, agentId);
    const embeddings = clean.length > 0 ? await this.embedder.embed(clean.map((g) => g.name)) : [];
    await this.agents.setGoals(
      tenantId,
      agentId,
      clean.map((g, i) => ({ ...g, embedding: embeddings[i] ?? [] })),
      Date.now(),
    );
    return this.get(tenantId, agentId);
  }

  async resetState(tenantId: string, agentId: string): Promise<AgentRecord> {
    requireCallerId('agentId', agentId);
    if (!(await this.agents.resetState(tenantId, agentId, Date.now()))) throw notFound(`agent ${agentId}`);
    return this.get(tenantId, agentId);
  }

  goals(tenantId: string, agentId: string): Promise<GoalRecord[]> {
    return this.agents.goals(tenantId, agentId);
  }

  /** Primed concepts with their activation decayed to now; those faded below the floor are gone. */
  async primed(tenantId: string, agentId: string, now: number = Date.now()): Promise<{ name: string; activation: number }[]> {
    const rows = await this.agents.primed(tenantId, agentId);
    return rows
      .map((r) => ({ name: r.name, activation: conceptActivationAt({ name: r.name, activation: r.activation, atMs: r.at }, now) }))
      .filter((r) => r.activation > 0)
      .sort((x, y) => y.activation - x.activation || x.name.localeCompare(y.name));
  }

  async stateHistory(tenantId: string, agentId: string, since: Date | null, first: number): Promise<StateSample[]> {
    requireInt('first', first, 1, MAX_STATE_SAMPLES);
    const rows = await this.history.list(tenantId, agentId, since ? since.getTime() : null, first);
    return rows.map((r) => ({ at: new Date(r.at), affect: toAffect(r.affect), mood: toAffect(r.mood), energy: r.energy, cause: r.cause }));
  }

  private found(agentId: string, agent: AgentRecord | null): AgentRecord {
    if (!agent) throw notFound(`agent ${agentId}`);
    return agent;
  }
}

/** An IANA time-zone name Intl knows, as its canonical spelling; BAD_USER_INPUT otherwise. */
function requireTimeZone(field: string, value: string): string {
  const zone = canonicalTimeZone(value);
  if (zone === null) throw badInput(field, `unknown time zone ${JSON.stringify(value.slice(0, 64))}: give an IANA name such as UTC or Europe/Paris`);
  return zone;
}
