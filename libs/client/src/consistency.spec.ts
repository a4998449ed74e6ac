import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConsistencyJar } from './consistency';
import { HttpClient, HttpTransport } from './transport';

describe('ConsistencyJar', () => {
  it('replaces the tokens a request sent by its answer’s, keeping those that arrived meanwhile', () => {
    const jar = new ConsistencyJar('t0');
    const first = jar.snapshot();
    const second = jar.snapshot();
    jar.received(first, 'a'); // answers a write sent with t0
    jar.received(second, 'b'); // a concurrent write, also sent with t0
    expect(jar.header).toBe('a, b');
    jar.received(jar.snapshot(), 'c');
    expect(jar.header).toBe('c');
    jar.received(['c'], null); // an answer without a token changes nothing
    expect(jar.header).toBe('c');
  });

  it('holds at most sixteen, dropping the oldest', () => {
    const jar = new ConsistencyJar();
    for (let i = 0; i < 20; i++) jar.received([], `t${i}`);
    expect(jar.snapshot()).toHaveLength(16);
    expect(jar.snapshot()[0]).toBe('t4');
  });
});

describe('HttpClient carrying consistency tokens', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => (s.closeAllConnections(), new Promise((resolve) => s.close(resolve)))));
  });

  /** A server that records the header of each request and answers as `answer` says. */
  async function serve(answer: (req: IncomingMessage, res: ServerResponse, n: number) => void): Promise<{ url: string; seen: (string | undefined)[] }> {
    const seen: (string | undefined)[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers['limbic-consistency'] as string | undefined);
      req.resume();
      req.on('end', () => answer(req, res, seen.length));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
  }

  const ok = (res: ServerResponse, token?: string) => {
    res.writeHead(200, { 'content-type': 'application/json', ...(token ? { 'limbic-consistency': token } : {}) });
    res.end(JSON.stringify({ data: { ok: true } }));
  };
  const request = { query: '{ ok }', variables: {} };

  it('sends nothing at first, then the token of the latest answer', async () => {
    const { url, seen } = await serve((_req, res, n) => ok(res, n === 1 ? 'v1.after-write.sig' : undefined));
    const transport = new HttpTransport(new HttpClient({ url }));
    await transport.execute(request);
    await transport.execute(request);
    await transport.execute(request);
    expect(seen).toEqual([undefined, 'v1.after-write.sig', 'v1.after-write.sig']);
  });

  it('drops tokens the API refuses and sends the request once more without them', async () => {
    const { url, seen } = await serve((_req, res, n) => {
      if (n === 1) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ message: 'Limbic-Consistency: not a token this deployment issued', extensions: { code: 'BAD_USER_INPUT', field: 'Limbic-Consistency' } }] }));
      } else ok(res, 'v1.fresh.sig');
    });
    const http = new HttpClient({ url, consistencyToken: 'v1.old.sig' });
    const body = await new HttpTransport(http).execute(request);
    expect(body.data).toEqual({ ok: true });
    expect(seen).toEqual(['v1.old.sig', undefined]);
    expect(http.consistency?.header).toBe('v1.fresh.sig');
  });

  it('carries none when turned off', async () => {
    const { url, seen } = await serve((_req, res) => ok(res, 'v1.x.sig'));
    const transport = new HttpTransport(new HttpClient({ url, consistency: false }));
    await transport.execute(request);
    await transport.execute(request);
    expect(seen).toEqual([undefined, undefined]);
  });
});
