import { guideQueryFiles, renderGuide, withOrigin } from './render-guide';
import { parseSavedQuery } from './saved-query';

const q = parseSavedQuery(
  'x.cypher',
  ['// Limbic — paths', '// Shows a -> b', '// over two lines.', '// Parameters: $tenantId', 'MATCH (a)-->(b) WHERE a.v < 1', 'RETURN a;'].join('\n'),
);

describe('saved queries in the guide', () => {
  it('reads the title, the description without the parameters line, and the bare statement', () => {
    expect(q).toEqual({ file: 'x.cypher', title: 'paths', about: 'Shows a -> b over two lines.', text: 'MATCH (a)-->(b) WHERE a.v < 1\nRETURN a' });
  });

  it('refuses a file without the title line or without a statement', () => {
    expect(() => parseSavedQuery('y.cypher', 'MATCH (n) RETURN n')).toThrow(/first line/);
    expect(() => parseSavedQuery('y.cypher', '// Limbic — nothing\n')).toThrow(/no statement/);
  });

  it('fills placeholders escaped, lists the queries shown, and refuses an unknown file', () => {
    const template = '<h3>{{title:x.cypher}}</h3><pre>{{query:x.cypher}}</pre><pre>:style {{origin}}/s</pre>';
    const html = renderGuide(template, new Map([['x.cypher', q]]));
    expect(html).toBe('<h3>paths</h3><pre>MATCH (a)--&gt;(b) WHERE a.v &lt; 1\nRETURN a</pre><pre>:style {{origin}}/s</pre>');
    expect(withOrigin(html, 'http://localhost:9"x')).toContain(':style http://localhost:9&quot;x/s');
    expect(guideQueryFiles(template)).toEqual(['x.cypher']);
    expect(() => renderGuide('{{about:z.cypher}}', new Map())).toThrow(/z\.cypher/);
  });
});
