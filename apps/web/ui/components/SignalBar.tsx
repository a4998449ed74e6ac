import type { ReactNode } from 'react';
import { SIGNALS, segments, type SignalKey } from '../lib/signals';

type Vector = Readonly<Record<SignalKey, number>>;

/**
 * A stacked bar of weighted signals (weight × signal, which sum to the score). `scale` is the
 * value that fills the whole width, so bars of one recall compare by length.
 */
export function SignalBar({ weighted, signals, weights, scale, testId = 'signal-bar' }: { weighted: Vector; signals?: Vector; weights?: Vector; scale: number; testId?: string }): ReactNode {
  const parts = segments(weighted);
  const total = parts.reduce((s, p) => s + p.value, 0);
  return (
    <div className="signal-bar" data-testid={testId} data-total={total}>
      {parts.map((p) => (
        <span
          key={p.key}
          className="segment"
          data-testid="signal-segment"
          data-signal={p.key}
          data-value={p.value}
          style={{ width: `${(p.value / (scale > 0 ? scale : 1)) * 100}%`, background: p.colour }}
          title={`${p.label}: ${p.value.toFixed(3)}${signals && weights ? ` = signal ${signals[p.key].toFixed(3)} × weight ${weights[p.key].toFixed(3)}` : ''}`}
        />
      ))}
    </div>
  );
}

export function SignalLegend(): ReactNode {
  return (
    <p className="legend" data-testid="signal-legend">
      {SIGNALS.map((s) => (
        <span key={s.key}>
          <i style={{ background: s.colour }} /> {s.label}
        </span>
      ))}
    </p>
  );
}

/** The weights a recall used, as a bar (they sum to 1) and as numbers. */
export function WeightTable({ weights }: { weights: Vector }): ReactNode {
  return (
    <>
      <SignalBar weighted={weights} scale={1} testId="weights-bar" />
      <table className="weights" data-testid="weights">
        <tbody>
          <tr>
            {SIGNALS.filter((s) => weights[s.key] > 0).map((s) => (
              <td key={s.key} data-signal={s.key} data-weight={weights[s.key]}>
                <i style={{ background: s.colour }} /> {s.label} <span className="num">{weights[s.key].toFixed(3)}</span>
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </>
  );
}
