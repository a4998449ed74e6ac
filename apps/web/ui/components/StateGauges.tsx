import type { ReactNode } from 'react';
import { decayedActivation, linePath, linear, minutesUntil } from '../lib/scales';

export function EnergyGauge({ energy }: { energy: number }): ReactNode {
  const pct = Math.round(Math.min(1, Math.max(0, energy)) * 100);
  return (
    <div className="gauge" data-testid="energy" data-energy={energy} title="depletes with use, recovers while idle">
      <div className="gauge-fill" style={{ width: `${pct}%` }} />
      <span className="gauge-label">energy {energy.toFixed(2)}</span>
    </div>
  );
}

export function GoalList({ goals }: { goals: readonly { id: string; name: string; priority: number }[] }): ReactNode {
  if (goals.length === 0) return <p className="muted">No goals.</p>;
  return (
    <ul className="bars" data-testid="goals">
      {[...goals]
        .sort((a, b) => b.priority - a.priority)
        .map((g) => (
          <li key={g.id}>
            <span className="bar-label">{g.name}</span>
            <span className="bar">
              <span className="bar-fill goal" style={{ width: `${g.priority * 100}%` }} />
            </span>
            <span className="num">{g.priority.toFixed(2)}</span>
          </li>
        ))}
    </ul>
  );
}

const HORIZON_MIN = 120;
const FADED = 0.05;

/** Each concept's activation now and its half-life decay over the next two hours. */
export function PrimedConcepts({ concepts }: { concepts: readonly { name: string; activation: number }[] }): ReactNode {
  if (concepts.length === 0) return <p className="muted">Nothing primed.</p>;
  const x = linear(0, HORIZON_MIN, 0, 90);
  return (
    <ul className="bars" data-testid="primed">
      {[...concepts]
        .sort((a, b) => b.activation - a.activation)
        .map((c) => {
          const y = linear(0, Math.max(1, c.activation), 18, 2);
          const curve = linePath(Array.from({ length: 13 }, (_, i): [number, number] => [x(i * 10), y(decayedActivation(c.activation, i * 10))]));
          const fades = minutesUntil(c.activation, FADED);
          return (
            <li key={c.name} data-concept={c.name} data-activation={c.activation}>
              <span className="bar-label">{c.name}</span>
              <span className="bar">
                <span className="bar-fill primed" style={{ width: `${Math.min(1, c.activation) * 100}%` }} />
              </span>
              <span className="num">{c.activation.toFixed(2)}</span>
              <svg width={90} height={20} className="decay" aria-label="decay over the next two hours">
                <path d={curve} />
                <title>{`halves every 30 min; below ${FADED} in ${Math.round(fades)} min`}</title>
              </svg>
            </li>
          );
        })}
    </ul>
  );
}
