import type { ReactNode } from 'react';
import type { ops } from '../lib/client';
import { linePath, linear, timeTicks } from '../lib/scales';

export type StateSample = ops.AgentStateHistoryQuery['agent']['stateHistory'][number];

const W = 660;
const H = 220;
const PAD = { left: 36, right: 36, top: 12, bottom: 28 };

const SERIES = [
  { key: 'affect', label: 'affect valence', colour: '#c9a3a0', of: (s: StateSample) => s.affect.valence },
  { key: 'valence', label: 'mood valence', colour: '#c0392b', of: (s: StateSample) => s.mood.valence },
  { key: 'arousal', label: 'mood arousal', colour: '#e67e22', of: (s: StateSample) => s.mood.arousal },
  { key: 'energy', label: 'energy', colour: '#2c7fb8', of: (s: StateSample) => s.energy },
] as const;

/** Mood (valence, arousal), affect valence and energy over the state history the graph keeps, oldest left. */
export function HistoryChart({ samples }: { samples: readonly StateSample[] }): ReactNode {
  if (samples.length === 0) return <p className="muted" data-testid="history-empty">No state changes recorded yet.</p>;
  const times = samples.map((s) => Date.parse(s.at));
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const x = linear(t0, t1, PAD.left, W - PAD.right);
  const y = linear(-1, 1, H - PAD.bottom, PAD.top);
  const ticks = timeTicks(t0, t1, 4);
  return (
    <figure className="history" data-testid="history-chart" data-samples={samples.length}>
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label="mood and energy over time">
        {[-1, -0.5, 0, 0.5, 1].map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className={v === 0 ? 'axis-mid' : 'grid'} />
            <text x={PAD.left - 4} y={y(v) + 4} textAnchor="end" className="tick">
              {v}
            </text>
          </g>
        ))}
        {ticks.map((t) => (
          <text key={t} x={x(t)} y={H - 8} textAnchor="middle" className="tick">
            {new Date(t).toLocaleString([], tickFormat(t1 - t0))}
          </text>
        ))}
        {SERIES.map((s) => (
          <g key={s.key} data-series={s.key}>
            <path d={linePath(samples.map((p, i) => [x(times[i]!), y(s.of(p))]))} stroke={s.colour} className="series" />
            {samples.map((p, i) => (
              <circle key={i} cx={x(times[i]!)} cy={y(s.of(p))} r={2.5} fill={s.colour} data-value={s.of(p)} data-cause={p.cause}>
                <title>{`${new Date(p.at).toLocaleString()} · ${p.cause} · ${s.label} ${s.of(p).toFixed(3)}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      <figcaption className="legend">
        {SERIES.map((s) => (
          <span key={s.key}>
            <i style={{ background: s.colour }} /> {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/** Seconds for a history of minutes, dates for one of days. */
function tickFormat(spanMs: number): Intl.DateTimeFormatOptions {
  if (spanMs < 10 * 60_000) return { hour: '2-digit', minute: '2-digit', second: '2-digit' };
  if (spanMs < 24 * 3_600_000) return { hour: '2-digit', minute: '2-digit' };
  return { month: 'short', day: 'numeric', hour: '2-digit' };
}
