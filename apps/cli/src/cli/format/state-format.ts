import type { Agent } from '@limbic/client';
import { renderTable, type Column } from './table';

const signed = (v: number, digits = 2): string => `${v >= 0 ? '+' : ''}${v.toFixed(digits)}`;

/** `2026-03-01 09:00` (UTC): enough to tell memories apart at a glance. */
export function shortTime(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ');
}

function affectLine(a: Agent['affect']): string {
  return `valence ${signed(a.valence)}  arousal ${a.arousal.toFixed(2)}  dominance ${a.dominance.toFixed(2)}`;
}

/** An agent's state, one aspect a line. */
export function formatState(agent: Agent): string[] {
  const m = agent.momentum;
  const goals = agent.goals.map((g) => `${g.name} (${g.priority.toFixed(2)})`);
  const primed = [...agent.primedConcepts].sort((a, b) => b.activation - a.activation).map((p) => `${p.name} ${p.activation.toFixed(2)}`);
  return [
    `agent ${agent.id} · preset ${agent.preset} · created ${shortTime(agent.createdAt)}`,
    `affect    ${affectLine(agent.affect)}`,
    `mood      ${affectLine(agent.mood)}`,
    `momentum  dv ${signed(m.dv, 3)}  da ${signed(m.da, 3)}  dd ${signed(m.dd, 3)} per hour`,
    `energy    ${agent.energy.toFixed(2)}`,
    `goals     ${goals.length ? goals.join(' · ') : 'none'}`,
    `primed    ${primed.length ? primed.join(' · ') : 'none'}`,
  ];
}

const AGENT_COLUMNS: readonly Column[] = [{ header: 'agent' }, { header: 'preset' }, { header: 'energy', align: 'right' }, { header: 'goals', align: 'right' }, { header: 'created' }];

export function formatAgents(agents: readonly Agent[], width: number, header = true): string[] {
  const rows = agents.map((a) => [a.id, a.preset, a.energy.toFixed(2), String(a.goals.length), shortTime(a.createdAt)]);
  return renderTable(AGENT_COLUMNS, rows, width, { header });
}
