import type { MemoryFilter } from '../memory-filter';

/**
 * What a recall's filter reads of each row of a copy (memory-filter.ts): scope, occurredAt, tags
 * and metadata pairs, their strings numbered once per copy. Tags and pairs are lists, held flat:
 * row r's are values[starts[r] .. starts[r + 1]).
 */
export interface CopyFilterColumns {
  readonly occurredAt: Float64Array;
  /** The row's scope's number, −1 for none. */
  readonly scope: Int32Array;
  readonly tags: FlatLists;
  readonly metadataPairs: FlatLists;
  /** A string's number among the copy's scopes, tags and pairs (one numbering for all three). */
  readonly numbers: ReadonlyMap<string, number>;
}

export interface FlatLists {
  readonly starts: Int32Array;
  readonly values: Int32Array;
}

/** Builds CopyFilterColumns row by row, as a copy's pages arrive. */
export class CopyFilterBuilder {
  private readonly numbers = new Map<string, number>();
  private readonly occurredAt: number[] = [];
  private readonly scope: number[] = [];
  private readonly tags = { starts: [0], values: [] as number[] };
  private readonly pairs = { starts: [0], values: [] as number[] };

  add(row: { occurredAt: number; scope: unknown; tags: unknown; metadataPairs: unknown }): void {
    this.occurredAt.push(row.occurredAt);
    this.scope.push(typeof row.scope === 'string' ? this.number(row.scope) : -1);
    this.list(this.tags, row.tags);
    this.list(this.pairs, row.metadataPairs);
  }

  build(): CopyFilterColumns {
    const flat = (l: { starts: number[]; values: number[] }): FlatLists => ({ starts: Int32Array.from(l.starts), values: Int32Array.from(l.values) });
    return { occurredAt: Float64Array.from(this.occurredAt), scope: Int32Array.from(this.scope), tags: flat(this.tags), metadataPairs: flat(this.pairs), numbers: this.numbers };
  }

  private list(into: { starts: number[]; values: number[] }, value: unknown): void {
    if (Array.isArray(value)) for (const v of value) if (typeof v === 'string') into.values.push(this.number(v));
    into.starts.push(into.values.length);
  }

  private number(s: string): number {
    let n = this.numbers.get(s);
    if (n === undefined) {
      n = this.numbers.size;
      this.numbers.set(s, n);
    }
    return n;
  }
}

/** Bytes the columns take, roughly (typed arrays and the numbering's strings). */
export function copyFilterBytes(c: CopyFilterColumns): number {
  let strings = 0;
  for (const s of c.numbers.keys()) strings += 64 + 2 * s.length;
  return c.occurredAt.byteLength + c.scope.byteLength + c.tags.starts.byteLength + c.tags.values.byteLength + c.metadataPairs.starts.byteLength + c.metadataPairs.values.byteLength + strings;
}

/**
 * Whether row r passes `filter`, exactly as memoryFilterCypher decides for the memory the row was
 * copied from: a row without a scope, tags or pairs fails any condition on them.
 */
export function copyFilter(c: CopyFilterColumns, filter: MemoryFilter): (row: number) => boolean {
  // A string the copy never saw matches no row (−2: not even a row without a scope, −1).
  const numberOf = (s: string): number => c.numbers.get(s) ?? -2;
  const scope = filter.scope === null ? null : numberOf(filter.scope);
  const after = filter.after ?? Number.NEGATIVE_INFINITY;
  const before = filter.before ?? Number.POSITIVE_INFINITY;
  const any = new Set(filter.tagsAny.map(numberOf));
  const all = [...new Set(filter.tagsAll.map(numberOf))];
  const pairs = [...new Set(filter.metadataPairs.map(numberOf))];
  const holds = (lists: FlatLists, row: number, n: number): boolean => {
    for (let i = lists.starts[row]!; i < lists.starts[row + 1]!; i++) if (lists.values[i] === n) return true;
    return false;
  };
  return (row) => {
    if (scope !== null && c.scope[row] !== scope) return false;
    const at = c.occurredAt[row]!;
    if (at < after || at >= before) return false;
    if (any.size > 0) {
      let found = false;
      for (let i = c.tags.starts[row]!; i < c.tags.starts[row + 1]! && !found; i++) found = any.has(c.tags.values[i]!);
      if (!found) return false;
    }
    return all.every((n) => holds(c.tags, row, n)) && pairs.every((n) => holds(c.metadataPairs, row, n));
  };
}
