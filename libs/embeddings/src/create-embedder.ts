import type { EmbedderSettings } from '@limbic/config';
import type { Embedder } from './embedder.port';
import { HashEmbedder } from './hash.embedder';
import { OpenAiEmbedder } from './openai.embedder';

export function createEmbedder(settings: EmbedderSettings): Embedder {
  switch (settings.kind) {
    case 'hash':
      return new HashEmbedder(settings.hashDimension);
    case 'openai':
      return new OpenAiEmbedder(settings.openai);
  }
}
