import { Global, Module } from '@nestjs/common';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { createEmbedder } from './create-embedder';
import { EMBEDDER } from './embedder.port';

@Global()
@Module({
  providers: [{ provide: EMBEDDER, inject: [LIMBIC_CONFIG], useFactory: (c: LimbicConfig) => createEmbedder(c.embedder) }],
  exports: [EMBEDDER],
})
export class EmbeddingsModule {}
