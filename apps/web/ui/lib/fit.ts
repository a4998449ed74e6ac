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
