import type { Embedder, EmbedderPool } from '@limbic/embeddings';
import { AgentVectorSearch } from '../agent-vector-search';
import { EmbeddingSpaces } from './embedding-spaces';
import { SpaceEmbedder } from './space-embedder';

const SCALES: Record<string, number> = { 'hash-384': 1, 'local:bge-small-en-v1.5': 1.58 };

function fakePool(): EmbedderPool {
  const get = (name: string): Embedder => ({ name, dimension: 384, cosineScale: SCALES[name] ?? 1, embed: () => Promise.resolve([]) });
  return { get } as unknown as EmbedderPool;
}

async function spacesWithMovedTenant(): Promise<EmbeddingSpaces> {
  const spaces = new EmbeddingSpaces({ slot: 'embedding', model: 'hash-384', dimension: 384 });
  spaces.attach(() => Promise.resolve([{ tenantId: 'moved', slot: 'embeddingAlt', model: 'local:bge-small-en-v1.5', dimension: 384 }]));
  await spaces.refresh();
  return spaces;
}

describe('SpaceEmbedder', () => {
  it('takes name and cosine scale from the pinned tenant’s space, the fallback outside a pin', async () => {
    const spaces = await spacesWithMovedTenant();
    const embedder = new SpaceEmbedder(spaces, fakePool());
    expect([embedder.name, embedder.cosineScale]).toEqual(['hash-384', 1]);
    expect(spaces.pin('moved', () => [embedder.name, embedder.cosineScale])).toEqual(['local:bge-small-en-v1.5', 1.58]);
    expect(spaces.pin('never-moved', () => embedder.cosineScale)).toBe(1);
  });

  it('makes AgentVectorSearch.cosine calibrate with the model of the slot the pinned tenant reads', async () => {
    const spaces = await spacesWithMovedTenant();
    const search = new AgentVectorSearch(spaces, new SpaceEmbedder(spaces, fakePool()));
    // Index score 0.9 is raw cosine 0.8: unchanged at scale 1, 1 − 1.58 × 0.2 = 0.684 at bge's.
    expect(spaces.pin('never-moved', () => search.cosine(0.9))).toBeCloseTo(0.8, 10);
    expect(spaces.pin('moved', () => search.cosine(0.9))).toBeCloseTo(0.684, 10);
  });
});
