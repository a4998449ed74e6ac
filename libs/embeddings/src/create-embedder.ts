import { Logger } from '@nestjs/common';
import type { EmbedderSettings } from '@limbic/config';
import type { Embedder } from './embedder.port';
import { HashEmbedder } from './hash.embedder';
import { LocalEmbedder } from './local.embedder';
import { resolveEmbedderKind } from './local-model';
import { OpenAiEmbedder } from './openai.embedder';

export interface EmbedderLog {
  log(message: string): void;
  warn(message: string): void;
}

/** Builds the configured embedder; `auto` becomes the local model when present, else hash (warned about loudly). */
export function createEmbedder(settings: EmbedderSettings, log: EmbedderLog = new Logger('Embeddings')): Embedder {
  const resolved = resolveEmbedderKind(settings);
  if (resolved.warning) log.warn(`${'!'.repeat(12)} ${resolved.warning} ${'!'.repeat(12)}`);
  switch (resolved.kind) {
    case 'hash':
      return new HashEmbedder(settings.hashDimension);
    case 'openai':
      return new OpenAiEmbedder(settings.openai);
    case 'local': {
      const embedder = new LocalEmbedder({
        modelDir: resolved.modelDir!,
        batchSize: settings.local.batchSize,
        threads: settings.local.threads,
      });
      log.log(`embedder ${embedder.name} (${embedder.modelFileName}, ${embedder.dimension}-d, batch ${settings.local.batchSize})`);
      return embedder;
    }
  }
}
