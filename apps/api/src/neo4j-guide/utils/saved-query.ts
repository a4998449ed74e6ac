/**
 * A saved query of cypher/browser: a comment header (`// Limbic — <title>`, lines saying what it
 * shows, `// Parameters: …`) over one statement.
 */
export interface SavedQuery {
  readonly file: string;
  readonly title: string;
  /** The header's description, its lines joined. */
  readonly about: string;
  /** The statement as a person runs it: no comments, no closing semicolon. */
  readonly text: string;
}

export function parseSavedQuery(file: string, source: string): SavedQuery {
  const lines = source.split('\n');
  const header = lines.filter((l) => l.trimStart().startsWith('//')).map((l) => l.trimStart().replace(/^\/\/\s?/, '').trim());
  const title = /^Limbic — (.+)$/.exec(header[0] ?? '')?.[1];
  if (title === undefined) throw new Error(`cypher/browser/${file}: the first line must be "// Limbic — <title>"`);
  const about = header
    .slice(1)
    .filter((l) => !l.startsWith('Parameters:'))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  const text = savedQueryText(source);
  if (text === '') throw new Error(`cypher/browser/${file}: no statement under the header`);
  return { file, title, about, text };
}

/** The statement alone, as it is pasted into the Browser. */
export function savedQueryText(source: string): string {
  return source
    .split('\n')
    .filter((l) => !l.trimStart().startsWith('//'))
    .join('\n')
    .trim()
    .replace(/;$/, '');
}
