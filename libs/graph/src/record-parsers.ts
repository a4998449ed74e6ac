import { TEMPORAL_STATE } from '@limbic/affect';
import type { AgentRecord, MemoryRecord } from './model';
import { num, numList, str, strList, toPlain } from './records';

type Row = Record<string, unknown>;

export function parseMemory(raw: unknown): MemoryRecord {
  return parsePlainMemory(toPlain(raw) as Row);
}

/** parseMemory for a map toPlain already converted (toPlain copies every map it walks). */
export function parsePlainMemory(m: Row): MemoryRecord {
  return memoryFromFields((name) => m[name]);
}

/**
 * A MemoryRecord from its fields as `field` reads them (a map's keys, a memory row's columns),
 * with the defaults memories stored before a field existed need.
 */
export function memoryFromFields(field: (name: keyof MemoryRecord) => unknown): MemoryRecord {
  return {
    id: String(field('id')),
    tenantId: String(field('tenantId')),
    agentId: String(field('agentId')),
    externalId: str(field('externalId')),
    content: String(field('content') ?? ''),
    occurredAt: num(field('occurredAt')),
    encodedAt: num(field('encodedAt')),
    valence: num(field('valence')),
    arousal: num(field('arousal')),
    dominance: num(field('dominance'), 0.5),
    importance: num(field('importance'), 0.5),
    tags: strList(field('tags')),
    accessCount: num(field('accessCount')),
    pendingAppraisal: field('pendingAppraisal') === true,
    archived: field('archived') === true,
    embeddingModel: str(field('embeddingModel')),
    scope: str(field('scope')),
    metadata: str(field('metadata')),
    affectGiven: field('affectGiven') === true,
    hourOfDay: typeof field('hourOfDay') === 'number' ? (field('hourOfDay') as number) : null,
    sessionStartedAt: typeof field('sessionStartedAt') === 'number' ? (field('sessionStartedAt') as number) : null,
    speaker: str(field('speaker')),
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
    learnedWeights: Array.isArray(a.learnedWeights) ? numList(a.learnedWeights) : null,
    timeZone: typeof a.timeZone === 'string' && a.timeZone.length > 0 ? a.timeZone : TEMPORAL_STATE.defaultTimeZone,
    sessionStartedAt: a.sessionStartedAt === null || a.sessionStartedAt === undefined ? null : num(a.sessionStartedAt),
    sessionInteractions: num(a.sessionInteractions),
    lastInteractionAt: a.lastInteractionAt === null || a.lastInteractionAt === undefined ? null : num(a.lastInteractionAt),
  };
}
