import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy in front of a real service, to take it away from one API without
 * stopping it for the other test files: `refuse()` drops every connection and refuses new
 * ones (a stopped server), `blackhole()` keeps accepting but passes nothing on (a hung server
 * or a dead network path), `restore()` forwards again. For an HTTP service, `breakNext(n)`
 * closes the connection of each of the next n requests as soon as it arrives, before any of it
 * reaches the service: a request that was sent and never answered. `connections` and
 * `requests` count what came in, whatever became of it.
 */
const HTTP_REQUEST_LINE = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \//;

export class TcpProxy {
  private mode: 'forward' | 'refuse' | 'blackhole' = 'forward';
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;
  private toBreak = 0;
  /** Connections accepted. */
  connections = 0;
  /** HTTP requests seen (a chunk that starts with a request line), broken or forwarded. */
  requests = 0;

  private constructor(
    private readonly target: { host: string; port: number },
    private port = 0,
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target);
    await proxy.listen();
    return proxy;
  }

  get url(): { host: string; port: number } {
    return { host: '127.0.0.1', port: this.port };
  }

  async refuse(): Promise<void> {
    this.mode = 'refuse';
    this.dropAll();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  async blackhole(): Promise<void> {
    this.mode = 'blackhole';
    this.dropAll();
    if (!this.server) await this.listen();
  }

  async restore(): Promise<void> {
    this.mode = 'forward';
    this.dropAll();
    if (!this.server) await this.listen();
  }

  breakNext(n = 1): void {
    this.toBreak = n;
  }

  async stop(): Promise<void> {
    await this.refuse();
  }

  private dropAll(): void {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  private listen(): Promise<void> {
    const server = createServer((client) => this.accept(client));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        this.port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  private accept(client: Socket): void {
    this.connections++;
    this.sockets.add(client);
    client.on('close', () => this.sockets.delete(client));
    client.on('error', () => client.destroy());
    // A hung server: the bytes go nowhere and nothing comes back.
    if (this.mode === 'blackhole') return void client.resume();
    const upstream = connect(this.target.port, this.target.host);
    this.sockets.add(upstream);
    upstream.on('close', () => {
      this.sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    // By hand rather than client.pipe(upstream): a request to break must not reach the service.
    client.on('data', (chunk: Buffer) => {
      if (HTTP_REQUEST_LINE.test(chunk.subarray(0, 16).toString('latin1'))) {
        this.requests++;
        if (this.toBreak > 0) {
          this.toBreak--;
          client.destroy();
          return void upstream.destroy();
        }
      }
      if (!upstream.write(chunk)) client.pause();
    });
    upstream.on('drain', () => client.resume());
    client.on('end', () => upstream.end());
    upstream.pipe(client);
  }
}
