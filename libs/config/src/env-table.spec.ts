import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { envSchema } from './config.schema';
import { env, flatSchema, readTable } from './env-table';
import { RENAMED_VARIABLES, RETIRED_VARIABLES } from './retired-variables';

describe('the configuration table', () => {
  it('reads each variable into its place in the nested object, validated under its own name', () => {
    const table = { a: env('A', z.coerce.number().default(1)), section: { b: env('B', z.string().default('x')) } };
    const schema = flatSchema(table);
    expect(readTable(table, schema.parse({ B: 'y' }))).toEqual({ a: 1, section: { b: 'y' } });
    const failed = schema.safeParse({ A: 'one' });
    expect(failed.success ? [] : failed.error.issues.map((i) => i.path.join('.'))).toEqual(['A']);
  });

  it('refuses a variable named twice', () => {
    expect(() => flatSchema({ a: env('A', z.string()), b: { c: env('A', z.string()) } })).toThrow(/A appears twice/);
  });

  it('is documented: every variable, renamed and removed one has a row in the README’s configuration table', () => {
    const readme = readFileSync(join(__dirname, '..', '..', '..', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('\n## Configuration\n'), readme.indexOf('\n## ', readme.indexOf('\n## Configuration\n') + 5));
    const documented = new Set([...section.matchAll(/^\| ([^|]+) \|/gm)].flatMap((row) => [...row[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!)));
    const names = [...Object.keys(envSchema.shape), ...Object.keys(RETIRED_VARIABLES), ...Object.keys(RENAMED_VARIABLES)];
    expect(names.filter((name) => !documented.has(name))).toEqual([]);
  });
});
