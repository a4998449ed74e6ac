import { findCypherDir } from '@limbic/graph';
import { Neo4jGuideService } from './neo4j-guide.service';
import { savedQueryText } from './utils/saved-query';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(findCypherDir(), 'browser');

describe('Neo4jGuideService (the real cypher/browser folder)', () => {
  const page = new Neo4jGuideService(findCypherDir()).page('http://localhost:4000');

  it('has one slide per saved query, each holding that file’s statement, HTML-escaped', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.cypher'));
    expect(files.length).toBeGreaterThanOrEqual(7);
    for (const f of files) {
      const escaped = savedQueryText(readFileSync(join(dir, f), 'utf8')).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
      expect({ f, inGuide: page.includes(`data-file="${f}">${escaped}</pre>`) }).toEqual({ f, inGuide: true });
    }
    expect(page.match(/<slide /g)?.length).toBe(files.length + 1);
  });

  it('points its style line at the origin it was fetched from and leaves no placeholder', () => {
    expect(page).toContain(':style http://localhost:4000/neo4j-guide/limbic.grass');
    expect(page).not.toMatch(/\{\{/);
  });
});
