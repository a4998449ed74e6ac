import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NetworkError, UnavailableError } from './errors';
import { HttpClient, HttpTransport } from './transport';

/** A local HTTP server whose answer each test chooses. */
async function serve(answer: (res: ServerResponse) => void): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const request = { query: '{ agents(first: 1) { edges { cursor } } }', variables: {} };

describe('HttpTransport', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map((s) => {
        s.closeAllConnections();
        return new Promise((resolve) => s.close(resolve));
      }),
    );
  });

  async function transportTo(answer: (res: ServerResponse) => void, timeoutMs?: number): Promise<HttpTransport> {
    const { url, server } = await serve(answer);
    servers.push(server);
    return new HttpTransport(new HttpClient({ url, timeoutMs }));
  }

  it('calls a connection that never opened not sent', async () => {
    const { url, server } = await serve(() => undefined);
    await new Promise((resolve) => server.close(resolve));
    const err = await new HttpTransport(new HttpClient({ url })).execute(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).sent).toBe(false);
  });

  it('calls a connection that broke in the middle of the answer sent', async () => {
    const transport = await transportTo((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"data":{"age');
      setImmediate(() => res.destroy());
    });
    const err = await transport.execute(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).sent).toBe(true);
    expect((err as NetworkError).message).toContain('broke during the answer');
  });

  it('gives up after the timeout, as a request that may have arrived', async () => {
    const transport = await transportTo(() => undefined, 150);
    const err = await transport.execute(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).sent).toBe(true);
    expect((err as NetworkError).message).toContain('no answer within 150 ms');
  });

  it('rejects with the caller’s reason when the caller aborts', async () => {
    const transport = await transportTo(() => undefined);
    const controller = new AbortController();
    const reason = new Error('stop');
    setTimeout(() => controller.abort(reason), 20);
    await expect(transport.execute(request, controller.signal)).rejects.toBe(reason);
  });

  it('returns a GraphQL body whatever its status, and types a body that is not one by its status', async () => {
    const gql = await transportTo((res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errors: [{ message: 'bad', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] }));
    });
    await expect(gql.execute(request)).resolves.toEqual({ errors: [{ message: 'bad', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] });
    const proxy = await transportTo((res) => {
      res.writeHead(503, { 'retry-after': '3' });
      res.end('upstream down');
    });
    const err = await proxy.execute(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnavailableError);
    expect((err as UnavailableError).retryAfterMs).toBe(3000);
  });
});
