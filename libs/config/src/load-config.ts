import { ConfigError } from './config.error';
import { CONFIG_TABLE, envSchema } from './config.schema';
import { LOCAL_TENANT } from './config.constants';
import type { LimbicConfig } from './config.types';
import { deriveConfig } from './derive-config';
import { readTable } from './env-table';
import { RENAMED_VARIABLES, RETIRED_VARIABLES } from './retired-variables';

/** Where a deprecation goes; the config module logs it, a test can collect it. */
export type ConfigWarn = (message: string) => void;

/**
 * Validates the environment once into a typed, frozen config. Throws a ConfigError naming
 * every bad variable, so a misconfigured process stops before it touches any store.
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>>, warn: ConfigWarn = () => undefined): LimbicConfig {
  // Empty strings mean "unset" so that `FOO= npm start` falls back to the default.
  const cleaned: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined && value !== '') cleaned[name] = value;

  const problems: string[] = [];
  for (const [name, message] of Object.entries(RETIRED_VARIABLES)) {
    const value = cleaned[name];
    if (value !== undefined) problems.push(`${name}: ${message(value)}`);
  }
  for (const [old, current] of Object.entries(RENAMED_VARIABLES)) {
    const value = cleaned[old];
    if (value === undefined) continue;
    if (cleaned[current] !== undefined) {
      problems.push(`${old}, ${current}: ${old} is the old name of ${current}; set only ${current}`);
    } else {
      warn(`${old} is deprecated and will be refused in the next release; rename it to ${current}`);
      cleaned[current] = value;
    }
  }

  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) problems.push(...parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);

  const config = deriveConfig(readTable(CONFIG_TABLE, parsed.data), problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}

export { LOCAL_TENANT };
