/** Drops whole-line `//` comments so the text sent to Neo4j (and its query log) stays lean. */
export function stripComments(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n')
    .trim();
}
