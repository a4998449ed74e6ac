export * from './embedder.port';
export * from './hash.embedder';
export * from './openai.embedder';
export * from './local.embedder';
export * from './local-model';
export * from './create-embedder';
export * from './embeddings.module';
export * from './embedder-pool';
