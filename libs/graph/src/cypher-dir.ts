import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * Finds the repository's `cypher/` folder by walking up from this file, so the same code
 * works from `src/` under ts-jest, from `dist/` and inside the Docker image (`/app/cypher`).
 */
export function findCypherDir(start: string = __dirname): string {
  let dir = resolve(start);
  for (;;) {
    const candidate = join(dir, 'cypher');
    if (existsSync(join(candidate, 'queries')) && existsSync(join(candidate, 'schema'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cypher/ folder not found above ${start}`);
    dir = parent;
  }
}
