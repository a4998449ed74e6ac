import type { RevisionRecord } from '@limbic/graph';
import type { Revision } from './dto/memory-update.types';

export function toRevision(r: RevisionRecord): Revision {
  return {
    at: new Date(r.at),
    kind: r.kind,
    memoryId: r.memoryId,
    seq: r.seq,
    fields: [...r.fields],
    before: { ...r.before },
    after: { ...r.after },
    relatedMemoryId: r.relatedMemoryId,
  };
}
