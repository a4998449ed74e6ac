import { loadMetadata, type MemoryRecord } from '@limbic/graph';
import type { Memory } from './dto/memory.types';

export function toMemory(m: MemoryRecord): Memory {
  return {
    id: m.id,
    agentId: m.agentId,
    externalId: m.externalId,
    content: m.content,
    occurredAt: new Date(m.occurredAt),
    encodedAt: new Date(m.encodedAt),
    valence: m.valence,
    arousal: m.arousal,
    dominance: m.dominance,
    importance: m.importance,
    tags: [...m.tags],
    accessCount: m.accessCount,
    pendingAppraisal: m.pendingAppraisal,
    archived: m.archived,
    embeddingModel: m.embeddingModel,
    scope: m.scope,
    metadata: loadMetadata(m.metadata),
    affectGiven: m.affectGiven,
    hourOfDay: m.hourOfDay,
    sessionStartedAt: m.sessionStartedAt === null ? null : new Date(m.sessionStartedAt),
    speaker: m.speaker,
  };
}
