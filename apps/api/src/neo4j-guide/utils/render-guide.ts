import type { SavedQuery } from './saved-query';

const PLACEHOLDER = /\{\{(title|about|query):([\w.-]+)\}\}/g;
const ORIGIN = '{{origin}}';

/**
 * Fills a guide template's `{{title:FILE}}`, `{{about:FILE}}` and `{{query:FILE}}` from the saved
 * queries, HTML-escaped (the Browser copies a code block's text, so `<` in Cypher must survive).
 * `{{origin}}` is left for `withOrigin`, per request; the template's comments (for its editors)
 * are dropped. A placeholder naming no saved query is an error: a slide without its query would
 * mislead.
 */
export function renderGuide(template: string, queries: ReadonlyMap<string, SavedQuery>): string {
  return template.replace(/<!--[\s\S]*?-->\s*/g, '').replace(PLACEHOLDER, (_all, field: 'title' | 'about' | 'query', file: string) => {
    const q = queries.get(file);
    if (q === undefined) throw new Error(`the Neo4j Browser guide names cypher/browser/${file}, which does not exist`);
    return escapeHtml(field === 'query' ? q.text : q[field]);
  });
}

/** The saved queries a rendered guide's template names in `{{query:…}}`. */
export function guideQueryFiles(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].filter((m) => m[1] === 'query').map((m) => m[2] ?? '');
}

/** Where the guide was fetched from goes into its `:style` line (a remote guide's links are not relative to it). */
export function withOrigin(guide: string, origin: string): string {
  return guide.split(ORIGIN).join(escapeHtml(origin));
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
