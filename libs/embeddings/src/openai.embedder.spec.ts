import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpenAiEmbedderSettings } from '@limbic/config';
import { EmbeddingError } from './embedder.port';
import { OpenAiEmbedder } from './openai.embedder';

/** A real HTTP server on loopback that speaks the /v1/embeddings protocol. */
function fakeEndpoint(handler: (body: { model: string; input: string[] }, req: IncomingMessage, call: number) => [number, unknown]) {
  let calls = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const [status, body] = handler(JSON.parse(raw) as { model: string; input: string[] }, req, ++calls);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  return new Promise<{ url: string; calls: () => number; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        calls: () => calls,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

const vec = (seed: number, dim = 4) => Array.from({ length: dim }, (_, i) => seed + i / 10);
const settings = (baseUrl: string, over: Partial<OpenAiEmbedderSettings> = {}): OpenAiEmbedderSettings => ({
  baseUrl,
  apiKey: 'sk-test',
  model: 'test-model',
  dimension: 4,
  timeoutMs: 2000,
  maxRetries: 2,
  batchSize: 2,
  ...over,
});
const noSleep = () => Promise.resolve();

describe('OpenAiEmbedder', () => {
  it('batches, sends model and key, and keeps order', async () => {
    const seen: string[][] = [];
    const ep = await fakeEndpoint((body, req) => {
      expect(req.headers.authorization).toBe('Bearer sk-test');
      expect(body.model).toBe('test-model');
      seen.push(body.input);
      // Answer out of order with explicit indexes, as the spec allows.
      return [200, { data: body.input.map((t, i) => ({ index: i, embedding: vec(Number(t)) })).reverse() }];
    });
    try {
      const out = await new OpenAiEmbedder(settings(ep.url), noSleep).embed(['1', '2', '3']);
      expect(seen).toEqual([['1', '2'], ['3']]);
      expect(out).toEqual([vec(1), vec(2), vec(3)]);
    } finally {
      await ep.close();
    }
  });

  it('retries rate limits and server errors', async () => {
    const ep = await fakeEndpoint((body, _req, call) =>
      call < 3 ? [call === 1 ? 429 : 503, { error: 'busy' }] : [200, { data: body.input.map(() => ({ embedding: vec(0) })) }],
    );
    try {
      await expect(new OpenAiEmbedder(settings(ep.url), noSleep).embed(['a'])).resolves.toEqual([vec(0)]);
      expect(ep.calls()).toBe(3);
    } finally {
      await ep.close();
    }
  });

  it('does not retry a client error, and names the status', async () => {
    const ep = await fakeEndpoint(() => [401, { error: 'bad key' }]);
    try {
      await expect(new OpenAiEmbedder(settings(ep.url), noSleep).embed(['a'])).rejects.toThrow(/HTTP 401/);
      expect(ep.calls()).toBe(1);
    } finally {
      await ep.close();
    }
  });

  it('rejects vectors of the wrong dimension', async () => {
    const ep = await fakeEndpoint((body) => [200, { data: body.input.map(() => ({ embedding: vec(0, 3) })) }]);
    try {
      await expect(new OpenAiEmbedder(settings(ep.url), noSleep).embed(['a'])).rejects.toThrow(/expected 4/);
    } finally {
      await ep.close();
    }
  });

  it('times out a hanging endpoint and reports it as retryable', async () => {
    const server = createServer(() => undefined); // never answers
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    try {
      const err = await new OpenAiEmbedder(settings(url, { timeoutMs: 150, maxRetries: 0 }), noSleep).embed(['a']).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(EmbeddingError);
      expect((err as EmbeddingError).retryable).toBe(true);
      expect((err as Error).message).toMatch(/timed out/);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(() => r(undefined)));
    }
  });
});
