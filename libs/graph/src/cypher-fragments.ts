import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EDGE_TYPES, EPISODE } from '@limbic/affect';
import { checkFragment, type Fragments } from './cypher-includes';
import { stripComments } from './cypher-text';
import { memoryFilterCypher } from './memory-filter';
import { memoryRowCypher } from './memory-row';
import { QueryRegistryError } from './query-registry.errors';

const RELATIONSHIP_TYPE = /^[A-Z][A-Z_]*$/;

function relationshipTypes(types: readonly string[]): readonly string[] {
  const bad = types.filter((t) => !RELATIONSHIP_TYPE.test(t));
  if (bad.length > 0) throw new QueryRegistryError(`not a relationship type: ${bad.join(', ')}`);
  return types;
}

/**
 * Fragments made from TypeScript lists at load, so a query and the code can never disagree on
 * them:
 *  - `{{memory-row}}`: a memory as recall reads it (memory-row.ts MEMORY_ROW), over `m`;
 *  - `{{memory-filter}}`, `{{memory-filter-n}}`, `{{memory-filter-hit}}`: a read's `$filter`
 *    (memory-filter.ts memoryFilterCypher) over `m`, `n` and a fulltext hit's `h.node`.
 * The resonance edge types are libs/affect's EDGE_TYPES:
 *  - `{{resonance-types}}`: `SEMANTIC|EMOTIONAL|…`, for a relationship pattern `[r:{{resonance-types}}]`;
 *  - `{{resonance-type-list}}`: `['SEMANTIC', 'EMOTIONAL', …]`, for `type(r) IN …` and checks of a
 *    type held in a value.
 * The fragment file episode-ids walks EPISODE.neighbours links each way as two explicit steps,
 * so loading refuses another value of that constant.
 */
export function generatedFragments(): Fragments {
  if (EPISODE.neighbours !== 2) throw new QueryRegistryError(`EPISODE.neighbours is ${EPISODE.neighbours}; cypher/fragments/episode-ids.cypher walks 2 links each way: change both`);
  const resonance = relationshipTypes(EDGE_TYPES);
  return new Map([
    ['memory-row', memoryRowCypher()],
    ['memory-filter', memoryFilterCypher('m')],
    ['memory-filter-n', memoryFilterCypher('n')],
    ['memory-filter-hit', memoryFilterCypher('h.node')],
    ['resonance-types', resonance.join('|')],
    ['resonance-type-list', `[${resonance.map((t) => `'${t}'`).join(', ')}]`],
  ]);
}

/**
 * The fragment files of `dir` (`<name>.cypher`, comments stripped) beside the generated ones; a
 * file may not take a generated fragment's name. No folder, no file fragments.
 */
export function loadFragments(dir: string, generated: Fragments = generatedFragments()): Fragments {
  const fragments = new Map(generated);
  if (!existsSync(dir)) return fragments;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cypher')).sort()) {
    const name = file.slice(0, -'.cypher'.length);
    if (fragments.has(name)) throw new QueryRegistryError(`fragment ${name} is generated from code (cypher-fragments.ts); ${join(dir, file)} may not define it too`);
    fragments.set(name, checkFragment(name, stripComments(readFileSync(join(dir, file), 'utf8'))));
  }
  return fragments;
}
