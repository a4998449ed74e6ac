import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the proxy passed it on. */
export interface Passed {
  readonly upstream: number;
  readonly method: string;
  readonly path: string;
  readonly requestHeaders: IncomingHttpHeaders;
  readonly status: number;
  readonly responseHeaders: IncomingHttpHeaders;
}

/**
 * A loopback HTTP load balancer without affinity: each request goes to the next of several API
 * replicas in turn, so consecutive calls of one client land on different processes, as behind a
 * round-robin balancer. Records what passed (headers both ways) for the test to inspect.
 */
export class RoundRobinProxy {
  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly passed: Passed[],
  ) {}

  static async start(upstreams: readonly string[]): Promise<RoundRobinProxy> {
    const passed: Passed[] = [];
    let turn = 0;
    const server = createServer((req, res) => {
      const index = turn++ % upstreams.length;
      const target = new URL(req.url ?? '/', upstreams[index]);
      const out = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
        passed.push({ upstream: index, method: req.method ?? '', path: req.url ?? '', requestHeaders: req.headers, status: answer.statusCode ?? 0, responseHeaders: answer.headers });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on('error', () => res.destroy());
      req.pipe(out);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new RoundRobinProxy(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, passed);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
