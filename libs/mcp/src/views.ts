import type { Agent, Memory, RecallResult, Signals } from '@limbic/client';
import type { AgentStateView, MemoryView, RecallView } from './schemas';

/*
 * What a tool returns twice: as structuredContent (exactly the output schema: the SDK's client
 * refuses extra keys) and as a few lines of text a language model reads at a glance.
 */

export function memoryView(m: Memory): MemoryView {
  return {
    id: m.id,
    agentId: m.agentId,
    content: m.content,
    occurredAt: m.occurredAt,
    valence: m.valence,
    arousal: m.arousal,
    dominance: m.dominance,
    importance: m.importance,
    tags: [...m.tags],
    scope: m.scope,
    speaker: m.speaker,
    metadata: m.metadata,
    externalId: m.externalId,
    archived: m.archived,
    pendingAppraisal: m.pendingAppraisal,
  };
}

export function agentStateView(a: Agent): AgentStateView {
  return {
    id: a.id,
    preset: a.preset,
    affect: { ...a.affect },
    mood: { ...a.mood },
    momentum: { ...a.momentum },
    energy: a.energy,
    goals: a.goals.map((g) => ({ name: g.name, priority: g.priority })),
    primedConcepts: a.primedConcepts.map((c) => ({ name: c.name, activation: c.activation })),
  };
}

export function recallView(r: RecallResult): RecallView {
  return {
    recallId: r.recallId,
    queryType: r.queryType,
    items: r.items.map((item) => ({
      rank: item.rank,
      score: item.score,
      memory: memoryView(item.memory),
      ...(item.explanation
        ? { signals: nonZero(item.explanation.signals), contributions: nonZero(item.explanation.weighted), activation: item.explanation.activation, suppressed: item.explanation.suppressed }
        : {}),
    })),
    focus: r.focus ? { memoryId: r.focus.memory.id, since: r.focus.since, expiresAt: r.focus.expiresAt, ignited: r.focus.ignited } : null,
  };
}

const num = (x: number, digits = 2): string => x.toFixed(digits);
const affectText = (a: { valence: number; arousal: number; dominance: number }): string => `valence ${num(a.valence)}, arousal ${num(a.arousal)}, dominance ${num(a.dominance)}`;

export function memoryText(m: MemoryView, verb = 'Memory'): string {
  const extras = [m.speaker ? `speaker ${m.speaker}` : '', m.tags.length ? `tags ${m.tags.join(', ')}` : '', m.scope ? `scope ${m.scope}` : '', m.archived ? 'archived' : ''].filter(Boolean).join('; ');
  return `${verb} ${m.id} (agent ${m.agentId}, ${m.occurredAt}; importance ${num(m.importance)}; ${affectText(m)}${extras ? `; ${extras}` : ''}):\n${m.content}`;
}

export function agentStateText(a: AgentStateView): string {
  const goals = a.goals.length ? a.goals.map((g) => `${g.name} (${num(g.priority)})`).join(', ') : 'none';
  const primed = a.primedConcepts.length ? a.primedConcepts.map((c) => `${c.name} (${num(c.activation)})`).join(', ') : 'none';
  return [
    `Agent ${a.id} (${a.preset})`,
    `affect: ${affectText(a.affect)}`,
    `mood: ${affectText(a.mood)}`,
    `momentum per hour: dv ${num(a.momentum.dv)}, da ${num(a.momentum.da)}, dd ${num(a.momentum.dd)}`,
    `energy: ${num(a.energy)}`,
    `goals: ${goals}`,
    `primed concepts: ${primed}`,
  ].join('\n');
}

/** Ranked lines with score and memory id, then the recallId feedback needs. */
export function recallText(r: RecallView): string {
  if (r.items.length === 0) return `No memory matched. (recallId ${r.recallId})`;
  const lines = r.items.map((item) => {
    const head = `${item.rank}. [${num(item.score, 3)}] ${item.memory.id} (${item.memory.occurredAt}): ${oneLine(item.memory.content)}`;
    if (!item.contributions) return head;
    const top = Object.entries(item.contributions)
      .sort(([, a], [, b]) => b - a)
      .slice(0, 4)
      .map(([signal, v]) => `${signal} ${num(v, 3)}`)
      .join(', ');
    const via = item.activation ? `; reached from ${item.activation.seedId} via ${item.activation.edgeTypes.join(' → ')} (activation ${num(item.activation.activation)})` : '';
    return `${head}\n   drivers: ${top || 'none'}${via}`;
  });
  const focus = r.focus ? `\nFocus of attention: ${r.focus.memoryId} (${r.focus.ignited ? 'ignited now' : `since ${r.focus.since}`}, until ${r.focus.expiresAt}).` : '';
  return `${lines.join('\n')}${focus}\n\nrecallId ${r.recallId} (query type ${r.queryType}): pass it to feedback with the memoryId of each memory you used or ignored.`;
}

function oneLine(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function nonZero(s: Signals): Record<string, number> {
  return Object.fromEntries(Object.entries(s).filter(([, v]) => typeof v === 'number' && v !== 0)) as Record<string, number>;
}
