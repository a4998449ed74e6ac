import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Waits until the project's local Neo4j (runtime/neo4j, found by its pid file) has used less
 * than 0.15 of a core over 5 s, or `maxSeconds` pass; returns the seconds waited, or null when
 * there is no local runtime (NEO4J_URI pointing elsewhere: nothing to watch).
 *
 * Every write transaction adds a Lucene segment to the vector index, and Lucene merges them in
 * background threads (merge factor 10, see runtime/neo4j/conf/neo4j.conf), rebuilding HNSW
 * graphs for seconds after a bulk write. A phase measured while the previous phase's merges
 * still run measures a core busy with them; benches wait between phases, never inside one.
 */
export async function waitForNeo4jIdle(root: string, maxSeconds: number): Promise<number | null> {
  let pid: string;
  try {
    pid = readFileSync(join(root, 'runtime', 'neo4j', 'run', 'neo4j.pid'), 'utf8').trim();
  } catch {
    return null;
  }
  const cpuTicks = (): number | null => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (100/s)
    } catch {
      return null;
    }
  };
  const started = performance.now();
  for (;;) {
    const before = cpuTicks();
    await new Promise((r) => setTimeout(r, 5000));
    const after = cpuTicks();
    const waited = (performance.now() - started) / 1000;
    if (before === null || after === null) return null;
    if ((after - before) / 100 / 5 < 0.15 || waited >= maxSeconds) return waited;
  }
}
