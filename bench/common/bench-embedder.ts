import { loadConfig } from '@limbic/config';
import { createEmbedder, type Embedder } from '@limbic/embeddings';

export type EmbedderChoice = 'auto' | 'local' | 'hash';

export function parseEmbedderChoice(value: string): EmbedderChoice {
  if (value !== 'auto' && value !== 'local' && value !== 'hash') throw new Error('--embedder must be auto, local or hash');
  return value;
}

/**
 * The server's embedder for the in-process cosine baseline: the same settings and the same
 * resolution of `auto`, from the same environment (LIMBIC_MODEL_DIR and the rest).
 */
export function benchEmbedder(choice: EmbedderChoice, log: (msg: string) => void): Embedder {
  const config = loadConfig({ ...process.env, LIMBIC_EMBEDDER: choice });
  return createEmbedder(config.embedder, { log: (m) => log(m), warn: (m) => log(`WARNING ${m}`) });
}
