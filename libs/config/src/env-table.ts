import { z } from 'zod';

/** One environment variable: its name and the zod schema that validates it, default included. */
export class EnvVar<S extends z.ZodType = z.ZodType> {
  constructor(
    readonly name: string,
    readonly schema: S,
  ) {}
}

export const env = <S extends z.ZodType>(name: string, schema: S): EnvVar<S> => new EnvVar(name, schema);

/** Sections of variables, nested like the configuration object they produce. */
export interface EnvTable {
  readonly [key: string]: EnvVar | EnvTable;
}

/** The object a table reads into: each variable's parsed value at its place in the table. */
export type FromTable<T> = { [K in keyof T]: T[K] extends EnvVar<infer S> ? z.output<S> : FromTable<T[K]> };

function leaves(table: EnvTable): EnvVar[] {
  return Object.values(table).flatMap((entry) => (entry instanceof EnvVar ? [entry] : leaves(entry)));
}

/**
 * One flat zod object keyed by variable name, so that every issue is reported under the
 * variable an operator sets. A name twice in the table is a programming error.
 */
export function flatSchema(table: EnvTable): z.ZodObject<Record<string, z.ZodType>> {
  const shape: Record<string, z.ZodType> = {};
  for (const variable of leaves(table)) {
    if (variable.name in shape) throw new Error(`${variable.name} appears twice in the configuration table`);
    shape[variable.name] = variable.schema;
  }
  return z.object(shape);
}

/** Places the flat schema's output where the table puts each variable. */
export function readTable<T extends EnvTable>(table: T, values: Readonly<Record<string, unknown>>): FromTable<T> {
  const read = (section: EnvTable): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(section).map(([key, entry]) => [key, entry instanceof EnvVar ? values[entry.name] : read(entry)]),
    );
  // The values were parsed by `flatSchema(table)`, whose schemas FromTable reads its types from.
  return read(table) as FromTable<T>;
}
