import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AgentTransfer } from './agent-transfer';
import { BadInputError, NetworkError, NotFoundError } from './errors';
import { HttpClient } from './transport';

describe('AgentTransfer over HTTP', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map((s) => {
        s.closeAllConnections();
        return new Promise((resolve) => s.close(resolve));
      }),
    );
  });

  async function transferTo(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<AgentTransfer> {
    const server = createServer(handle);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new AgentTransfer(new HttpClient({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'k' }));
  }

  const ndjson = { 'content-type': 'application/x-ndjson' };

  it('closes the response when the caller stops reading early', async () => {
    let closed!: () => void;
    const serverSawClose = new Promise<void>((resolve) => (closed = resolve));
    const transfer = await transferTo((_req, res) => {
      res.writeHead(200, ndjson);
      res.write('{"kind":"agent"}\n{"kind":"memory"}\n');
      // Never ends on its own: only the client going away closes it.
      res.on('close', closed);
    });
    for await (const line of transfer.exportLines('a')) {
      expect(line).toBe('{"kind":"agent"}');
      break;
    }
    await serverSawClose;
  });

  it('fails a stream that breaks part-way as a NetworkError, after the lines that came', async () => {
    const transfer = await transferTo((_req, res) => {
      res.writeHead(200, ndjson);
      res.write('{"kind":"agent"}\n{"kind":"mem');
      setImmediate(() => res.destroy());
    });
    const lines: string[] = [];
    const err = await (async () => {
      for await (const line of transfer.exportLines('a')) lines.push(line);
    })().catch((e: unknown) => e);
    expect(lines).toEqual(['{"kind":"agent"}']);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).sent).toBe(true);
  });

  it('fails a stream that stalls for the idle timeout', async () => {
    const transfer = await transferTo((_req, res) => {
      res.writeHead(200, ndjson);
      res.write('{"kind":"agent"}\n');
    });
    const err = await (async () => {
      for await (const line of transfer.exportLines('a', undefined, { idleTimeoutMs: 200 })) void line;
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).message).toContain('nothing moved for 200 ms');
  });

  it('types an export refused before it started by its code', async () => {
    const transfer = await transferTo((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'NOT_FOUND', message: 'agent a not found' }));
    });
    await expect(transfer.exportLines('a').next()).rejects.toBeInstanceOf(NotFoundError);
  });

  it('streams an import up, with the key, and reports every byte', async () => {
    let received = '';
    let auth: string | undefined;
    const transfer = await transferTo((req, res) => {
      auth = req.headers.authorization;
      req.setEncoding('utf8');
      req.on('data', (d: string) => (received += d));
      req.on('end', () => {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ agentId: 'copy', memories: 2, edges: 0, goals: 0, concepts: 0, revisions: 0 }));
      });
    });
    const parts = ['{"kind":"agent"}\n', new TextEncoder().encode('{"kind":"memory","content":"é"}\n'), '{"kind":"memory"}\n'];
    const progress: number[] = [];
    const summary = await transfer.import('copy', parts, (bytes) => progress.push(bytes));
    expect(summary).toMatchObject({ agentId: 'copy', memories: 2 });
    expect(received).toBe('{"kind":"agent"}\n{"kind":"memory","content":"é"}\n{"kind":"memory"}\n');
    expect(auth).toBe('Bearer k');
    expect(progress.at(-1)).toBe(Buffer.byteLength(received));
  });

  it('types a refused import by its code', async () => {
    const transfer = await transferTo((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'BAD_USER_INPUT', message: 'line 2: unknown kind' }));
      });
    });
    await expect(transfer.import('copy', ['{"kind":"agent"}\n', '{"kind":"nope"}\n'])).rejects.toMatchObject({ name: BadInputError.name, message: 'line 2: unknown kind' });
  });
});
