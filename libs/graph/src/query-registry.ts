import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadFragments } from './cypher-fragments';
import { resolveIncludes, type Fragments } from './cypher-includes';
import { stripComments } from './cypher-text';
import { swapSlot, type EmbeddingSlot } from './embedding-space/embedding-slot';
import type { QueryName } from './query-names';
import { QueryRegistryError } from './query-registry.errors';

export { QueryRegistryError } from './query-registry.errors';

/**
 * Every query runs as Cypher 25 whatever the database's default language (Neo4j 2026 databases
 * still default to Cypher 5, where SEARCH, dynamic labels and types do not exist); the files
 * hold the query only, the version is said here once.
 */
export const QUERY_LANGUAGE = 'CYPHER 25';

/** `cypher/fragments/` beside `cypher/queries/`. */
export function fragmentsBeside(queriesDir: string): string {
  return join(dirname(queriesDir), 'fragments');
}

/**
 * Query text by name, loaded once at boot from `cypher/queries/`, its `{{fragment}}` includes
 * resolved (cypher-includes.ts), so what runs, what is logged and what the EXPLAIN test plans
 * is the whole text. Each query that touches a vector also gets its `embeddingAlt` variant
 * (embedding-slot.ts swapSlot), made here once, so the executor picks the text of the tenant's
 * active slot with one map lookup.
 */
export class QueryRegistry {
  private readonly alt = new Map<string, string>();

  private constructor(private readonly texts: ReadonlyMap<string, string>) {
    for (const [name, text] of texts) {
      const swapped = swapSlot(text);
      if (swapped !== text) this.alt.set(name, swapped);
    }
  }

  /** The named queries; what else the folders hold is not looked at (tests load a few). */
  static load(dir: string, names: readonly string[], fragments: Fragments = loadFragments(fragmentsBeside(dir))): QueryRegistry {
    return new QueryRegistry(readQueries(dir, names, fragments).texts);
  }

  /**
   * Start-up: the named queries, and nothing else in the folders. A query file no name lists,
   * or a fragment no query includes, is a leftover of a rename or a query that silently stopped
   * running, so it stops start-up as a missing one does.
   */
  static loadAll(dir: string, names: readonly string[], fragments: Fragments = loadFragments(fragmentsBeside(dir))): QueryRegistry {
    const { texts, used } = readQueries(dir, names, fragments);
    const known = new Set(names);
    const unusedFiles = readdirSync(dir)
      .filter((f) => f.endsWith('.cypher') && !known.has(f.slice(0, -'.cypher'.length)))
      .sort();
    const unusedFragments = [...fragments.keys()].filter((f) => !used.has(f)).sort();
    const problems = [
      ...(unusedFiles.length > 0 ? [`query files no query name lists (query-names/): ${unusedFiles.join(', ')}`] : []),
      ...(unusedFragments.length > 0 ? [`fragments no query includes: ${unusedFragments.join(', ')}`] : []),
    ];
    if (problems.length > 0) throw new QueryRegistryError(`Unused Cypher in ${dirname(dir)}: ${problems.join('; ')}`);
    return new QueryRegistry(texts);
  }

  get(name: QueryName, slot: EmbeddingSlot = 'embedding'): string {
    const text = (slot === 'embeddingAlt' ? this.alt.get(name) : undefined) ?? this.texts.get(name);
    if (text === undefined) throw new Error(`query ${name} is not registered`);
    return text;
  }
}

function readQueries(dir: string, names: readonly string[], fragments: Fragments): { texts: Map<string, string>; used: Set<string> } {
  const missing = names.filter((n) => !existsSync(join(dir, `${n}.cypher`)));
  if (missing.length > 0) throw new QueryRegistryError(`Missing Cypher query files in ${dir}: ${missing.map((m) => `${m}.cypher`).join(', ')}`);
  const texts = new Map<string, string>();
  const used = new Set<string>();
  for (const n of names) {
    const resolved = resolveIncludes(n, stripComments(readFileSync(join(dir, `${n}.cypher`), 'utf8')), fragments);
    for (const f of resolved.used) used.add(f);
    texts.set(n, `${QUERY_LANGUAGE}\n${resolved.text}`);
  }
  return { texts, used };
}
