import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The protocol cuts the query (the context before the recall turn) to its last 2,000 characters. */
export const MAX_QUERY_CHARS = 2000;

export interface MadialMemory {
  /** The memory's key in memory.jsonl: its externalId. */
  readonly id: string;
  /** `event`: the memory's text. */
  readonly content: string;
  /** `time` (a date) at 12:00 UTC. */
  readonly occurredAt: Date;
  /** The annotated feeling, e.g. Happy, Anxious, Sad. */
  readonly emotion: string;
  readonly scene: string;
}

export interface MadialDialogue {
  /** Line number in dialogue.jsonl, from 0. */
  readonly index: number;
  /** Index of the assistant turn that should bring up a memory. */
  readonly testTurn: number;
  /** `dialogue[1 : test-turn]` joined with spaces, its last MAX_QUERY_CHARS characters. */
  readonly query: string;
  /** What the user said in that context, in order (the text inside `<Name>: "…"`). */
  readonly userUtterances: readonly string[];
  /** `relevant-id`, as externalIds. */
  readonly gold: readonly string[];
}

export interface MadialDataset {
  readonly dir: string;
  readonly sha256: string;
  readonly memories: readonly MadialMemory[];
  readonly dialogues: readonly MadialDialogue[];
}

interface RawMemory {
  time: string;
  scene: string;
  emotion: string;
  event: string;
}
interface RawDialogue {
  dialogue: string[];
  'test-turn': number[];
  'relevant-id': (number | string)[];
}

const jsonLines = (text: string): unknown[] =>
  text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as unknown);

/** `YYYY-MM-DD` at noon UTC (the data gives days only; noon keeps the day in every time zone). */
export function noonUtc(day: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!m) throw new Error(`unparseable memory date: "${day}"`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
}

/** One line of memory.jsonl, `{"<id>": {time, scene, emotion, event}}`. */
export function parseMemory(line: unknown): MadialMemory {
  const entries = Object.entries(line as Record<string, RawMemory>);
  if (entries.length !== 1) throw new Error('a memory line must hold exactly one memory');
  const [id, m] = entries[0]!;
  return { id, content: m.event, occurredAt: noonUtc(m.time), emotion: m.emotion, scene: m.scene };
}

/** The context before the recall turn, as the protocol builds the query. */
export function buildQuery(turns: readonly string[], testTurn: number, maxChars = MAX_QUERY_CHARS): string {
  const context = turns.slice(1, testTurn).join(' ');
  return context.length > maxChars ? context.slice(context.length - maxChars) : context;
}

/**
 * The user's turns in the same context: `<Name>: "…"` with a name other than Assistant. A few
 * assistant turns in the data lack their `<Assistant>:` tag; untagged turns are not the user's.
 */
export function userUtterances(turns: readonly string[], testTurn: number): string[] {
  const out: string[] = [];
  for (const turn of turns.slice(1, testTurn)) {
    const m = /^<([^>]+)>:\s*(.*)$/s.exec(turn.trim());
    if (!m || m[1] === 'Assistant') continue;
    const said = m[2]!.trim().replace(/^"(.*)"$/s, '$1').trim();
    if (said) out.push(said);
  }
  return out;
}

export function parseDialogue(line: unknown, index: number): MadialDialogue {
  const d = line as RawDialogue;
  const testTurn = d['test-turn'][0];
  if (testTurn === undefined || testTurn < 1 || testTurn >= d.dialogue.length) throw new Error(`dialogue ${index}: bad test-turn`);
  const gold = [...new Set(d['relevant-id'].map(String))];
  return { index, testTurn, query: buildQuery(d.dialogue, testTurn), userUtterances: userUtterances(d.dialogue, testTurn), gold };
}

/** Reads memory.jsonl and dialogue.jsonl; every gold id must name a memory. */
export function loadMadial(dir: string, maxDialogues = 0): MadialDataset {
  const memoryBytes = readFileSync(join(dir, 'memory.jsonl'));
  const dialogueBytes = readFileSync(join(dir, 'dialogue.jsonl'));
  const memories = jsonLines(memoryBytes.toString('utf8')).map(parseMemory);
  const all = jsonLines(dialogueBytes.toString('utf8')).map(parseDialogue);
  const ids = new Set(memories.map((m) => m.id));
  for (const d of all) {
    const unknown = d.gold.filter((g) => !ids.has(g));
    if (unknown.length) throw new Error(`dialogue ${d.index}: relevant ids ${unknown.join(', ')} are no memory`);
  }
  const sha256 = createHash('sha256').update(memoryBytes).update(dialogueBytes).digest('hex');
  return { dir, sha256, memories, dialogues: maxDialogues > 0 ? all.slice(0, maxDialogues) : all };
}
