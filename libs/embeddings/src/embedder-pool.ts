import { join } from 'node:path';
import { LOCAL_MODELS, type EmbedderSettings, type LocalModel } from '@limbic/config';
import { EmbeddingError, type Embedder } from './embedder.port';
import { HashEmbedder } from './hash.embedder';
import { LocalEmbedder } from './local.embedder';
import { findRepoRoot } from './local-model';

/** Injection token for the process's EmbedderPool. */
export const EMBEDDER_POOL = Symbol('EMBEDDER_POOL');

/** A model a store can be moved to, as `npm run reembed -- --model` names it. */
export class UnknownModelError extends Error {
  constructor(readonly model: string) {
    super(`unknown embedding model "${model}": use ${LOCAL_MODELS.join(', ')} or hash-<dimension> (16…4096)`);
    this.name = 'UnknownModelError';
  }
}

/**
 * An embedder name (`local:bge-small-en-v1.5`, `hash-256`) from what a user types: a local model's
 * bare name, its full name, or `hash-<dimension>`. Throws UnknownModelError.
 */
export function embedderNameOf(model: string): string {
  const bare = model.startsWith('local:') ? model.slice('local:'.length) : model;
  if ((LOCAL_MODELS as readonly string[]).includes(bare)) return `local:${bare}`;
  const hash = /^hash-(\d+)$/.exec(model);
  if (hash && Number(hash[1]) >= 16 && Number(hash[1]) <= 4096) return model;
  throw new UnknownModelError(model);
}

/**
 * One embedder per model name, made on first use: the API needs the model of each tenant's
 * active slot (which may differ from the configured one while a store is being moved), the
 * worker the target model of a re-embed run. The configured embedder is reused as it is,
 * so an OpenAI embedder (which this pool cannot make from a name) still serves its own name.
 */
export class EmbedderPool {
  private readonly made = new Map<string, Embedder>();

  constructor(
    readonly configured: Embedder,
    private readonly settings: Pick<EmbedderSettings, 'local'>,
    private readonly root: () => string = () => findRepoRoot(),
  ) {
    this.made.set(configured.name, configured);
  }

  get(name: string): Embedder {
    const known = this.made.get(name);
    if (known) return known;
    const embedder = this.make(name);
    this.made.set(name, embedder);
    return embedder;
  }

  private make(name: string): Embedder {
    const canonical = embedderNameOf(name);
    if (canonical.startsWith('hash-')) return new HashEmbedder(Number(canonical.slice('hash-'.length)));
    const model = canonical.slice('local:'.length) as LocalModel;
    // The configured folder serves the configured model; any other local model lives in models/<name>.
    const modelDir = join(this.root(), 'models', model);
    const embedder = new LocalEmbedder({ modelDir, batchSize: this.settings.local.batchSize, threads: this.settings.local.threads });
    if (embedder.name !== canonical) throw new EmbeddingError(`model folder ${modelDir} names itself ${embedder.name}, not ${canonical}`, false);
    return embedder;
  }
}
