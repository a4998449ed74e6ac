import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { findCypherDir } from './cypher-dir';
import { QUERY_NAMES } from './query-names';

/**
 * On a cluster (a `neo4j://` URI) the driver routes a READ unit to a follower or read replica,
 * which refuses any write ("Writing in read access mode not allowed"); a single server, like
 * the one every e2e test runs on, accepts it. So this reads the code for the queries that run
 * in READ units — every executor `read(...)` and everything a recall reads in its `readTx`
 * (RecallUnit, AgentVectorSearch) — and fails when one of them writes.
 */
const ROOT = join(__dirname, '..', '..', '..');
const queriesDir = join(findCypherDir(), 'queries');
const KNOWN = new Set<string>(QUERY_NAMES);

/** The query's clauses, without comments and string literals (a word in a string is no clause). */
const clauses = (name: string): string =>
  readFileSync(join(queriesDir, `${name}.cypher`), 'utf8')
    .replace(/\/\/.*$/gm, '')
    .replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, "''");

const WRITE_CLAUSE = /\b(CREATE|MERGE|SET|DELETE|REMOVE|FOREACH|LOAD\s+CSV)\b/i;
const writes = (name: string): boolean => WRITE_CLAUSE.test(clauses(name));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Query names given as a literal first argument to `.read(` / `.read<…>(` anywhere in the code. */
function namesReadByExecutor(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of [...sourceFiles(join(ROOT, 'libs')), ...sourceFiles(join(ROOT, 'apps'))]) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\.read(?:<[^>]*(?:<[^>]*>[^>]*)*>)?\(\s*'([a-z0-9.-]+)'/g)) {
      if (KNOWN.has(m[1]!)) found.set(m[1]!, file.slice(ROOT.length + 1));
    }
  }
  return found;
}

/** Query names that appear as string literals in a stretch of source. */
const namesIn = (source: string): string[] => [...source.matchAll(/'([a-z0-9.-]+)'/g)].map((m) => m[1]!).filter((n) => KNOWN.has(n));

describe('queries run in READ units do not write (they may run on a follower of a cluster)', () => {
  it('tells writing queries from reading ones (the check sees what it must)', () => {
    for (const name of ['recall-effects.record', 'encode.create-memories', 'lifecycle.delete-owned-batch', 'migration.record']) {
      expect({ name, writes: writes(name) }).toEqual({ name, writes: true });
    }
    for (const name of ['recall.prelude', 'vector.agent-nearest-filtered', 'migration.pending-indexes']) expect({ name, writes: writes(name) }).toEqual({ name, writes: false });
  });

  it('every query the executor runs with read(...) only reads', () => {
    const read = namesReadByExecutor();
    // The scan must find the reads we know of, or it proves nothing.
    for (const known of ['appraisal.find-pending', 'consolidation.find-due', 'migration.pending-indexes', 'health.ping']) expect({ known, found: read.has(known) }).toEqual({ known, found: true });
    expect([...read].filter(([name]) => writes(name)).map(([name, file]) => `${name} (${file})`)).toEqual([]);
  });

  it('everything a recall runs in its READ transaction only reads', () => {
    const recall = readFileSync(join(__dirname, 'repositories', 'recall.repository.ts'), 'utf8');
    const reader = recall.slice(recall.indexOf('export class RecallUnit'), recall.indexOf('export class RecallRepository'));
    expect(recall).toMatch(/this\.db\.readTx\('recall', \(tx\) => work\(new RecallUnit\(tx,/);
    const names = [...namesIn(reader), ...namesIn(readFileSync(join(__dirname, 'agent-vector-search.ts'), 'utf8'))];
    for (const known of ['recall.prelude', 'recall.candidates', 'spread.activate', 'vector.index-state']) expect(names).toContain(known);
    expect(names.filter(writes)).toEqual([]);
  });
});
