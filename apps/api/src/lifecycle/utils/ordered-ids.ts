import { randomBytes } from 'node:crypto';

/**
 * `count` fresh UUIDv7-shaped ids that sort, as strings, in the order they are generated:
 * 48 bits of milliseconds (advanced by one every 4096 ids), 12 bits of sequence, 62 random
 * bits. Imported memories get them in their (occurredAt, id) order, so memories that share an
 * occurredAt keep their relative order and a re-export lists them exactly as before; the random
 * part keeps two imports from ever colliding.
 */
export function orderedIds(count: number, nowMs: number): string[] {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const ms = nowMs + Math.floor(i / 4096);
    const seq = i % 4096;
    const random = randomBytes(8);
    const hex = random.toString('hex');
    const variant = ((random[0] ?? 0) & 0x3f) | 0x80;
    const time = ms.toString(16).padStart(12, '0');
    ids.push(
      `${time.slice(0, 8)}-${time.slice(8, 12)}-7${seq.toString(16).padStart(3, '0')}-${variant.toString(16)}${hex.slice(2, 4)}-${hex.slice(4, 16)}`,
    );
  }
  return ids;
}
