import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print, type OperationDefinitionNode } from 'graphql';
import { AgentTransfer, type ImportSource, type ImportSummary, type TransferProgress } from './agent-transfer';
import { errorFromCode, LimbicError } from './errors';
import * as ops from './generated/graphql';
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

export interface LimbicClientOptions {
  /** The API's base URL; default LIMBIC_URL or http://127.0.0.1:4000. Ignored with `transport`. */
  readonly url?: string;
  /** Sent as a bearer token; default LIMBIC_API_KEY. Ignored with `transport`. */
  readonly apiKey?: string;
  /** Per request; default 30 s. */
  readonly timeoutMs?: number;
  readonly retry?: Partial<RetryPolicy>;
  /** Another way to reach the API (the MCP endpoint runs operations in the API's process). */
  readonly transport?: GraphqlTransport;
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly endCursor: string | null;
  readonly hasNextPage: boolean;
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
        url: options.url ?? process.env.LIMBIC_URL ?? 'http://127.0.0.1:4000',
        apiKey: options.apiKey ?? process.env.LIMBIC_API_KEY,
        timeoutMs: options.timeoutMs,
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
    const response = await withRetry(this.retry, idempotent, () => this.transport.execute({ query: text, variables, operationName: name }, options.signal));
    const first = response.errors?.[0];
    if (first) {
      const ext = first.extensions ?? {};
      throw errorFromCode(ext.code ?? 'INTERNAL_SERVER_ERROR', first.message, { path: first.path, field: ext.field, retryAfterMs: ext.retryAfterMs });
    }
    if (response.data === undefined || response.data === null) throw errorFromCode('INTERNAL_SERVER_ERROR', `${name}: the response carried no data`);
    return response.data as R;
  }

  // ── agents ────────────────────────────────────────────────────────────────

  /** Creates the agent, or returns it if it exists with that preset: safe to repeat. */
  async createAgent(id: string, preset?: ops.AgentPreset): Promise<Agent> {
    return (await this.request(ops.CreateAgentDocument, { input: { id, preset } }, { idempotent: true })).createAgent;
  }

  async updateAgent(id: string, input: ops.UpdateAgentInput): Promise<Agent> {
    return (await this.request(ops.UpdateAgentDocument, { id, input }, { idempotent: true })).updateAgent;
  }

  /** Deletes the agent and all it holds; repeating it finishes an interrupted delete. */
  async deleteAgent(id: string): Promise<DeleteAgentResult> {
    return (await this.request(ops.DeleteAgentDocument, { id }, { idempotent: true })).deleteAgent;
  }

  /** The agent's state now: affect, mood, momentum, energy, goals, primed concepts. */
  async agent(id: string): Promise<Agent> {
    return (await this.request(ops.AgentDocument, { id })).agent;
  }

  async agentsPage(options: { first?: number; after?: string } = {}): Promise<Page<Agent>> {
    const { agents } = await this.request(ops.AgentsDocument, { first: options.first ?? 20, after: options.after });
    return { items: agents.edges.map((e) => e.node), endCursor: agents.pageInfo.endCursor, hasNextPage: agents.pageInfo.hasNextPage };
  }

  /** Every agent of the tenant, by id, fetched a page at a time. */
  async *agents(options: { first?: number } = {}): AsyncGenerator<Agent> {
    yield* paginate((after) => this.agentsPage({ first: options.first ?? 100, after }));
  }

  // ── state ─────────────────────────────────────────────────────────────────

  /** The agent perceives a text: affect, mood, momentum and energy move; its concepts are primed. */
  async observe(agentId: string, text: string): Promise<Agent> {
    return (await this.request(ops.ObserveDocument, { agentId, text })).observe;
  }

  /** Sets core affect (valence −1 … 1, arousal and dominance 0 … 1); momentum and mood follow. */
  async setFeeling(agentId: string, affect: ops.AffectInput): Promise<Agent> {
    return (await this.request(ops.SetAffectDocument, { agentId, affect })).setAffect;
  }

  /** Replaces the agent's goals: the same list again leaves the same goals. */
  async setGoals(agentId: string, goals: readonly ops.GoalInput[]): Promise<Agent> {
    return (await this.request(ops.SetGoalsDocument, { agentId, goals: [...goals] }, { idempotent: true })).setGoals;
  }

  async resetState(agentId: string): Promise<Agent> {
    return (await this.request(ops.ResetStateDocument, { agentId }, { idempotent: true })).resetState;
  }

  // ── memories ──────────────────────────────────────────────────────────────

  /** Stores one memory. With an externalId it is idempotent (a repeat returns the first memory) and retried as such. */
  async remember(agentId: string, input: RememberInput | string): Promise<Memory> {
    const item = typeof input === 'string' ? { content: input } : input;
    return (await this.request(ops.RememberDocument, { input: { ...item, agentId } }, { idempotent: Boolean(item.externalId) })).encode;
  }

  /** Stores up to 500 memories in one transaction; idempotent when every item has an externalId. */
  async rememberMany(agentId: string, items: readonly RememberInput[]): Promise<ops.RememberBatchMutation['encodeBatch']> {
    const idempotent = items.every((i) => Boolean(i.externalId));
    return (await this.request(ops.RememberBatchDocument, { input: { agentId, items: items.map((i) => ({ ...i })) } }, { idempotent })).encodeBatch;
  }

  /**
   * The memories most worth remembering now. A recall changes what it returns (access counts,
   * Hebbian links), so it is sent again only when the first attempt never left.
   */
  async recall(agentId: string, query: string, options: RecallOptions = {}): Promise<RecallResult> {
    return (await this.request(ops.RecallDocument, { input: { ...options, agentId, query } }, { idempotent: false })).recall;
  }

  /** A memory by id (an id merged away answers its survivor, with redirectedFrom). */
  async memory(id: string): Promise<Memory> {
    return (await this.request(ops.MemoryDocument, { id })).memory;
  }

  async memoriesPage(agentId: string, options: MemoriesOptions = {}): Promise<Page<Memory>> {
    const { memories } = await this.request(ops.MemoriesDocument, {
      agentId,
      filter: options.filter,
      first: options.first ?? 20,
      after: options.after,
      order: options.order ?? 'OCCURRED_AT_DESC',
    });
    return { items: memories.edges.map((e) => e.node), endCursor: memories.pageInfo.endCursor, hasNextPage: memories.pageInfo.hasNextPage };
  }

  /** Every memory that passes the filter, in order, fetched a page at a time. */
  async *memories(agentId: string, options: Omit<MemoriesOptions, 'after'> = {}): AsyncGenerator<Memory> {
    yield* paginate((after) => this.memoriesPage(agentId, { ...options, first: options.first ?? 100, after }));
  }

  async countMemories(agentId: string, filter?: ops.MemoryListFilterInput): Promise<number> {
    return (await this.request(ops.MemoryCountDocument, { agentId, filter })).memories.totalCount;
  }

  /** Corrects a memory; each change is kept as a revision. The same patch again changes nothing. */
  async updateMemory(id: string, patch: ops.MemoryPatchInput): Promise<Memory> {
    return (await this.request(ops.UpdateMemoryDocument, { id, patch }, { idempotent: true })).updateMemory;
  }

  /** Archives a memory (restorable), or with `hard` deletes it and its edges. */
  async forget(memoryId: string, options: { hard?: boolean } = {}): Promise<ForgetResult> {
    return (await this.request(ops.ForgetDocument, { memoryId, hard: options.hard ?? false })).forget;
  }

  async restore(memoryId: string): Promise<Memory> {
    return (await this.request(ops.RestoreDocument, { memoryId })).restore;
  }

  /** How useful a recalled memory was; applied once per (recall, memory), so safe to repeat. */
  async feedback(input: ops.FeedbackInput): Promise<FeedbackResult> {
    return (await this.request(ops.FeedbackDocument, { input }, { idempotent: true })).feedback;
  }

  // ── whole agents ──────────────────────────────────────────────────────────

  /** The agent's JSON Lines export, streamed a line at a time (see README: export format). */
  exportAgent(agentId: string, onProgress?: TransferProgress): AsyncGenerator<string> {
    return this.transfer().exportLines(agentId, onProgress);
  }

  /** Restores an export (lines, chunks or a file stream) into a new agent, streaming the upload. */
  async importAgent(newAgentId: string, source: ImportSource, onProgress?: TransferProgress): Promise<ImportSummary> {
    return this.transfer().import(newAgentId, source, onProgress);
  }

  private transfer(): AgentTransfer {
    if (!this.http) throw new LimbicError('BAD_USER_INPUT', 'export and import stream over HTTP: construct the client with a url');
    return new AgentTransfer(this.http);
  }
}

async function* paginate<T>(page: (after: string | undefined) => Promise<Page<T>>): AsyncGenerator<T> {
  let after: string | undefined;
  for (;;) {
    const p = await page(after);
    yield* p.items;
    if (!p.hasNextPage || !p.endCursor) return;
    after = p.endCursor;
  }
}

interface OperationInfo {
  readonly text: string;
  readonly name: string;
  readonly isQuery: boolean;
}

const operations = new WeakMap<object, OperationInfo>();

function operationOf(document: TypedDocumentNode<unknown, never>): OperationInfo {
  let info = operations.get(document);
  if (!info) {
    const op = document.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
    info = { text: print(document), name: op?.name?.value ?? 'anonymous', isQuery: op?.operation === 'query' };
    operations.set(document, info);
  }
  return info;
}
