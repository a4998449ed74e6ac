/*
 * The calendar times a query names ("on May 3, 2023", "2023-05-03", "in June", "summer 2021",
 * "in 2022"), for the namedTime signal. Only absolute times: a relative one ("last year") in a
 * question usually counts from the story it asks about, not from the moment of the recall.
 */

/** A time a query names, in the agent's calendar; null parts are not named ("in June": any year). */
export interface TimeReference {
  readonly year: number | null;
  /** The months it covers, 0 = January: one for a month or a day, three for a season. */
  readonly months: readonly number[] | null;
  readonly day: number | null;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const SEASONS: Readonly<Record<string, readonly number[]>> = {
  spring: [2, 3, 4],
  summer: [5, 6, 7],
  autumn: [8, 9, 10],
  fall: [8, 9, 10],
  winter: [11, 0, 1],
};

const MONTH = `(${MONTHS.join('|')})`;
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = '((?:19|20)\\d{2})';
// Longest forms first: an ISO date, a day and a year, a month and a year, then the parts alone.
const PATTERNS: readonly { readonly re: RegExp; readonly read: (m: RegExpExecArray) => TimeReference }[] = [
  { re: new RegExp(`\\b${YEAR}-(\\d{2})-(\\d{2})(?!\\d)`, 'g'), read: (m) => ({ year: year(m[1]), months: [Number(m[2]) - 1], day: Number(m[3]) }) },
  { re: new RegExp(`\\b${YEAR}-(\\d{2})\\b(?!-)`, 'g'), read: (m) => ({ year: year(m[1]), months: [Number(m[2]) - 1], day: null }) },
  { re: new RegExp(`\\b${MONTH}\\s+${DAY}(?:,?\\s+${YEAR})?\\b`, 'gi'), read: (m) => ({ year: year(m[3]), months: [month(m[1])], day: Number(m[2]) }) },
  { re: new RegExp(`\\b${DAY}\\s+(?:of\\s+)?${MONTH}(?:,?\\s+${YEAR})?\\b`, 'gi'), read: (m) => ({ year: year(m[3]), months: [month(m[2])], day: Number(m[1]) }) },
  { re: new RegExp(`\\b${MONTH}(?:,?\\s+(?:of\\s+)?${YEAR})?\\b`, 'gi'), read: (m) => ({ year: year(m[2]), months: [month(m[1])], day: null }) },
  { re: new RegExp(`\\b(spring|summer|autumn|fall|winter)\\s+(?:of\\s+)?${YEAR}\\b`, 'gi'), read: (m) => ({ year: year(m[2]), months: SEASONS[m[1]!.toLowerCase()]!, day: null }) },
  { re: new RegExp(`\\b${YEAR}\\b`, 'g'), read: (m) => ({ year: year(m[1]), months: null, day: null }) },
];

/** Words before "May" that make it the month, not the verb ("in May", "early May"). */
const MAY_MONTH_BEFORE = /\b(in|of|since|during|until|till|by|early|late|mid|last|next|this|every)\s+$/i;

function month(name: string | undefined): number {
  return MONTHS.indexOf((name ?? '').toLowerCase());
}

function year(digits: string | undefined): number | null {
  return digits === undefined ? null : Number(digits);
}

/** "May" is the month with a day or a year after it, or a preposition before it; "may" never is. */
function isMonthMay(text: string, m: RegExpExecArray, hasDayOrYear: boolean): boolean {
  const word = m[0].match(/may/i)?.[0];
  if (word !== 'May') return false;
  return hasDayOrYear || MAY_MONTH_BEFORE.test(text.slice(0, m.index));
}

/**
 * The times the text names, each once, in the order of the patterns: days (a month name and a
 * day number, with or without a year), months (with or without a year), seasons with a year,
 * then years alone. Text a longer form matched is not read again by a shorter one.
 */
export function timeReferences(text: string): readonly TimeReference[] {
  const taken: boolean[] = new Array<boolean>(text.length).fill(false);
  const found: TimeReference[] = [];
  const seen = new Set<string>();
  for (const { re, read } of PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken.slice(start, end).some(Boolean)) continue;
      const ref = read(m);
      if (ref.months?.length === 1 && ref.months[0] === 4 && /may/i.test(m[0]) && !isMonthMay(text, m, ref.day !== null || ref.year !== null)) continue;
      if (ref.day !== null && (ref.day < 1 || ref.day > 31)) continue;
      if (ref.months?.some((month) => month < 0 || month > 11)) continue;
      for (let i = start; i < end; i++) taken[i] = true;
      const key = JSON.stringify(ref);
      if (seen.has(key)) continue;
      seen.add(key);
      found.push(ref);
    }
  }
  return found;
}
