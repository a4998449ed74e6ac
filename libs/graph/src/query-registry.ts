import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { swapSlot, type EmbeddingSlot } from './embedding-space/embedding-slot';
import type { QueryName } from './query-names';

export class QueryRegistryError extends Error {
  constructor(readonly missing: readonly string[], dir: string) {
    super(`Missing Cypher query files in ${dir}: ${missing.map((m) => `${m}.cypher`).join(', ')}`);
    this.name = 'QueryRegistryError';
  }
}

/**
 * Every query runs as Cypher 25 whatever the database's default language (Neo4j 2026 databases
 * still default to Cypher 5, where SEARCH, dynamic labels and types do not exist); the files
 * hold the query only, the version is said here once.
 */
export const QUERY_LANGUAGE = 'CYPHER 25';

/**
 * Query text by name, loaded once at boot from `cypher/queries/`. Each query that touches a
 * vector also gets its `embeddingAlt` variant (embedding-slot.ts swapSlot), made here once, so
 * the executor picks the text of the tenant's active slot with one map lookup.
 */
export class QueryRegistry {
  private readonly alt = new Map<string, string>();

  private constructor(private readonly texts: ReadonlyMap<string, string>) {
    for (const [name, text] of texts) {
      const swapped = swapSlot(text);
      if (swapped !== text) this.alt.set(name, swapped);
    }
  }

  static load(dir: string, names: readonly string[]): QueryRegistry {
    const missing = names.filter((n) => !existsSync(join(dir, `${n}.cypher`)));
    if (missing.length > 0) throw new QueryRegistryError(missing, dir);
    const texts = new Map<string, string>();
    for (const n of names) texts.set(n, `${QUERY_LANGUAGE}\n${stripComments(readFileSync(join(dir, `${n}.cypher`), 'utf8'))}`);
    return new QueryRegistry(texts);
  }

  /** Files present on disk that no code names: usually a leftover after a rename. */
  static unused(dir: string, names: readonly string[]): string[] {
    const known = new Set(names);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.cypher'))
      .map((f) => f.slice(0, -'.cypher'.length))
      .filter((n) => !known.has(n));
  }

  get(name: QueryName, slot: EmbeddingSlot = 'embedding'): string {
    const text = (slot === 'embeddingAlt' ? this.alt.get(name) : undefined) ?? this.texts.get(name);
    if (text === undefined) throw new Error(`query ${name} is not registered`);
    return text;
  }
}

/** Drops whole-line `//` comments so the text sent to Neo4j (and its query log) stays lean. */
function stripComments(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n')
    .trim();
}
