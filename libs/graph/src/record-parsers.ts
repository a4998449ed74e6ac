import type { AgentRecord, MemoryRecord } from './model';
import { num, numList, str, strList, toPlain } from './records';

type Row = Record<string, unknown>;

export function parseMemory(raw: unknown): MemoryRecord {
  return parsePlainMemory(toPlain(raw) as Row);
}

/** parseMemory for a map toPlain already converted (toPlain copies every map it walks). */
export function parsePlainMemory(m: Row): MemoryRecord {
  return {
    id: String(m.id),
    tenantId: String(m.tenantId),
    agentId: String(m.agentId),
    externalId: str(m.externalId),
    content: String(m.content ?? ''),
    occurredAt: num(m.occurredAt),
    encodedAt: num(m.encodedAt),
    valence: num(m.valence),
    arousal: num(m.arousal),
    dominance: num(m.dominance, 0.5),
    importance: num(m.importance, 0.5),
    tags: strList(m.tags),
    accessCount: num(m.accessCount),
    pendingAppraisal: m.pendingAppraisal === true,
    archived: m.archived === true,
  };
}

export function parseAgent(raw: unknown): AgentRecord {
  const a = toPlain(raw) as Row;
  return {
    id: String(a.id),
    tenantId: String(a.tenantId),
    preset: String(a.preset ?? 'agent'),
    createdAt: num(a.createdAt),
    affect: numList(a.affect),
    affectAt: num(a.affectAt, num(a.createdAt)),
    affectHistory: numList(a.affectHistory),
    mood: numList(a.mood),
    moodAt: num(a.moodAt, num(a.createdAt)),
    momentum: numList(a.momentum),
    energy: num(a.energy, 1),
    energyAt: num(a.energyAt, num(a.createdAt)),
    weights: Array.isArray(a.weights) ? numList(a.weights) : null,
  };
}
