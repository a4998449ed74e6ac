/** Markdown building blocks of the benchmark reports. */

export const f3 = (x: number): string => x.toFixed(3);

/** Milliseconds with one decimal below 10, else whole; – when unknown. */
export const ms = (x: number | null | undefined): string => (x === null || x === undefined || Number.isNaN(x) ? '–' : x < 10 ? x.toFixed(1) : x.toFixed(0));

/** A GitHub table: the first column left-aligned, the others right-aligned (numbers) unless `align` is left. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[], align: 'right' | 'left' = 'right'): string[] {
  const rule = align === 'right' ? '---:' : '---';
  return [`| ${header.join(' | ')} |`, `|---|${header.slice(1).map(() => rule).join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)];
}
