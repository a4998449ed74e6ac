import { QueryRegistryError } from './query-registry.errors';

/**
 * `{{name}}` in a query or a fragment stands for the text of fragment `name`. It is never valid
 * Cypher, so an include that escaped resolution could not reach Neo4j as something else.
 */
const INCLUDE = /\{\{([a-z][a-z0-9-]*)\}\}/g;

/** Fragment texts by name, comments already stripped. */
export type Fragments = ReadonlyMap<string, string>;

export interface ResolvedText {
  readonly text: string;
  /** Every fragment the text reached, directly or through another fragment. */
  readonly used: ReadonlySet<string>;
}

/**
 * Replaces every include of `text` (the query `owner`) with its fragment, fragments inside
 * fragments too. Text only: a fragment is spliced in as written, so it holds Cypher and
 * parameter names, never values. Nesting is bounded by the cycle check (a fragment met again
 * on its own include path is refused), so resolution always ends.
 */
export function resolveIncludes(owner: string, text: string, fragments: Fragments): ResolvedText {
  const used = new Set<string>();
  const expand = (source: string, path: readonly string[]): string =>
    source.replace(INCLUDE, (_match, name: string) => {
      if (path.includes(name)) throw new QueryRegistryError(`${owner}: fragments include each other: ${[...path, name].join(' → ')}`);
      const fragment = fragments.get(name);
      if (fragment === undefined) {
        const from = path.at(-1) ?? owner;
        throw new QueryRegistryError(`${from === owner ? owner : `fragment ${from} (in ${owner})`} includes {{${name}}}, but there is no fragment ${name} (cypher/fragments/${name}.cypher)`);
      }
      used.add(name);
      return expand(fragment, [...path, name]);
    });
  const resolved = expand(text, []);
  if (resolved.includes('{{')) throw new QueryRegistryError(`${owner}: "{{" that is no include of a fragment (names are lower-case words joined by "-")`);
  return { text: resolved, used };
}

/**
 * A fragment may be spliced into the middle of a line, where an end-of-line `//` comment of its
 * own would comment out the rest of that line: its comments go on lines of their own.
 */
export function checkFragment(name: string, text: string): string {
  if (text.includes('//')) throw new QueryRegistryError(`fragment ${name} has a "//" comment after code; put comments on lines of their own`);
  return text;
}
