import { parseStdioArgs, STDIO_USAGE, UsageError } from './stdio-options';
import { runStdioMcpServer } from './stdio-server';

/** `limbic-mcp` / `npm run mcp`: exit 0 when the client ends the session, 2 on a usage error, 1 on failure. */
async function main(): Promise<void> {
  let options;
  try {
    options = parseStdioArgs(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`limbic-mcp: ${err.message}\n`);
    process.exit(2);
  }
  if (options === null) {
    process.stderr.write(`${STDIO_USAGE}\n`);
    return;
  }
  await runStdioMcpServer(options);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`limbic-mcp: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
