import type { Agent, Memory, RecallItem, RecallResult, Signals } from '@limbic/client';

/** Values shaped as the client returns them, for the formatting and command specs. */

export const ZERO_SIGNALS: Signals = {
  semantic: 0, lexical: 0, moodCongruence: 0, affectProximity: 0, momentumAlignment: 0, emotionalIntensity: 0,
  recency: 0, frequency: 0, importance: 0, goalRelevance: 0, priming: 0, resonance: 0, circadianCongruence: 0, sessionContext: 0, speaker: 0, namedTime: 0, episodeLexical: 0,
};

export function memory(id: string, content: string, extra: Partial<Memory> = {}): Memory {
  return {
    id, agentId: 'ada', content, valence: 0, arousal: 0.3, dominance: 0.5, affectGiven: false, importance: 0.5, tags: [],
    scope: null, metadata: null, externalId: null, occurredAt: '2026-03-01T09:00:00.000Z', encodedAt: '2026-03-01T09:00:01.000Z',
    archived: false, pendingAppraisal: false, accessCount: 0, redirectedFrom: null, embeddingModel: 'hash-384',
    hourOfDay: 9, sessionStartedAt: '2026-03-01T09:00:01.000Z', speaker: null, ...extra,
  };
}

export function recallItem(rank: number, m: Memory, extra: Partial<RecallItem> = {}): RecallItem {
  return { rank, pass1Rank: rank, pass2Rank: rank, score: 0.5, memory: m, explanation: null, ...extra };
}

export function recallResult(items: RecallItem[], extra: Partial<RecallResult> = {}): RecallResult {
  return { recallId: 'r-1', queryType: 'factual', weightSource: 'routed', tookMs: 12.4, energyCut: 0, weights: ZERO_SIGNALS, focus: null, items, ...extra };
}

export function agent(extra: Partial<Agent> = {}): Agent {
  return {
    id: 'ada', preset: 'agent', createdAt: '2026-03-01T09:00:00.000Z',
    affect: { valence: 0.2, arousal: 0.4, dominance: 0.5 }, mood: { valence: -0.001, arousal: 0.3, dominance: 0.5 },
    momentum: { dv: 0.5, da: -0.25, dd: 0 }, energy: 0.93, timeZone: 'UTC', session: null, sinceLastInteractionMinutes: null,
    goals: [], primedConcepts: [], ...extra,
  };
}
