import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { lexiconChecks } from '../lexicon-text-appraiser';
import { LlmTextAppraiser } from './llm-text-appraiser';

type Reply = (req: IncomingMessage, body: string, res: ServerResponse) => void;

/** A real chat-completions server on loopback whose behaviour each test sets. */
class FakeChatServer {
  requests: { auth: string | undefined; path: string | undefined; body: Record<string, unknown> }[] = [];
  reply: Reply = (_req, _body, res) => answer(res, '{}');
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        this.requests.push({ auth: req.headers.authorization, path: req.url, body: JSON.parse(body) as Record<string, unknown> });
        this.reply(req, body, res);
      });
    });
    await new Promise<void>((r) => this.server?.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}

function answer(res: ServerResponse, content: string, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content } }] }));
}

const GOOD = { novelty: 0.4, goalConduciveness: -0.6, copingPotential: 0.2, normCompatibility: -0.3, selfRelevance: 0.9 };

describe('LlmTextAppraiser (real HTTP on loopback)', () => {
  const server = new FakeChatServer();
  let baseUrl: string;
  const make = (over: Partial<ConstructorParameters<typeof LlmTextAppraiser>[0]> = {}, options = {}) =>
    new LlmTextAppraiser({ baseUrl, apiKey: 'sk-test', model: 'tiny-model', timeoutMs: 1000, cacheSize: 10, ...over }, options);

  beforeAll(async () => {
    Logger.overrideLogger(false);
    baseUrl = await server.start();
  });
  afterAll(() => server.stop());
  beforeEach(() => {
    server.requests = [];
    server.reply = (_req, _body, res) => answer(res, JSON.stringify(GOOD));
  });

  it('asks /chat/completions for JSON and uses the checks it gets', async () => {
    const checks = await make().appraise('The deploy failed and I could not roll it back.');
    expect(checks).toEqual({
      tone: -0.6,
      goalConduciveness: -0.6,
      copingPotential: 0.2,
      normCompatibility: -0.3,
      selfRelevance: 0.9,
      source: 'llm',
    });
    const request = server.requests[0];
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.auth).toBe('Bearer sk-test');
    expect(request?.body).toMatchObject({ model: 'tiny-model', temperature: 0, response_format: { type: 'json_object' } });
    const messages = request?.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[1]?.content).toBe('The deploy failed and I could not roll it back.');
  });

  it('sends no authorization header without a key', async () => {
    await make({ apiKey: '' }).appraise('x');
    expect(server.requests[0]?.auth).toBeUndefined();
  });

  it('caches by model and text: the same text costs one call, another model or text another', async () => {
    const appraiser = make();
    await appraiser.appraise('same text');
    await appraiser.appraise('same text');
    expect(server.requests).toHaveLength(1);
    await appraiser.appraise('other text');
    await make({ model: 'other-model' }).appraise('same text');
    expect(server.requests).toHaveLength(3);
  });

  it('shares one call between identical texts in flight', async () => {
    const appraiser = make();
    await Promise.all([appraiser.appraise('twice'), appraiser.appraise('twice')]);
    expect(server.requests).toHaveLength(1);
  });

  it('reads JSON out of code fences and chatter', async () => {
    server.reply = (_req, _body, res) => answer(res, 'Sure! Here it is:\n```json\n' + JSON.stringify(GOOD) + '\n```');
    expect((await make().appraise('fenced')).source).toBe('llm');
  });

  it.each([
    ['prose without JSON', (res: ServerResponse) => answer(res, 'I feel this event is rather sad.')],
    ['broken JSON', (res: ServerResponse) => answer(res, '{"novelty": 0.4, "goalConduciveness": ')],
    ['a check out of range', (res: ServerResponse) => answer(res, JSON.stringify({ ...GOOD, copingPotential: 7 }))],
    ['a check missing', (res: ServerResponse) => answer(res, JSON.stringify({ novelty: 0.1 }))],
    ['a check as a string', (res: ServerResponse) => answer(res, JSON.stringify({ ...GOOD, selfRelevance: 'high' }))],
    ['not a completion', (res: ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"error":"nope"}')],
    ['a body that is not JSON', (res: ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end('<html>')],
    ['HTTP 500', (res: ServerResponse) => answer(res, JSON.stringify(GOOD), 500)],
    ['HTTP 401', (res: ServerResponse) => answer(res, JSON.stringify(GOOD), 401)],
  ])('falls back to the lexicon on %s, and does not cache the fallback', async (_name, reply) => {
    server.reply = (_req, _body, res) => reply(res);
    const appraiser = make();
    const text = 'What a wonderful, happy day!';
    expect(await appraiser.appraise(text)).toEqual(lexiconChecks(text, 'lexicon-fallback'));
    server.reply = (_req, _body, res) => answer(res, JSON.stringify(GOOD));
    expect((await appraiser.appraise(text)).source).toBe('llm');
  });

  it('falls back to the lexicon when the server does not answer in time', async () => {
    server.reply = () => undefined; // never answers
    const started = Date.now();
    const checks = await make({ timeoutMs: 300 }).appraise('slow');
    expect(checks.source).toBe('lexicon-fallback');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('times out a server that stalls in the middle of its answer', async () => {
    server.reply = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"choices": [');
    };
    expect((await make({ timeoutMs: 300 }).appraise('stalls')).source).toBe('lexicon-fallback');
  });

  it('falls back when nothing listens', async () => {
    const checks = await make({ baseUrl: 'http://127.0.0.1:1/v1' }).appraise('nobody home');
    expect(checks.source).toBe('lexicon-fallback');
  });

  it('leaves a failing endpoint alone for a while after repeated failures', async () => {
    server.reply = (_req, _body, res) => answer(res, 'garbage');
    let now = 1_000_000;
    const appraiser = make({}, { failuresBeforePause: 2, pauseMs: 10_000, clock: () => now });
    await appraiser.appraise('a');
    await appraiser.appraise('b');
    expect(server.requests).toHaveLength(2);
    expect((await appraiser.appraise('c')).source).toBe('lexicon-fallback');
    expect(server.requests).toHaveLength(2); // paused: no call
    now += 10_001;
    server.reply = (_req, _body, res) => answer(res, JSON.stringify(GOOD));
    expect((await appraiser.appraise('d')).source).toBe('llm');
  });
});
