export * from './embedding-slot';
export * from './embedding-space';
export * from './embedding-spaces';
export * from './space-embedder';
