import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { AgentTransfer, type ImportSource, type ImportSummary, type TransferOptions, type TransferProgress } from './agent-transfer';
import { BadInputError } from './errors';
import * as ops from './generated/graphql';
import { dataOf, operationOf } from './operation';
import { paginate, type Page } from './pagination';
import { DEFAULT_RETRY, withRetry, type RetryPolicy } from './retry';
import { HttpClient, HttpTransport, type GraphqlTransport } from './transport';

export type Agent = ops.AgentStateFieldsFragment;
export type Memory = ops.MemoryFieldsFragment;
export type RecallResult = ops.RecallQuery['recall'];
export type RecallItem = RecallResult['items'][number];
export type Signals = ops.SignalFieldsFragment;
export type RememberInput = Omit<ops.EncodeInput, 'agentId'>;
export type RecallOptions = Omit<ops.RecallInput, 'agentId' | 'query'>;
export type ForgetResult = ops.ForgetMutation['forget'];
export type FeedbackResult = ops.FeedbackMutation['feedback'];
export type DeleteAgentResult = ops.DeleteAgentMutation['deleteAgent'];
export type StateSample = ops.AgentStateHistoryQuery['agent']['stateHistory'][number];

export interface LimbicClientOptions {
  /** The API's base URL; default LIMBIC_URL or http://127.0.0.1:4000. Ignored with `transport`. */
  readonly url?: string;
  /** Sent as a bearer token; default LIMBIC_API_KEY. Ignored with `transport`. */
  readonly apiKey?: string;
  /** Per request; default 30 s. */
  readonly timeoutMs?: number;
  /** See HttpOptions: carry consistency tokens (default true), seeded with `consistencyToken`. */
  readonly consistency?: boolean;
  readonly consistencyToken?: string;
  readonly retry?: Partial<RetryPolicy>;
  /** Another way to reach the API (the MCP endpoint runs operations in the API's process). */
  readonly transport?: GraphqlTransport;
}

export type { Page } from './pagination';

/** What every call accepts besides its own arguments. */
export interface CallOptions {
  /** Cancels the call, its retries and their backoff; the call rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

export interface MemoriesOptions {
  readonly filter?: ops.MemoryListFilterInput;
  readonly order?: ops.MemoryOrder;
  /** 1 … 100; default 100 for iteration, 20 for one page. */
  readonly first?: number;
  readonly after?: string;
}

/**
 * Limbic's operations with typed inputs and results. Every method either resolves with the
 * result or rejects with a LimbicError subclass named for the API's error code.
 */
export class LimbicClient {
  readonly transport: GraphqlTransport;
  /** Null for an in-process transport: export and import stream over HTTP only. */
  readonly http: HttpClient | null;
  private readonly retry: RetryPolicy;

  constructor(options: LimbicClientOptions = {}) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    if (options.transport) {
      this.transport = options.transport;
      this.http = null;
    } else {
      this.http = new HttpClient({
        url: options.url ?? envOf('LIMBIC_URL') ?? 'http://127.0.0.1:4000',
        apiKey: options.apiKey ?? envOf('LIMBIC_API_KEY'),
        timeoutMs: options.timeoutMs,
        consistency: options.consistency,
        consistencyToken: options.consistencyToken,
      });
      this.transport = new HttpTransport(this.http);
    }
  }

  /**
   * Runs any operation. `idempotent` says whether a request that may have reached the server can
   * be sent again without doing anything twice; queries default to yes.
   */
  async request<R, V extends Record<string, unknown>>(document: TypedDocumentNode<R, V>, variables: V, options: { idempotent?: boolean; signal?: AbortSignal } = {}): Promise<R> {
    const { text, name, isQuery } = operationOf(document);
    const idempotent = options.idempotent ?? isQuery;
    const { signal } = options;
    const response = await withRetry(this.retry, idempotent, () => this.transport.execute({ query: text, variables, operationName: name }, signal), undefined, signal);
    return dataOf<R>(name, response);
  }

  // ── agents ────────────────────────────────────────────────────────────────

  /**
   * Creates the agent, or returns it if it exists with that preset: safe to repeat. `preset` may
   * also be `{ preset, timeZone }`: the IANA time zone of the hours of day its memories record
   * (default UTC; an unknown name is a BadInputError).
   */
  async createAgent(id: string, preset?: ops.AgentPreset | { readonly preset?: ops.AgentPreset; readonly timeZone?: string }, call: CallOptions = {}): Promise<Agent> {
    const input = typeof preset === 'object' ? { id, ...preset } : { id, preset };
    return (await this.request(ops.CreateAgentDocument, { input }, { idempotent: true, ...call })).createAgent;
  }

  /** Sets what is given (the preset, the time zone); the same input again leaves the same agent. */
  async updateAgent(id: string, input: ops.UpdateAgentInput, call: CallOptions = {}): Promise<Agent> {
    return (await this.request(ops.UpdateAgentDocument, { id, input }, { idempotent: true, ...call })).updateAgent;
  }

  /**
   * Deletes the agent and all it holds. Retried like an idempotent call, since a repeat finishes
   * an interrupted delete; a retry whose first attempt had finished answers NotFoundError, which
   * for a delete means what the caller wanted: the agent is gone.
   */
  async deleteAgent(id: string, call: CallOptions = {}): Promise<DeleteAgentResult> {
    return (await this.request(ops.DeleteAgentDocument, { id }, { idempotent: true, ...call })).deleteAgent;
  }

  /** The agent's state now: affect, mood, momentum, energy, goals, primed concepts. */
  async agent(id: string, call: CallOptions = {}): Promise<Agent> {
    return (await this.request(ops.AgentDocument, { id }, call)).agent;
  }

  async agentsPage(options: { first?: number; after?: string } = {}, call: CallOptions = {}): Promise<Page<Agent>> {
    const { agents } = await this.request(ops.AgentsDocument, { first: options.first ?? 20, after: options.after }, call);
    return { items: agents.edges.map((e) => e.node), endCursor: agents.pageInfo.endCursor, hasNextPage: agents.pageInfo.hasNextPage };
  }

  /** Every agent of the tenant, by id, fetched a page at a time. */
  async *agents(options: { first?: number } = {}, call: CallOptions = {}): AsyncGenerator<Agent> {
    yield* paginate((after) => this.agentsPage({ first: options.first ?? 100, after }, call));
  }

  // ── state ─────────────────────────────────────────────────────────────────

  /**
   * The agent perceives a text: affect, mood, momentum and energy move, the session counts it;
   * its concepts are primed. `now` replays it at a past moment. Not repeatable.
   */
  async observe(agentId: string, text: string, call: CallOptions & { readonly now?: string } = {}): Promise<Agent> {
    const { now, ...rest } = call;
    return (await this.request(ops.ObserveDocument, { agentId, text, now: now ?? null }, { idempotent: false, ...rest })).observe;
  }

  /**
   * Sets core affect (valence −1 … 1, arousal and dominance 0 … 1). Not repeatable: each call
   * is a step of the mood's moving average and of the momentum's history.
   */
  async setFeeling(agentId: string, affect: ops.AffectInput, call: CallOptions = {}): Promise<Agent> {
    return (await this.request(ops.SetAffectDocument, { agentId, affect }, { idempotent: false, ...call })).setAffect;
  }

  /** Replaces the agent's goals: the same list again leaves the same goals. */
  async setGoals(agentId: string, goals: readonly ops.GoalInput[], call: CallOptions = {}): Promise<Agent> {
    return (await this.request(ops.SetGoalsDocument, { agentId, goals: [...goals] }, { idempotent: true, ...call })).setGoals;
  }

  /** Back to the preset's starting state; a repeat lands on the same state. */
  async resetState(agentId: string, call: CallOptions = {}): Promise<Agent> {
    return (await this.request(ops.ResetStateDocument, { agentId }, { idempotent: true, ...call })).resetState;
  }

  /** How the agent's state moved, oldest first: the newest `first` (default 200) samples at or after `since`. */
  async stateHistory(agentId: string, options: { since?: string; first?: number } = {}, call: CallOptions = {}): Promise<StateSample[]> {
    const variables = { id: agentId, since: options.since ?? null, first: options.first ?? 200 };
    return (await this.request(ops.AgentStateHistoryDocument, variables, { idempotent: true, ...call })).agent.stateHistory;
  }

  // ── memories ──────────────────────────────────────────────────────────────

  /** Stores one memory. With an externalId it is idempotent (a repeat returns the first memory) and retried as such. */
  async remember(agentId: string, input: RememberInput | string, call: CallOptions = {}): Promise<Memory> {
    const item = typeof input === 'string' ? { content: input } : input;
    return (await this.request(ops.RememberDocument, { input: { ...item, agentId } }, { idempotent: Boolean(item.externalId), ...call })).encode;
  }

  /**
   * Stores up to 500 memories in one transaction; idempotent when every item has an externalId.
   * `now` replays the call at a past moment (its session and encodedAt).
   */
  async rememberMany(agentId: string, items: readonly RememberInput[], call: CallOptions & { readonly now?: string } = {}): Promise<ops.RememberBatchMutation['encodeBatch']> {
    const idempotent = items.length > 0 && items.every((i) => Boolean(i.externalId));
    const { now, ...rest } = call;
    const input = { agentId, items: items.map((i) => ({ ...i })), ...(now !== undefined ? { now } : {}) };
    return (await this.request(ops.RememberBatchDocument, { input }, { idempotent, ...rest })).encodeBatch;
  }

  /**
   * The memories most worth remembering now. A recall changes what it returns (access counts,
   * Hebbian links, energy, priming), so it is sent again only when the first attempt never left.
   */
  async recall(agentId: string, query: string, options: RecallOptions = {}, call: CallOptions = {}): Promise<RecallResult> {
    return (await this.request(ops.RecallDocument, { input: { ...options, agentId, query } }, { idempotent: false, ...call })).recall;
  }

  /** A memory by id (an id merged away answers its survivor, with redirectedFrom). */
  async memory(id: string, call: CallOptions = {}): Promise<Memory> {
    return (await this.request(ops.MemoryDocument, { id }, call)).memory;
  }

  async memoriesPage(agentId: string, options: MemoriesOptions = {}, call: CallOptions = {}): Promise<Page<Memory>> {
    const { memories } = await this.request(
      ops.MemoriesDocument,
      { agentId, filter: options.filter, first: options.first ?? 20, after: options.after, order: options.order ?? 'OCCURRED_AT_DESC' },
      call,
    );
    return { items: memories.edges.map((e) => e.node), endCursor: memories.pageInfo.endCursor, hasNextPage: memories.pageInfo.hasNextPage };
  }

  /** Every memory that passes the filter, in order, fetched a page at a time (from `after`, when given). */
  async *memories(agentId: string, options: MemoriesOptions = {}, call: CallOptions = {}): AsyncGenerator<Memory> {
    yield* paginate((after) => this.memoriesPage(agentId, { ...options, first: options.first ?? 100, after }, call), options.after);
  }

  async countMemories(agentId: string, filter?: ops.MemoryListFilterInput, call: CallOptions = {}): Promise<number> {
    return (await this.request(ops.MemoryCountDocument, { agentId, filter }, call)).memories.totalCount;
  }

  /** Corrects a memory; each change is kept as a revision. The same patch again changes nothing (and writes no revision). */
  async updateMemory(id: string, patch: ops.MemoryPatchInput, call: CallOptions = {}): Promise<Memory> {
    return (await this.request(ops.UpdateMemoryDocument, { id, patch }, { idempotent: true, ...call })).updateMemory;
  }

  /**
   * Archives a memory (restorable; archiving twice keeps the first archivedAt and revision), or
   * with `hard` deletes it and its edges. Both are retried as idempotent; a hard delete retried
   * after its first attempt committed answers NotFoundError: the memory is gone either way.
   */
  async forget(memoryId: string, options: { hard?: boolean } = {}, call: CallOptions = {}): Promise<ForgetResult> {
    return (await this.request(ops.ForgetDocument, { memoryId, hard: options.hard ?? false }, { idempotent: true, ...call })).forget;
  }

  /** Brings an archived memory back; restoring a live one changes nothing. */
  async restore(memoryId: string, call: CallOptions = {}): Promise<Memory> {
    return (await this.request(ops.RestoreDocument, { memoryId }, { idempotent: true, ...call })).restore;
  }

  /**
   * How useful a recalled memory was; applied once per (recall, memory), so safe to repeat. A
   * retry after the first attempt applied answers `applied: false`: it was applied once.
   */
  async feedback(input: ops.FeedbackInput, call: CallOptions = {}): Promise<FeedbackResult> {
    return (await this.request(ops.FeedbackDocument, { input }, { idempotent: true, ...call })).feedback;
  }

  // ── whole agents ──────────────────────────────────────────────────────────

  /**
   * The agent's JSON Lines export, streamed a line at a time (see README: export format). Never
   * retried: a stream that broke part-way throws a NetworkError, and the caller starts again.
   */
  exportAgent(agentId: string, onProgress?: TransferProgress, options: TransferOptions = {}): AsyncGenerator<string> {
    return this.transfer().exportLines(agentId, onProgress, options);
  }

  /** Restores an export (lines, chunks or a file stream) into a new agent, streaming the upload. Never retried. */
  async importAgent(newAgentId: string, source: ImportSource, onProgress?: TransferProgress, options: TransferOptions = {}): Promise<ImportSummary> {
    return this.transfer().import(newAgentId, source, onProgress, options);
  }

  private transfer(): AgentTransfer {
    if (!this.http) throw new BadInputError('BAD_USER_INPUT', 'export and import stream over HTTP: construct the client with a url');
    return new AgentTransfer(this.http);
  }
}

/** The variable where there is a process environment (Node); none in a browser. */
function envOf(name: string): string | undefined {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
}
