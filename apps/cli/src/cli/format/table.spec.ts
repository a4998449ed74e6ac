import { oneLine, renderTable, shorten, type Column } from './table';

const COLUMNS: readonly Column[] = [{ header: 'rank', align: 'right' }, { header: 'id' }, { header: 'content', flex: true }];

describe('table formatting', () => {
  it('puts text on one line', () => {
    expect(oneLine('  a\n\tb   c \r\n')).toBe('a b c');
  });

  it('shortens by code points with an ellipsis', () => {
    expect(shorten('abcdef', 6)).toBe('abcdef');
    expect(shorten('abcdef', 4)).toBe('abc…');
    expect(shorten('😀😀😀😀', 3)).toBe('😀😀…');
    expect(shorten('abc', 1)).toBe('…');
  });

  it('aligns columns and shortens the flex column to the width', () => {
    const lines = renderTable(COLUMNS, [['1', 'aa', 'short'], ['10', 'b', 'a much longer content that cannot fit in the width']], 30);
    expect(lines).toEqual([
      'rank  id  content',
      '   1  aa  short',
      '  10  b   a much longer conte…',
    ]);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(30);
    expect(lines[2]?.endsWith('…')).toBe(true);
  });

  it('keeps the flex column as wide as its content when there is room, and a minimum when there is none', () => {
    expect(renderTable(COLUMNS, [['1', 'x', 'fits']], 200)[1]).toBe('   1  x   fits');
    const narrow = renderTable(COLUMNS, [['1', 'x', 'a content longer than twelve']], 5)[1] ?? '';
    expect(narrow).toBe('   1  x   a content l…');
  });

  it('holds fixed widths, so pages printed apart line up, and can leave out the header', () => {
    const fixed: readonly Column[] = [{ header: 'id', width: 4 }, { header: 'content', flex: true }];
    expect(renderTable(fixed, [['ab', 'one']], 80, { header: false })).toEqual(['ab    one']);
    expect(renderTable(fixed, [['abcdefg', 'two']], 80, { header: false })).toEqual(['abc…  two']);
  });

  it('collapses newlines in cells so a row stays one line', () => {
    expect(renderTable(COLUMNS, [['1', 'x', 'line one\nline two']], 80)[1]).toBe('   1  x   line one line two');
  });
});
