import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EDGE_TYPES } from '@limbic/affect';
import { generatedFragments, loadFragments } from './cypher-fragments';
import { findCypherDir } from './cypher-dir';
import { memoryFilterCypher } from './memory-filter';
import { QUERY_NAMES } from './query-names';
import { QueryRegistry, QueryRegistryError } from './query-registry';
import { readMigrations } from './migration-runner';

/** A `cypher/` folder of its own: `queries/` and `fragments/` with the given files. */
function cypherDir(queries: Record<string, string>, fragments: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'limbic-q-'));
  for (const [folder, files] of [['queries', queries], ['fragments', fragments]] as const) {
    mkdirSync(join(root, folder));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, folder, `${name}.cypher`), text);
  }
  return join(root, 'queries');
}

const NO_GENERATED = new Map<string, string>();

describe('QueryRegistry', () => {
  it('loads every named query of the repository, and nothing else is in its folders', () => {
    const registry = QueryRegistry.loadAll(join(findCypherDir(), 'queries'), QUERY_NAMES);
    for (const name of QUERY_NAMES) expect(registry.get(name)).toMatch(/^CYPHER 25\n\S/);
  });

  it('sends no include to Neo4j: every query of the repository is resolved', () => {
    const registry = QueryRegistry.loadAll(join(findCypherDir(), 'queries'), QUERY_NAMES);
    for (const name of QUERY_NAMES) expect({ name, unresolved: registry.get(name).includes('{{') }).toEqual({ name, unresolved: false });
  });

  it('refuses to start when a query file is missing, naming it', () => {
    const dir = cypherDir({ 'health.ping': 'RETURN 1 AS ok' });
    expect(() => QueryRegistry.load(dir, ['health.ping', 'agent.create'])).toThrow(QueryRegistryError);
    expect(() => QueryRegistry.load(dir, ['health.ping', 'agent.create'])).toThrow(/agent\.create\.cypher/);
  });

  it('strips whole-line comments but keeps the query', () => {
    const dir = cypherDir({ 'health.ping': '// why this query exists\nRETURN 1 AS ok\n' });
    expect(QueryRegistry.load(dir, ['health.ping']).get('health.ping')).toBe('CYPHER 25\nRETURN 1 AS ok');
  });

  it('resolves includes of fragment files (their comments stripped) and of generated fragments', () => {
    const dir = cypherDir({ 'health.ping': '// {{not-an-include}} in a comment\nMATCH ()-[r:{{resonance-types}}]-()\n{{tail}}' }, { tail: '// why the tail\nRETURN count(r) AS ok\n' });
    expect(QueryRegistry.load(dir, ['health.ping']).get('health.ping')).toBe(`CYPHER 25\nMATCH ()-[r:${EDGE_TYPES.join('|')}]-()\nRETURN count(r) AS ok`);
  });

  it('refuses to start on a missing fragment, naming it', () => {
    const dir = cypherDir({ 'health.ping': 'RETURN {{one}} AS ok' });
    expect(() => QueryRegistry.load(dir, ['health.ping'], loadFragments(join(dir, '..', 'fragments'), NO_GENERATED))).toThrow(/health\.ping includes \{\{one\}\}, but there is no fragment one/);
  });

  it('refuses to start on a query file no name lists', () => {
    const dir = cypherDir({ 'health.ping': 'RETURN 1 AS ok', 'health.pong': 'RETURN 2 AS ok' });
    expect(() => QueryRegistry.loadAll(dir, ['health.ping'], NO_GENERATED)).toThrow(QueryRegistryError);
    expect(() => QueryRegistry.loadAll(dir, ['health.ping'], NO_GENERATED)).toThrow(/query files no query name lists \(query-names\/\): health\.pong\.cypher$/);
    expect(QueryRegistry.load(dir, ['health.ping'], NO_GENERATED).get('health.ping')).toBe('CYPHER 25\nRETURN 1 AS ok');
  });

  it('refuses to start on a fragment no query includes, a file or a generated one', () => {
    const dir = cypherDir({ 'health.ping': 'RETURN {{used}} AS ok' }, { used: '1', unused: '2' });
    const fragments = loadFragments(join(dir, '..', 'fragments'), new Map([['made', '3']]));
    expect(() => QueryRegistry.loadAll(dir, ['health.ping'], fragments)).toThrow(/fragments no query includes: made, unused$/);
  });

  it('counts a fragment reached only through another fragment as used', () => {
    const dir = cypherDir({ 'health.ping': 'RETURN {{outer}} AS ok' }, { outer: '{{inner}} + 1', inner: '1' });
    expect(QueryRegistry.loadAll(dir, ['health.ping'], loadFragments(join(dir, '..', 'fragments'), NO_GENERATED)).get('health.ping')).toBe('CYPHER 25\nRETURN 1 + 1 AS ok');
  });

  it('refuses a fragment file that takes the name of a generated one', () => {
    const dir = cypherDir({ 'health.ping': 'RETURN 1 AS ok' }, { 'resonance-types': 'X' });
    expect(() => loadFragments(join(dir, '..', 'fragments'))).toThrow(/fragment resonance-types is generated from code/);
  });

  it('generates the resonance edge types from libs/affect as a relationship alternation and as a list', () => {
    const generated = generatedFragments();
    expect(generated.get('resonance-types')).toBe('SEMANTIC|EMOTIONAL|TEMPORAL|CAUSAL|CONTRASTIVE');
    expect(generated.get('resonance-type-list')).toBe("['SEMANTIC', 'EMOTIONAL', 'TEMPORAL', 'CAUSAL', 'CONTRASTIVE']");
  });

  it('spells no resonance edge type list in a query file: they include the generated fragments', () => {
    const dir = join(findCypherDir(), 'queries');
    for (const name of QUERY_NAMES) {
      const text = readFileSync(join(dir, `${name}.cypher`), 'utf8');
      expect({ name, spelled: /SEMANTIC\s*\||'SEMANTIC',/.test(text) }).toEqual({ name, spelled: false });
    }
  });

  it('spells no memory filter in a query file or fragment file: every reader of $filter includes the generated predicate whole', () => {
    const files = [
      ...QUERY_NAMES.map((name) => join(findCypherDir(), 'queries', `${name}.cypher`)),
      ...readdirSync(join(findCypherDir(), 'fragments')).map((f) => join(findCypherDir(), 'fragments', f)),
    ];
    const registry = QueryRegistry.load(join(findCypherDir(), 'queries'), QUERY_NAMES);
    const conditions = memoryFilterCypher('X').split('\n').length;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect({ file, spelled: /\$filter\.(tagsAny|tagsAll|metadataPairs|after|before)\b/.test(text) }).toEqual({ file, spelled: false });
    }
    // Each query that reads a condition of the filter reads all of them (the six lines spliced in).
    for (const name of QUERY_NAMES) {
      const text = registry.get(name);
      const read = new Set([...text.matchAll(/\$filter\.(scope|tagsAny|tagsAll|after|before|metadataPairs)\b/g)].map((m) => m[1]));
      if (read.size > 0) expect({ name, read: read.size }).toEqual({ name, read: conditions });
    }
  });

  /**
   * System sweeps run for the worker across tenants (Neo4j is the source of truth for
   * pending work); each row they return, or take, carries its tenant, and the job it
   * becomes is scoped to it.
   */
  const SYSTEM_SWEEPS = new Set(['appraisal.find-pending', 'consolidation.find-due', 'consolidation.find-unscheduled', 'consolidation.set-schedules']);

  /** Index maintenance reads a count over all tenants and returns that number only. */
  const COUNTS_ONLY = new Set(['index.memory-count']);

  /** Schema statements (a slot's vector index), run through runRaw: no data, no tenant. */
  const SCHEMA = new Set(['reembed.create-index', 'reembed.drop-index', 'reembed.drop-legacy-index', 'reembed.drop-filtered-index']);

  it('filters every tenant-data query by the tenant parameter', () => {
    const registry = QueryRegistry.load(join(findCypherDir(), 'queries'), QUERY_NAMES);
    for (const name of QUERY_NAMES) {
      const text = registry.get(name);
      if (!/\b(Memory|Agent|Goal|Concept)\b/.test(text)) continue;
      if (SCHEMA.has(name)) continue;
      if (COUNTS_ONLY.has(name)) {
        expect({ name, returns: /RETURN count\(\w+\) AS \w+\s*$/.test(text) }).toEqual({ name, returns: true });
        continue;
      }
      const scoped = SYSTEM_SWEEPS.has(name) ? /tenantId/.test(text) : /\$tenantId/.test(text);
      expect({ name, scoped }).toEqual({ name, scoped: true });
    }
  });
});

describe('readMigrations', () => {
  it('orders schema files and splits statements', () => {
    const ms = readMigrations(join(findCypherDir(), 'schema'));
    expect(ms.map((m) => m.id)).toEqual([...ms.map((m) => m.id)].sort());
    expect(ms[0]?.statements.length).toBeGreaterThan(1);
    for (const m of ms) for (const s of m.statements) expect(s).not.toMatch(/;\s*$/);
  });
});
