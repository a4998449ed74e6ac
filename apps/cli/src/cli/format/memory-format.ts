import type { Memory } from '@limbic/client';
import { shortTime } from './state-format';
import { renderTable, type Column } from './table';

// Fixed widths: `memories --all` prints a page at a time and its columns must line up.
const COLUMNS: readonly Column[] = [
  { header: 'memory', width: 36 },
  { header: 'occurred', width: 16 },
  { header: 'content', flex: true },
];

/** Archived, scope, speaker and tags first, then the text: what tells a memory apart in a list. */
function label(m: Memory): string {
  const marks = [m.archived ? '(archived)' : '', m.scope ? `[${m.scope}]` : '', m.speaker ? `${m.speaker}:` : '', ...m.tags.map((t) => `#${t}`)].filter(Boolean);
  return [...marks, m.content].join(' ');
}

export function formatMemories(memories: readonly Memory[], width: number, header = true): string[] {
  return renderTable(
    COLUMNS,
    memories.map((m) => [m.id, shortTime(m.occurredAt), label(m)]),
    width,
    { header },
  );
}
