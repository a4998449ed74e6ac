import type { LimbicApi, MemoryItem } from '../common/limbic-api';
import type { AgentKind } from './arms';
import type { MadialMemory } from './dataset';
import { affectOfEmotion } from './emotion-affect';

/**
 * Creates the user's agent and stores every memory in the order it happened (ties in file
 * order), one encode at a time; the explicit kind passes the annotated emotion as affect.
 * Returns the memories' ids, to wait for their appraisal.
 */
export async function encodeUser(api: LimbicApi, agentId: string, kind: AgentKind, memories: readonly MadialMemory[], preset?: string): Promise<string[]> {
  await api.createAgent(agentId, preset);
  const ordered = memories.map((m, i) => ({ m, i })).sort((a, b) => a.m.occurredAt.getTime() - b.m.occurredAt.getTime() || a.i - b.i);
  const ids: string[] = [];
  for (const { m } of ordered) {
    const item: MemoryItem = { id: m.id, content: m.content, occurredAt: m.occurredAt, ...(kind === 'explicit' ? { affect: affectOfEmotion(m.emotion) } : {}) };
    ids.push((await api.encodeOne(agentId, item)).id);
  }
  return ids;
}

/** Polls until no memory is pending appraisal or the time is up; returns how many still are. */
export async function waitForAppraisal(api: LimbicApi, memoryIds: readonly string[], timeoutS: number): Promise<number> {
  let pending = [...memoryIds];
  const deadline = Date.now() + timeoutS * 1000;
  for (;;) {
    const still: string[] = [];
    for (const id of pending) if (await api.isPendingAppraisal(id)) still.push(id);
    pending = still;
    if (pending.length === 0 || Date.now() >= deadline) return pending.length;
    await new Promise((r) => setTimeout(r, 2000));
  }
}
