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
