import type { Agent } from '@limbic/client';
import { renderTable, type Column } from './table';

/** `+0.20`, `-0.12`; a value that rounds to zero is `+0.00`, never `-0.00`. */
export function signed(v: number, digits = 2): string {
  const text = Math.abs(v).toFixed(digits);
  return `${v < 0 && Number(text) !== 0 ? '-' : '+'}${text}`;
}

/** Primed concepts shown; the rest are counted (--json has them all). */
const PRIMED_SHOWN = 8;

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
  const sorted = [...agent.primedConcepts].sort((a, b) => b.activation - a.activation || a.name.localeCompare(b.name));
  const primed = sorted.slice(0, PRIMED_SHOWN).map((p) => `${p.name} ${p.activation.toFixed(2)}`);
  if (sorted.length > PRIMED_SHOWN) primed.push(`${sorted.length - PRIMED_SHOWN} more`);
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
