import { GraphqlClient, GraphqlError, SchemaInfo } from './graphql';

/** One memory to store: the benchmark's own id becomes the externalId. */
export interface MemoryItem {
  readonly id: string;
  readonly content: string;
  readonly occurredAt: Date;
  /** Explicit affect (encoded as the caller's truth); absent: the API infers it. */
  readonly affect?: { readonly valence: number; readonly arousal: number; readonly dominance: number };
  /** Who said it; sent when the API takes a speaker. */
  readonly speaker?: string;
}

/** What the running API offers, found by introspection, so the harness runs against any stage of it. */
export interface Capabilities {
  readonly encodeFields: ReadonlySet<string>;
  /** encodeBatch(input: { agentId?, items: [...] }), when the API has it. */
  readonly encodeBatch: { readonly inputType: string; readonly inputHasAgentId: boolean; readonly itemFields: ReadonlySet<string>; readonly selection: string } | null;
  /** Input type names of encode, recall and createAgent, for the operations' variable declarations. */
  readonly types: { readonly encode: string; readonly recall: string; readonly createAgent: string };
  readonly encodeSelection: string;
  readonly recallFields: ReadonlyMap<string, string>;
  readonly profiles: ReadonlySet<string>;
  readonly spreadFields: ReadonlySet<string>;
  readonly weightFields: ReadonlySet<string>;
  readonly resultFields: ReadonlySet<string>;
  readonly presets: ReadonlySet<string>;
  /** Selection for deleteAgent(id), or null when the API has no such mutation. */
  readonly deleteAgent: string | null;
  /** observe(agentId, text) and resetState(agentId), when the API has them. */
  readonly observe: boolean;
  readonly resetState: boolean;
  /** Whether memory(id) reports pendingAppraisal (to wait for the worker's appraisal). */
  readonly pendingAppraisal: boolean;
}

export async function detectCapabilities(client: GraphqlClient): Promise<Capabilities> {
  const s = await SchemaInfo.load(client);
  const selectionFor = (typeName: string) => (['OBJECT', 'INTERFACE', 'UNION'].includes(s.kind(typeName) ?? '') ? '{ __typename }' : '');
  const encode = s.mutation('encode');
  const batch = s.mutation('encodeBatch');
  const batchInput = s.argType(batch, 'input');
  const batchFields = s.inputFields(batchInput);
  const itemType = batchFields.get('items') ?? null;
  const recallInput = s.argType(s.query('recall'), 'input');
  const recallFields = s.inputFields(recallInput);
  const recallResult = s.query('recall') ? SchemaInfo.named(s.query('recall')!.type) : null;
  const createAgentInput = s.argType(s.mutation('createAgent'), 'input');
  return {
    encodeFields: new Set(s.inputFields(s.argType(encode, 'input')).keys()),
    encodeSelection: encode ? selectionFor(SchemaInfo.named(encode.type)) : '',
    encodeBatch:
      batch && itemType
        ? { inputType: batchInput!, inputHasAgentId: batchFields.has('agentId'), itemFields: new Set(s.inputFields(itemType).keys()), selection: selectionFor(SchemaInfo.named(batch.type)) }
        : null,
    recallFields,
    profiles: s.enumValues(recallFields.get('profile') ?? null),
    spreadFields: new Set(s.inputFields(recallFields.get('spread') ?? null).keys()),
    weightFields: new Set(s.inputFields(recallFields.get('weights') ?? null).keys()),
    resultFields: s.outputFields(recallResult),
    presets: s.enumValues(s.inputFields(createAgentInput).get('preset') ?? null),
    deleteAgent: s.mutation('deleteAgent')?.args?.some((a) => a.name === 'id') ? selectionFor(SchemaInfo.named(s.mutation('deleteAgent')!.type)) : null,
    types: { encode: s.argType(encode, 'input') ?? 'EncodeInput', recall: recallInput ?? 'RecallInput', createAgent: createAgentInput ?? 'CreateAgentInput' },
    observe: s.mutation('observe') !== undefined,
    resetState: s.mutation('resetState') !== undefined,
    pendingAppraisal: s.query('memory') !== undefined && encode !== undefined && s.outputFields(SchemaInfo.named(encode.type)).has('pendingAppraisal'),
  };
}

export interface RecallHit {
  readonly externalId: string | null;
  readonly score: number;
}

export interface RecallAnswer {
  readonly items: readonly RecallHit[];
  readonly clientMs: number;
  readonly serverMs: number | null;
  readonly weights: Record<string, number> | null;
  readonly weightSource: string | null;
  readonly queryType: string | null;
}

const TRANSIENT = new Set(['UNAVAILABLE', 'INTERNAL_SERVER_ERROR']);

async function withRetry<T>(what: string, fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      const transient = err instanceof GraphqlError ? err.codes.some((c) => TRANSIENT.has(c)) : !(err instanceof GraphqlError);
      if (!transient || i >= attempts) throw new Error(`${what}: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, 1000 * 2 ** (i - 1)));
    }
  }
}

/** The API operations the benchmark uses, shaped by the detected capabilities. */
export class LimbicApi {
  constructor(
    private readonly client: GraphqlClient,
    readonly caps: Capabilities,
  ) {}

  async createAgent(id: string, preset?: string): Promise<void> {
    const input: Record<string, unknown> = { id };
    if (preset) input.preset = preset;
    await withRetry(`createAgent ${id}`, () => this.client.request(`mutation ($input: ${this.caps.types.createAgent}!) { createAgent(input: $input) { id } }`, { input }));
  }

  /** Removes a benchmark agent and its memories; false when the API cannot. */
  async deleteAgent(id: string): Promise<boolean> {
    if (this.caps.deleteAgent === null) return false;
    await withRetry(`deleteAgent ${id}`, () => this.client.request(`mutation ($id: ID!) { deleteAgent(id: $id) ${this.caps.deleteAgent} }`, { id }));
    return true;
  }

  async resetState(agentId: string): Promise<void> {
    if (!this.caps.resetState) throw new Error('the API has no resetState');
    await withRetry(`resetState ${agentId}`, () => this.client.request(`mutation ($id: ID!) { resetState(agentId: $id) { id } }`, { id: agentId }));
  }

  async observe(agentId: string, text: string): Promise<void> {
    if (!this.caps.observe) throw new Error('the API has no observe');
    await withRetry(`observe ${agentId}`, () => this.client.request(`mutation ($id: ID!, $text: String!) { observe(agentId: $id, text: $text) { id } }`, { id: agentId, text }));
  }

  /** Stores one memory; returns its id and whether its appraisal is still pending. */
  async encodeOne(agentId: string, item: MemoryItem): Promise<{ id: string; pendingAppraisal: boolean }> {
    const pending = this.caps.pendingAppraisal ? 'pendingAppraisal' : '';
    const data = await withRetry(`encode ${agentId} ${item.id}`, () =>
      this.client.request<{ encode: { id: string; pendingAppraisal?: boolean } }>(`mutation ($input: ${this.caps.types.encode}!) { encode(input: $input) { id ${pending} } }`, {
        input: this.encodeInput(agentId, item, this.caps.encodeFields),
      }),
    );
    return { id: data.encode.id, pendingAppraisal: data.encode.pendingAppraisal ?? false };
  }

  /** Whether the worker has still to appraise the memory (false when the API cannot say). */
  async isPendingAppraisal(memoryId: string): Promise<boolean> {
    if (!this.caps.pendingAppraisal) return false;
    const data = await withRetry(`memory ${memoryId}`, () =>
      this.client.request<{ memory: { pendingAppraisal: boolean } }>(`query ($id: ID!) { memory(id: $id) { pendingAppraisal } }`, { id: memoryId }),
    );
    return data.memory.pendingAppraisal;
  }

  private encodeInput(agentId: string, t: MemoryItem, fields: ReadonlySet<string>): Record<string, unknown> {
    const all: Record<string, unknown> = { agentId, content: t.content, occurredAt: t.occurredAt.toISOString(), externalId: t.id };
    if (t.affect) all.affect = { valence: t.affect.valence, arousal: t.affect.arousal, dominance: t.affect.dominance };
    if (t.speaker !== undefined) all.speaker = t.speaker;
    return Object.fromEntries(Object.entries(all).filter(([k]) => fields.has(k)));
  }

  /**
   * Stores the turns in order: encodeBatch chunks one after another when the API has it,
   * else single encodes with `concurrency` in flight (1 keeps the protocol's strict order).
   */
  async encodeTurns(agentId: string, turns: readonly MemoryItem[], opts: { batchSize: number; concurrency: number }): Promise<'encodeBatch' | 'encode'> {
    const batch = this.caps.encodeBatch;
    if (batch) {
      const mutation = `mutation ($input: ${batch.inputType}!) { encodeBatch(input: $input) ${batch.selection} }`;
      for (let i = 0; i < turns.length; i += opts.batchSize) {
        const items = turns.slice(i, i + opts.batchSize).map((t) => this.encodeInput(agentId, t, batch.itemFields));
        const input = batch.inputHasAgentId ? { agentId, items } : { items };
        await withRetry(`encodeBatch ${agentId} [${i}…]`, () => this.client.request(mutation, { input }));
      }
      return 'encodeBatch';
    }
    const mutation = `mutation ($input: ${this.caps.types.encode}!) { encode(input: $input) ${this.caps.encodeSelection} }`;
    let next = 0;
    const worker = async () => {
      while (next < turns.length) {
        const t = turns[next++]!;
        await withRetry(`encode ${agentId} ${t.id}`, () => this.client.request(mutation, { input: this.encodeInput(agentId, t, this.caps.encodeFields) }));
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, opts.concurrency) }, worker));
    return 'encode';
  }

  async recall(input: Record<string, unknown>): Promise<RecallAnswer> {
    const extra = ['tookMs', 'weightSource', 'queryType'].filter((f) => this.caps.resultFields.has(f));
    const weightSel = this.caps.resultFields.has('weights') && this.caps.weightFields.size > 0 ? `weights { ${[...this.caps.weightFields].join(' ')} }` : '';
    const query = `query ($input: ${this.caps.types.recall}!) { recall(input: $input) { items { rank score memory { externalId } } ${extra.join(' ')} ${weightSel} } }`;
    const started = performance.now();
    const data = await withRetry(`recall "${String(input.query).slice(0, 40)}"`, () =>
      this.client.request<{
        recall: {
          items: { score: number; memory: { externalId: string | null } }[];
          tookMs?: number;
          weightSource?: string;
          queryType?: string;
          weights?: Record<string, number>;
        };
      }>(query, { input }),
    );
    const clientMs = performance.now() - started;
    const r = data.recall;
    return {
      items: r.items.map((i) => ({ externalId: i.memory.externalId, score: i.score })),
      clientMs,
      serverMs: r.tookMs ?? null,
      weights: r.weights ?? null,
      weightSource: r.weightSource ?? null,
      queryType: r.queryType ?? null,
    };
  }
}
