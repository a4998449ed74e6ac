import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { envSchema } from './config.schema';
import { loadConfig } from './load-config';

/**
 * docker/compose.yaml cannot be run here (no Docker engine): this keeps it in step with the
 * app and its documentation instead. It reads the compose file, the Dockerfile, the README's
 * configuration table and docker/README.md's environment table.
 */
const ROOT = join(__dirname, '..', '..', '..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; target?: string; args?: Record<string, string> };
  environment?: Record<string, string | number | boolean>;
  ports?: string[];
  healthcheck?: { test?: string[] };
  depends_on?: Record<string, { condition?: string }>;
}

const compose = parse(read('docker/compose.yaml')) as { services: Record<string, ComposeService> };
const dockerfile = read('docker/Dockerfile');
const readme = read('README.md');
const dockerReadme = read('docker/README.md');

/** `${NAME:-default}` as Compose resolves it with NAME unset. */
const interpolate = (value: string): string => value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');

const envOf = (service: string): Record<string, string> =>
  Object.fromEntries(Object.entries(compose.services[service]?.environment ?? {}).map(([k, v]) => [k, String(v)]));

/** Variables named in the first column of a markdown table (`NAME` or `A` / `B`), with the second column. */
function tableRows(markdown: string, heading: string): Map<string, string> {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const next = markdown.indexOf('\n## ', start + heading.length + 2);
  const rows = new Map<string, string>();
  for (const line of markdown.slice(start, next < 0 ? undefined : next).split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4 || !cells[1]?.startsWith('`')) continue;
    for (const [, name] of cells[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)) rows.set(name!, cells[2] ?? '');
  }
  return rows;
}

/** Container side of `host:container` or `ip:host:container`. */
const containerPort = (mapping: string): number => Number(mapping.split(':').pop());
const hostPort = (mapping: string): number => Number(mapping.split(':').slice(-2)[0]);
const portOf = (uri: string): number => Number(new URL(uri).port);

describe('docker/compose.yaml is in step with the app and the READMEs', () => {
  const app = ['api', 'worker'];

  it('runs Neo4j (2026 line), Redis, the API and the worker, the app built from the Dockerfile targets and waiting for healthy services', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'neo4j', 'redis', 'worker']);
    expect(compose.services.neo4j?.image).toMatch(/^neo4j:2026/);
    expect(compose.services.redis?.image).toMatch(/^redis:7/);
    for (const name of app) {
      const s = compose.services[name]!;
      expect({ name, dockerfile: s.build?.dockerfile, target: s.build?.target }).toEqual({ name, dockerfile: 'docker/Dockerfile', target: name });
      expect(dockerfile).toMatch(new RegExp(`^FROM \\S+ AS ${name}$`, 'm'));
      expect(s.depends_on).toEqual({ neo4j: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
    }
  });

  it('gives the API and the worker the same environment, every variable of it in the config schema and in the README’s configuration table', () => {
    expect(envOf('worker')).toEqual(envOf('api'));
    const schema = Object.keys(envSchema.shape);
    const documented = tableRows(readme, '## Configuration');
    for (const name of Object.keys(envOf('api'))) {
      expect({ name, inSchema: schema.includes(name), inReadme: documented.has(name) }).toEqual({ name, inSchema: true, inReadme: true });
    }
  });

  it('lists in docker/README.md exactly the variables and values the compose file sets', () => {
    const table = tableRows(dockerReadme, '## Environment');
    const values = Object.fromEntries([...table].map(([k, v]) => [k, v.replace(/^`|`$/g, '')]));
    expect(values).toEqual(envOf('api'));
  });

  it('has an environment the app accepts at boot, and ports that agree with it and the README', () => {
    const env = Object.fromEntries(Object.entries(envOf('api')).map(([k, v]) => [k, interpolate(v)]));
    const config = loadConfig({ ...env, NODE_ENV: 'production' });
    // The app reaches the other services by their compose names, on the ports they serve.
    expect(new URL(config.neo4j.uri).hostname).toBe('neo4j');
    const neo4jPorts = (compose.services.neo4j?.ports ?? []).map(containerPort);
    expect(neo4jPorts).toEqual(expect.arrayContaining([portOf(config.neo4j.uri), 7474]));
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(compose.services.redis?.ports).toBeUndefined();
    // The API's published port is the one it listens on; the worker's health port is its default
    // and the one the Dockerfile's probe falls back on.
    expect((compose.services.api?.ports ?? []).map(containerPort)).toEqual([config.api.port]);
    expect(compose.services.worker?.ports).toBeUndefined();
    expect(dockerfile).toContain(`process.env.LIMBIC_WORKER_PORT||${config.worker.port}`);
    expect(dockerfile).toContain(`process.env.LIMBIC_PORT||${config.api.port}`);
    // Published on loopback only, on the ports the README's defaults name (Bolt 7687, HTTP 7474, API 4000).
    const published = ['neo4j', 'api'].flatMap((s) => compose.services[s]?.ports ?? []);
    for (const p of published) expect(p).toMatch(/^127\.0\.0\.1:/);
    expect(published.map(hostPort).sort()).toEqual([4000, 7474, 7687]);
    const documented = tableRows(readme, '## Configuration');
    expect(documented.get('NEO4J_URI')).toContain(':7687');
    expect(documented.get('REDIS_URL')).toContain(':6379');
    expect(documented.get('LIMBIC_PORT')).toContain('4000');
    expect(documented.get('LIMBIC_WORKER_PORT')).toContain(String(config.worker.port));
    // The Neo4j password the app uses is the one the image is initialised with and probed by.
    const auth = String(compose.services.neo4j?.environment?.NEO4J_AUTH ?? '');
    expect(interpolate(auth)).toBe(`${config.neo4j.user}/${config.neo4j.password}`);
    expect(compose.services.neo4j?.healthcheck?.test?.map(interpolate)).toEqual(expect.arrayContaining([config.neo4j.user, config.neo4j.password]));
  });

  it('embeds with the real model, which the Dockerfile bakes into both images', () => {
    const config = loadConfig(Object.fromEntries(Object.entries(envOf('api')).map(([k, v]) => [k, interpolate(v)])));
    expect(config.embedder.kind).toBe('local');
    const model = config.embedder.local.model;
    for (const name of app) expect({ name, model: compose.services[name]?.build?.args?.LIMBIC_EMBEDDER_MODEL }).toEqual({ name, model });
    expect(dockerfile).toMatch(new RegExp(`^ARG LIMBIC_EMBEDDER_MODEL=${model.replace(/\./g, '\\.')}$`, 'm'));
    expect(dockerfile).toMatch(/^RUN bash scripts\/fetch-model\.sh "\$LIMBIC_EMBEDDER_MODEL"$/m);
    // Copied into the stage both targets build on.
    const runtime = dockerfile.slice(dockerfile.indexOf(' AS runtime'), dockerfile.indexOf(' AS worker'));
    expect(runtime).toContain('COPY --from=model /app/models ./models');
  });
});
