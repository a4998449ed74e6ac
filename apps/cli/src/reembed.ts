import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigModule, LIMBIC_CONFIG, LOCAL_TENANT, type LimbicConfig } from '@limbic/config';
import { CONFIGURED_EMBEDDER, EMBEDDER_POOL, EmbeddingsModule, type Embedder, type EmbedderPool } from '@limbic/embeddings';
import { EmbeddingSpaces, GraphModule, isFinished, progressOf, ReembedError, ReembedRepository, startReembed, type ReembedRun } from '@limbic/graph';
import { JobProducer, JobsModule } from '@limbic/jobs';
import { parseReembedArgs, progressBar, type ReembedArgs } from './reembed-args';

@Module({ imports: [ConfigModule, EmbeddingsModule, GraphModule, JobsModule] })
class ReembedCliModule {}

/**
 * `limbic reembed` and `npm run reembed -- [--model M] [--tenant T] [--status]`: starts a run per
 * tenant (one, or every tenant of LIMBIC_API_KEYS) towards M (default: the configured model),
 * then draws each run's progress until done. The work happens in the worker; this only records
 * the runs in Neo4j and adds their first step, so killing this command stops nothing. It talks
 * to Neo4j and Redis as the API does (their environment), not to the API. Resolves with the
 * exit code: 0 done, 1 a run failed, 2 refused (with --tenant).
 */
export async function runReembed(args: ReembedArgs): Promise<number> {
  const app = await NestFactory.createApplicationContext(ReembedCliModule, { logger: ['error', 'warn'] });
  try {
    const config = app.get<LimbicConfig>(LIMBIC_CONFIG);
    const repo = app.get(ReembedRepository);
    const tenants = args.tenant ? [args.tenant] : config.singleTenant ? [LOCAL_TENANT] : [...new Set(config.apiKeys.values())];
    if (!args.status) {
      const model = args.model ?? app.get<Embedder>(CONFIGURED_EMBEDDER).name;
      const deps = { repo, spaces: app.get(EmbeddingSpaces), pool: app.get<EmbedderPool>(EMBEDDER_POOL), now: Date.now() };
      for (const tenantId of tenants) {
        try {
          const started = await startReembed({ tenantId, model }, deps);
          await app.get(JobProducer).enqueueReembedStep({ tenantId, runId: started.runId, step: 0 });
          console.log(`tenant ${tenantId}: ${started.sourceModel} → ${started.targetModel} (${started.targetDimension}-d), run ${started.runId}`);
        } catch (err) {
          if (!(err instanceof ReembedError)) throw err;
          console.error(`tenant ${tenantId}: ${err.code}: ${err.message}`);
          if (args.tenant) return 2;
        }
      }
    }
    return await follow(repo, tenants, args.status);
  } finally {
    await app.close();
  }
}

async function follow(repo: ReembedRepository, tenants: readonly string[], once: boolean): Promise<number> {
  const tty = process.stdout.isTTY;
  for (;;) {
    const runs = (await Promise.all(tenants.map((t) => repo.get(t)))).filter((r): r is ReembedRun => r !== null);
    const lines = runs.map((r) => `${r.tenantId.padEnd(20)} ${progressBar(progressOf(r))} ${r.phase.padEnd(9)} ${r.embedded}/${r.total} memories, ${r.goals}/${r.totalGoals} goals → ${r.targetModel}${r.error ? `  (${r.error})` : ''}`);
    console.log(lines.join('\n'));
    if (once || runs.every((r) => isFinished(r.phase))) return runs.some((r) => r.phase === 'failed') ? 1 : 0;
    await new Promise((r) => setTimeout(r, 1000));
    if (tty) process.stdout.write(`\x1b[${lines.length}A\x1b[J`);
  }
}

if (require.main === module) {
  Promise.resolve()
    .then(() => runReembed(parseReembedArgs(process.argv.slice(2))))
    .then(
      (code) => process.exit(code),
      (err: unknown) => {
        console.error(`reembed: ${(err as Error).message}`);
        process.exit(1);
      },
    );
}
