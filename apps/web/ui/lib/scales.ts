// Pure mappings from Limbic's values to what the page draws. No DOM, so unit-tested in Node.

export function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/** A linear map from [d0, d1] onto [r0, r1] (not clamped: callers clamp what must stay inside). */
export function linear(d0: number, d1: number, r0: number, r1: number): (x: number) => number {
  const span = d1 - d0;
  return (x) => (span === 0 ? (r0 + r1) / 2 : r0 + ((x - d0) / span) * (r1 - r0));
}

type Rgb = readonly [number, number, number];
const NEGATIVE: Rgb = [200, 45, 45];
const NEUTRAL: Rgb = [160, 160, 165];
const POSITIVE: Rgb = [30, 140, 90];

/** Valence −1 … 1 as a diverging colour: red through grey to green. */
export function valenceColour(valence: number): string {
  const v = clamp(Number.isFinite(valence) ? valence : 0, -1, 1);
  const [from, to, t] = v < 0 ? [NEUTRAL, NEGATIVE, -v] : [NEUTRAL, POSITIVE, v];
  const mix = from.map((c, i) => Math.round(c + (to[i]! - c) * t));
  return `rgb(${mix[0]}, ${mix[1]}, ${mix[2]})`;
}

/** Importance 0 … 1 as a radius whose area grows with it (so twice as important looks twice as big). */
export function importanceRadius(importance: number, min = 4, max = 12): number {
  const i = clamp(Number.isFinite(importance) ? importance : 0, 0, 1);
  return Math.sqrt(min * min + (max * max - min * min) * i);
}

/** A primed concept halves every 30 minutes (DESIGN §4 priming). */
export const PRIMING_HALF_LIFE_MIN = 30;

export function decayedActivation(activation: number, minutesAhead: number, halfLifeMin = PRIMING_HALF_LIFE_MIN): number {
  return activation * 0.5 ** (Math.max(0, minutesAhead) / halfLifeMin);
}

/** Minutes until an activation has decayed to `threshold` (0 when already below). */
export function minutesUntil(activation: number, threshold: number, halfLifeMin = PRIMING_HALF_LIFE_MIN): number {
  if (activation <= threshold || threshold <= 0) return 0;
  return halfLifeMin * Math.log2(activation / threshold);
}

/** `count` + 1 evenly spaced instants from start to end, both included (a flat range gives one). */
export function timeTicks(start: number, end: number, count: number): number[] {
  if (!(end > start) || count < 1) return [start];
  return Array.from({ length: count + 1 }, (_, i) => start + ((end - start) * i) / count);
}

/** An SVG path through the points in order; a NaN point breaks the line. */
export function linePath(points: readonly (readonly [number, number])[]): string {
  let d = '';
  let pen = false;
  for (const [x, y] of points) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      pen = false;
      continue;
    }
    d += `${pen ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`;
    pen = true;
  }
  return d;
}

/** Text cut to `max` characters on a word boundary where one is near, with an ellipsis. */
export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}
