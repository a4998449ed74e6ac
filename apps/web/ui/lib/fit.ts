export interface Point {
  readonly x: number;
  readonly y: number;
}

/**
 * Scales and moves points to fill a width × height box with `pad` on every side, keeping their
 * aspect; one point (or all at one spot) lands in the middle.
 */
export function fitInto(points: ReadonlyMap<string, Point>, width: number, height: number, pad: number): Map<string, Point> {
  const all = [...points.values()];
  if (all.length === 0) return new Map();
  const xs = all.map((p) => p.x);
  const ys = all.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = x1 - x0;
  const spanY = y1 - y0;
  const innerW = Math.max(1, width - 2 * pad);
  const innerH = Math.max(1, height - 2 * pad);
  const k = spanX === 0 && spanY === 0 ? 1 : Math.min(spanX === 0 ? Infinity : innerW / spanX, spanY === 0 ? Infinity : innerH / spanY);
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  return new Map([...points].map(([id, p]) => [id, { x: width / 2 + (p.x - cx) * k, y: height / 2 + (p.y - cy) * k }]));
}

/**
 * Two memories may share edges of several types: each gets its own bend (in px, signed) so they
 * are drawn side by side rather than on top of each other. A lone edge stays straight.
 */
export function parallelOffsets(edges: readonly { readonly from: string; readonly to: string }[], gap = 10): number[] {
  const pairs = new Map<string, number[]>();
  edges.forEach((e, i) => {
    const key = e.from < e.to ? `${e.from}\u0000${e.to}` : `${e.to}\u0000${e.from}`;
    pairs.set(key, [...(pairs.get(key) ?? []), i]);
  });
  const out = edges.map(() => 0);
  for (const group of pairs.values()) {
    group.forEach((edge, k) => {
      const e = edges[edge]!;
      // Bends are measured on the pair's canonical direction, so a reversed edge bends the same way.
      const sign = e.from < e.to ? 1 : -1;
      out[edge] = (k - (group.length - 1) / 2) * gap * sign;
    });
  }
  return out;
}

/** A straight line, or a quadratic curve whose middle is `bend` px off the line's middle. */
export function edgePath(a: Point, b: Point, bend: number): string {
  if (bend === 0) return `M${a.x},${a.y}L${b.x},${b.y}`;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy) || 1;
  // The control point sits twice the bend away: a quadratic's middle lies halfway to it.
  const cx = (a.x + b.x) / 2 - (dy / len) * bend * 2;
  const cy = (a.y + b.y) / 2 + (dx / len) * bend * 2;
  return `M${a.x},${a.y}Q${cx},${cy} ${b.x},${b.y}`;
}
