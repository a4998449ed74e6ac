export interface Column {
  readonly header: string;
  readonly align?: 'left' | 'right';
  /** Takes the width the other columns leave, its cells shortened to fit; at most one per table. */
  readonly flex?: boolean;
  /** A fixed width, so a table printed a page at a time keeps its columns aligned. */
  readonly width?: number;
}

const GAP = '  ';
/** A flex column never gets narrower than this, even on a very narrow terminal. */
const MIN_FLEX = 12;

/** Text on one line: newlines and runs of spaces become one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Shortens to `width` characters (code points, so no emoji is cut in half), ending in `…`. */
export function shorten(text: string, width: number): string {
  const chars = [...text];
  if (chars.length <= width) return text;
  return width <= 1 ? '…'.slice(0, width) : `${chars.slice(0, width - 1).join('')}…`;
}

function pad(text: string, width: number, align: 'left' | 'right'): string {
  const fill = ' '.repeat(Math.max(0, width - [...text].length));
  return align === 'right' ? fill + text : text + fill;
}

/**
 * Rows under a header, columns two spaces apart, the flex column shortened so that no line is
 * wider than `width`. Returns lines without trailing spaces.
 */
export function renderTable(columns: readonly Column[], rows: readonly (readonly string[])[], width: number, options: { header?: boolean } = {}): string[] {
  const cells = rows.map((row) => columns.map((_, i) => oneLine(row[i] ?? '')));
  const widths = columns.map((c, i) => c.width ?? Math.max([...c.header].length, ...cells.map((r) => [...(r[i] ?? '')].length)));
  const flex = columns.findIndex((c) => c.flex);
  if (flex >= 0) {
    const others = widths.reduce((sum, w, i) => (i === flex ? sum : sum + w), 0) + GAP.length * (columns.length - 1);
    widths[flex] = Math.max(MIN_FLEX, Math.min(widths[flex] ?? 0, width - others));
  }
  const render = (row: readonly string[]): string =>
    columns
      .map((c, i) => pad(shorten(row[i] ?? '', widths[i] ?? 0), widths[i] ?? 0, c.align ?? 'left'))
      .join(GAP)
      .trimEnd();
  const body = cells.map(render);
  return options.header === false ? body : [render(columns.map((c) => c.header)), ...body];
}
