/** Command-line flags of a bench script: `--name value` pairs and bare `--flag`s. */
const argv = process.argv.slice(2);

/** The value after `--name`, or `fallback` when the flag is absent or has no value. */
export function arg(name: string, fallback: string): string {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? (argv[i + 1] as string) : fallback;
}

/** Whether the bare `--name` was given. */
export function flag(name: string): boolean {
  return argv.includes(`--${name}`);
}

/** A whole-number option's value, or an error naming the flag. */
export function intOption(name: string, value: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
  return n;
}
