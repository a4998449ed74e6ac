import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { CYPHER_DIR } from '@limbic/graph';
import { guideQueryFiles, renderGuide, withOrigin } from './utils/render-guide';
import { parseSavedQuery, type SavedQuery } from './utils/saved-query';

const TEMPLATE = 'guide.template.html';
const STYLE_SHEET = 'limbic.grass';

/**
 * The Neo4j Browser guide and style sheet, read from cypher/browser once at boot: a missing or
 * malformed saved query, or one the guide leaves out, stops start-up like a missing query file.
 * They hold no data, so they are served to anyone.
 */
@Injectable()
export class Neo4jGuideService {
  private readonly guide: string;
  readonly styleSheet: string;

  constructor(@Inject(CYPHER_DIR) cypherDir: string) {
    const dir = join(cypherDir, 'browser');
    const queries = new Map<string, SavedQuery>(
      readdirSync(dir)
        .filter((f) => f.endsWith('.cypher'))
        .map((f) => [f, parseSavedQuery(f, readFileSync(join(dir, f), 'utf8'))]),
    );
    const template = readFileSync(join(dir, TEMPLATE), 'utf8');
    const shown = new Set(guideQueryFiles(template));
    const left = [...queries.keys()].filter((f) => !shown.has(f));
    if (left.length > 0) throw new Error(`the Neo4j Browser guide (cypher/browser/${TEMPLATE}) has no slide for ${left.join(', ')}`);
    this.guide = renderGuide(template, queries);
    this.styleSheet = readFileSync(join(dir, STYLE_SHEET), 'utf8');
  }

  /** The guide as fetched from `origin` (scheme, host and port), which its `:style` line points back to. */
  page(origin: string): string {
    return withOrigin(this.guide, origin);
  }
}
