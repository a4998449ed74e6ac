import type { ReactNode } from 'react';
import { clamp, linear, valenceColour } from '../lib/scales';

interface Point {
  readonly valence: number;
  readonly arousal: number;
}

const W = 340;
const H = 250;
const PAD = 30;
/** Momentum is per hour; an arrow longer than this (in valence units) is drawn at this length. */
const MAX_ARROW = 0.6;

/**
 * Affect and mood as points in valence (x, −1 … 1) × arousal (y, 0 … 1) space; momentum as an
 * arrow from the affect point: where affect heads in the next hour at its current velocity.
 */
export function AffectSpace({ affect, mood, momentum }: { affect: Point; mood: Point; momentum: { dv: number; da: number } }): ReactNode {
  const x = linear(-1, 1, PAD, W - PAD);
  const y = linear(0, 1, H - PAD, PAD);
  const length = Math.hypot(momentum.dv, momentum.da);
  const k = length > MAX_ARROW ? MAX_ARROW / length : 1;
  const tip = { valence: clamp(affect.valence + momentum.dv * k, -1, 1), arousal: clamp(affect.arousal + momentum.da * k, 0, 1) };
  const still = length < 1e-6;
  return (
    <svg className="affect-space" viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label="affect and mood in valence–arousal space" data-testid="affect-space">
      <defs>
        <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0L10,5L0,10z" fill="#333" />
        </marker>
      </defs>
      <rect x={PAD} y={PAD} width={W - 2 * PAD} height={H - 2 * PAD} className="plot" />
      <line x1={x(0)} x2={x(0)} y1={PAD} y2={H - PAD} className="axis-mid" />
      <line x1={PAD} x2={W - PAD} y1={y(0.5)} y2={y(0.5)} className="axis-mid" />
      <text x={PAD + 4} y={PAD + 12} className="quadrant">tense</text>
      <text x={W - PAD - 4} y={PAD + 12} className="quadrant" textAnchor="end">excited</text>
      <text x={PAD + 4} y={H - PAD - 6} className="quadrant">sad</text>
      <text x={W - PAD - 4} y={H - PAD - 6} className="quadrant" textAnchor="end">calm</text>
      <text x={W / 2} y={H - 8} className="axis-label" textAnchor="middle">valence −1 … 1</text>
      <text x={10} y={H / 2} className="axis-label" textAnchor="middle" transform={`rotate(-90 10 ${H / 2})`}>arousal 0 … 1</text>
      <circle cx={x(mood.valence)} cy={y(mood.arousal)} r={11} fill={valenceColour(mood.valence)} fillOpacity={0.35} stroke={valenceColour(mood.valence)} strokeWidth={2} data-testid="mood-point" data-valence={mood.valence} data-arousal={mood.arousal}>
        <title>{`mood: valence ${mood.valence.toFixed(3)}, arousal ${mood.arousal.toFixed(3)}`}</title>
      </circle>
      {still ? null : (
        <line x1={x(affect.valence)} y1={y(affect.arousal)} x2={x(tip.valence)} y2={y(tip.arousal)} className="momentum" markerEnd="url(#arrow)" data-testid="momentum-arrow" data-dv={momentum.dv} data-da={momentum.da}>
          <title>{`momentum per hour: dv ${momentum.dv.toFixed(3)}, da ${momentum.da.toFixed(3)}${k < 1 ? ' (arrow shortened)' : ''}`}</title>
        </line>
      )}
      <circle cx={x(affect.valence)} cy={y(affect.arousal)} r={5} fill="#222" data-testid="affect-point" data-valence={affect.valence} data-arousal={affect.arousal}>
        <title>{`affect now: valence ${affect.valence.toFixed(3)}, arousal ${affect.arousal.toFixed(3)}`}</title>
      </circle>
    </svg>
  );
}
