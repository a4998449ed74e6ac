import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** Question categories of LoCoMo that the protocol scores (5, adversarial, has no answer by design). */
export const CATEGORIES = { 1: 'multi-hop', 2: 'temporal', 3: 'open-domain', 4: 'single-hop' } as const;
export type Category = keyof typeof CATEGORIES;
export const isScoredCategory = (c: number): c is Category => c in CATEGORIES;

export interface Turn {
  /** `dia_id`, e.g. `D3:12`: the memory's externalId. */
  readonly id: string;
  readonly content: string;
  readonly occurredAt: Date;
  /** The turn's speaker (also the content's `Name:` prefix, which every ranker sees). */
  readonly speaker: string;
}

export interface Question {
  readonly sampleId: string;
  readonly index: number;
  readonly text: string;
  readonly category: Category;
  /** Cleaned evidence: turn ids that exist in the sample, deduplicated. */
  readonly gold: readonly string[];
}

export interface Sample {
  readonly id: string;
  readonly turns: readonly Turn[];
  readonly questions: readonly Question[];
  /** Recall time: the last session's date-time + 1 day. */
  readonly now: Date;
  /** Questions of categories 1–4 dropped because no evidence id matched a turn. */
  readonly droppedQuestions: number;
}

export interface Dataset {
  readonly path: string;
  readonly sha256: string;
  readonly samples: readonly Sample[];
}

interface RawTurn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}
interface RawQa {
  question: string;
  evidence?: string[];
  category: number;
}
interface RawSample {
  sample_id: string;
  conversation: Record<string, unknown>;
  qa: RawQa[];
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const TURN_SPACING_MS = 30_000;
const DAY_MS = 86_400_000;

/** Parses LoCoMo's session stamps, e.g. `1:56 pm on 8 May, 2023`, as UTC. */
export function parseSessionTime(s: string): Date {
  const m = /^\s*(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})\s*$/i.exec(s);
  const month = m ? MONTHS.indexOf(m[5]!.toLowerCase()) : -1;
  if (!m || month < 0) throw new Error(`unparseable session date-time: "${s}"`);
  const hour = (Number(m[1]) % 12) + (m[3]!.toLowerCase() === 'pm' ? 12 : 0);
  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2])));
}

/**
 * Evidence as the protocol cleans it: split entries on `;`, `,` and whitespace, rewrite `D:` to
 * `D`, strip leading zeros in the turn number, drop ids that match no turn, deduplicate.
 */
export function cleanEvidence(evidence: readonly string[], turnIds: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const entry of evidence) {
    for (const raw of entry.split(/[;,\s]+/)) {
      const id = raw.replace(/^D:/, 'D').replace(/^(D\d+):0*(\d)/, '$1:$2');
      if (turnIds.has(id) && !out.includes(id)) out.push(id);
    }
  }
  return out;
}

/** One memory per turn, in session and turn order, as the protocol lays them out. */
export function sampleTurns(conversation: Record<string, unknown>): { turns: Turn[]; lastSession: Date } {
  const sessions = Object.keys(conversation)
    .map((k) => /^session_(\d+)$/.exec(k))
    .filter((m): m is RegExpExecArray => m !== null && Array.isArray(conversation[m[0]]))
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
  const turns: Turn[] = [];
  let lastSession: Date | null = null;
  for (const n of sessions) {
    const stamp = conversation[`session_${n}_date_time`];
    if (typeof stamp !== 'string') throw new Error(`session_${n} has no date-time`);
    const start = parseSessionTime(stamp);
    if (!lastSession || start > lastSession) lastSession = start;
    (conversation[`session_${n}`] as RawTurn[]).forEach((t, i) => {
      const caption = t.blip_caption ? ` [shared a photo: ${t.blip_caption}]` : '';
      turns.push({ id: t.dia_id, content: `${t.speaker}: ${t.text}${caption}`, occurredAt: new Date(start.getTime() + i * TURN_SPACING_MS), speaker: t.speaker });
    });
  }
  if (!lastSession) throw new Error('conversation without sessions');
  return { turns, lastSession };
}

export function loadDataset(path: string, only?: ReadonlySet<string>): Dataset {
  const bytes = readFileSync(path);
  const raw = JSON.parse(bytes.toString('utf8')) as RawSample[];
  const samples = raw
    .filter((s) => !only || only.has(s.sample_id))
    .map((s): Sample => {
      const { turns, lastSession } = sampleTurns(s.conversation);
      const ids = new Set(turns.map((t) => t.id));
      const questions: Question[] = [];
      let dropped = 0;
      s.qa.forEach((qa, index) => {
        if (!isScoredCategory(qa.category)) return;
        const gold = cleanEvidence(qa.evidence ?? [], ids);
        if (gold.length === 0) dropped++;
        else questions.push({ sampleId: s.sample_id, index, text: qa.question, category: qa.category, gold });
      });
      return { id: s.sample_id, turns, questions, now: new Date(lastSession.getTime() + DAY_MS), droppedQuestions: dropped };
    });
  return { path, sha256: createHash('sha256').update(bytes).digest('hex'), samples };
}
