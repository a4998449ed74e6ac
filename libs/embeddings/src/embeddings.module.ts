import { Global, Module } from '@nestjs/common';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { createEmbedder } from './create-embedder';
import { EmbedderPool, EMBEDDER_POOL } from './embedder-pool';
import { CONFIGURED_EMBEDDER, type Embedder } from './embedder.port';

/**
 * The configured embedder (LIMBIC_EMBEDDER…) and the pool of every model the process may need.
 * `EMBEDDER`, the embedder services use, is the tenant-aware one of @limbic/graph
 * (SpaceEmbedder): which model embeds depends on the tenant's active embedding slot.
 */
@Global()
@Module({
  providers: [
    { provide: CONFIGURED_EMBEDDER, inject: [LIMBIC_CONFIG], useFactory: (c: LimbicConfig) => createEmbedder(c.embedder) },
    { provide: EMBEDDER_POOL, inject: [CONFIGURED_EMBEDDER, LIMBIC_CONFIG], useFactory: (e: Embedder, c: LimbicConfig) => new EmbedderPool(e, c.embedder) },
  ],
  exports: [CONFIGURED_EMBEDDER, EMBEDDER_POOL],
})
export class EmbeddingsModule {}
