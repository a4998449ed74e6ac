import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { InvalidOperationError, NetworkError, NotFoundError } from './errors';
import { LimbicClient } from './limbic-client';
import { shouldRetry, withRetry } from './retry';
import type { GraphqlRequest, GraphqlResponse, GraphqlTransport } from './transport';

/** Answers from a script, one entry per attempt, and records what was asked. */
class FakeTransport implements GraphqlTransport {
  readonly requests: GraphqlRequest[] = [];
  constructor(private readonly script: (n: number, request: GraphqlRequest) => GraphqlResponse | Error) {}

  async execute(request: GraphqlRequest): Promise<GraphqlResponse> {
    this.requests.push(request);
    const answer = this.script(this.requests.length, request);
    if (answer instanceof Error) throw answer;
    return answer;
  }
}

const lost = (): NetworkError => new NetworkError('connection reset', true);
const refused = (): NetworkError => new NetworkError('ECONNREFUSED', false);

function clientWith(script: (n: number, request: GraphqlRequest) => GraphqlResponse | Error, attempts = 3): { client: LimbicClient; fake: FakeTransport } {
  const fake = new FakeTransport(script);
  return { client: new LimbicClient({ transport: fake, retry: { attempts, baseDelayMs: 0 } }), fake };
}

/** Data of a shape every facade call accepts, under the operation's root field. */
function okFor(request: GraphqlRequest): GraphqlResponse {
  const op = parse(request.query).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const root = op?.selectionSet.selections[0];
  const field = root?.kind === Kind.FIELD ? root.name.value : 'missing';
  return { data: { [field]: { edges: [], pageInfo: { endCursor: null, hasNextPage: false }, totalCount: 0 } } };
}

describe('retry rules', () => {
  it('retries a request that never left, even a mutation that is not idempotent', async () => {
    const { client, fake } = clientWith((n) => (n === 1 ? refused() : { data: { observe: { id: 'a' } } }));
    await expect(client.observe('a', 'hello')).resolves.toEqual({ id: 'a' });
    expect(fake.requests).toHaveLength(2);
  });

  it('does not send a non-idempotent request again once it may have arrived', async () => {
    const { client, fake } = clientWith(() => lost());
    await expect(client.recall('a', 'q')).rejects.toMatchObject({ name: 'NetworkError', sent: true });
    expect(fake.requests).toHaveLength(1);
  });

  it('sends an idempotent request again after it may have arrived', async () => {
    const { client, fake } = clientWith((n) => (n === 1 ? lost() : { data: { createAgent: { id: 'a' } } }));
    await expect(client.createAgent('a')).resolves.toEqual({ id: 'a' });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]).toEqual(fake.requests[0]);
  });

  it('never retries an answer from the server', async () => {
    const { client, fake } = clientWith(() => ({ errors: [{ message: 'agent a not found', extensions: { code: 'NOT_FOUND' } }] }));
    await expect(client.agent('a')).rejects.toBeInstanceOf(NotFoundError);
    expect(fake.requests).toHaveLength(1);
    const unavailable = clientWith(() => ({ errors: [{ message: 'busy', extensions: { code: 'UNAVAILABLE', retryAfterMs: 1000 } }] }));
    await expect(unavailable.client.agent('a')).rejects.toMatchObject({ code: 'UNAVAILABLE', retryAfterMs: 1000 });
    expect(unavailable.fake.requests).toHaveLength(1);
  });

  it('bounds the attempts', async () => {
    const { client, fake } = clientWith(() => refused(), 4);
    await expect(client.agent('a')).rejects.toBeInstanceOf(NetworkError);
    expect(fake.requests).toHaveLength(4);
    const once = clientWith(() => refused(), 1);
    await expect(once.client.agent('a')).rejects.toBeInstanceOf(NetworkError);
    expect(once.fake.requests).toHaveLength(1);
  });

  it('stops retrying when the caller aborts, with the caller’s reason', async () => {
    const controller = new AbortController();
    const reason = new Error('caller gave up');
    const { client, fake } = clientWith(() => {
      controller.abort(reason);
      return refused();
    });
    await expect(client.agent('a', { signal: controller.signal })).rejects.toBe(reason);
    expect(fake.requests).toHaveLength(1);
  });

  it('waits between attempts with growing backoff', async () => {
    const waits: number[] = [];
    let n = 0;
    const result = await withRetry(
      { attempts: 4, baseDelayMs: 100 },
      true,
      async () => {
        if (++n < 4) throw lost();
        return 'done';
      },
      async (ms) => void waits.push(ms),
    );
    expect(result).toBe('done');
    expect(waits).toHaveLength(3);
    // Jitter keeps each wait within [½, 1] of base · 2^(n−1).
    waits.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(50 * 2 ** i);
      expect(ms).toBeLessThanOrEqual(100 * 2 ** i);
    });
  });

  it('retries nothing but a NetworkError', () => {
    expect(shouldRetry(new InvalidOperationError('GRAPHQL_VALIDATION_FAILED', 'm'), true)).toBe(false);
    expect(shouldRetry(new TypeError('fetch failed'), true)).toBe(false);
    expect(shouldRetry(refused(), false)).toBe(true);
    expect(shouldRetry(lost(), false)).toBe(false);
    expect(shouldRetry(lost(), true)).toBe(true);
  });
});

describe('idempotency of each operation (attempts after a request that may have arrived)', () => {
  const calls: [string, (c: LimbicClient) => Promise<unknown>, boolean][] = [
    ['agent', (c) => c.agent('a'), true],
    ['memory', (c) => c.memory('m'), true],
    ['memoriesPage', (c) => c.memoriesPage('a'), true],
    ['countMemories', (c) => c.countMemories('a'), true],
    ['createAgent', (c) => c.createAgent('a', 'agent'), true],
    ['updateAgent', (c) => c.updateAgent('a', { preset: 'npc' }), true],
    ['deleteAgent', (c) => c.deleteAgent('a'), true],
    ['setGoals', (c) => c.setGoals('a', [{ name: 'ship', priority: 1 }]), true],
    ['resetState', (c) => c.resetState('a'), true],
    ['updateMemory', (c) => c.updateMemory('m', { importance: 0.5 }), true],
    ['forget', (c) => c.forget('m'), true],
    ['forget hard', (c) => c.forget('m', { hard: true }), true],
    ['restore', (c) => c.restore('m'), true],
    ['feedback', (c) => c.feedback({ recallId: 'r', memoryId: 'm', signal: 'USED' }), true],
    ['remember with externalId', (c) => c.remember('a', { content: 'x', externalId: 'e1' }), true],
    ['rememberMany all with externalId', (c) => c.rememberMany('a', [{ content: 'x', externalId: 'e1' }]), true],
    ['remember', (c) => c.remember('a', 'x'), false],
    ['rememberMany one without externalId', (c) => c.rememberMany('a', [{ content: 'x', externalId: 'e1' }, { content: 'y' }]), false],
    ['recall', (c) => c.recall('a', 'q'), false],
    ['observe', (c) => c.observe('a', 'text'), false],
    ['setFeeling', (c) => c.setFeeling('a', { valence: 0.5, arousal: 0.5 }), false],
  ];

  it.each(calls)('%s', async (_name, call, idempotent) => {
    const { client, fake } = clientWith(() => lost());
    await expect(call(client)).rejects.toBeInstanceOf(NetworkError);
    expect(fake.requests).toHaveLength(idempotent ? 3 : 1);
    // And each succeeds on a good answer: the failure above is the retry rule, not the call.
    const ok = clientWith((_n, request) => okFor(request));
    await expect(call(ok.client)).resolves.toBeDefined();
  });
});
