import type { Command } from 'commander';
import type { ReembedArgs } from '../../reembed-args';

/**
 * `limbic reembed`: the admin command of `npm run reembed`, same options. It works on Neo4j and
 * Redis directly (their usual environment: NEO4J_URI, REDIS_URL, LIMBIC_API_KEYS), not through
 * the API, so --url and --api-key do not apply. Loaded only when run: it brings up Nest.
 */
export function registerReembedCommand(program: Command, setExitCode: (code: number) => void): void {
  program
    .command('reembed')
    .description('admin: move tenants to another embedding model, then follow the runs (talks to Neo4j and Redis, not the API)')
    .option('--model <model>', 'bge-small-en-v1.5, all-MiniLM-L6-v2 or hash-<dim> (default: the configured embedder)')
    .option('--tenant <tenant>', 'one tenant (default: every tenant of LIMBIC_API_KEYS)')
    .option('--status', 'print the runs once, start nothing')
    .action(async (o: { model?: string; tenant?: string; status?: boolean }) => {
      const args: ReembedArgs = { model: o.model ?? null, tenant: o.tenant ?? null, status: o.status === true };
      const { runReembed } = await import('../../reembed.js');
      setExitCode(await runReembed(args));
    });
}
