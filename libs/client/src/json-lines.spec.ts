import { jsonLines } from './json-lines';

async function* chunksOf(bytes: Uint8Array, cuts: readonly number[]): AsyncGenerator<Uint8Array> {
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    yield bytes.subarray(at, cut);
    at = cut;
  }
}

async function collect(lines: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const line of lines) out.push(line);
  return out;
}

describe('jsonLines', () => {
  const lines = ['{"kind":"agent","name":"Zoë"}', '{"kind":"memory","content":"café ☕ 😀 日本"}', '{"kind":"edge"}'];
  const bytes = new TextEncoder().encode(lines.join('\n') + '\n');

  it('gives the same lines wherever one cut splits the stream, inside multi-byte characters too', async () => {
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect([cut, await collect(jsonLines(chunksOf(bytes, [cut])))]).toEqual([cut, lines]);
    }
  });

  it('gives the same lines from one byte per chunk, and counts every byte', async () => {
    const seen: number[] = [];
    const cuts = Array.from({ length: bytes.length - 1 }, (_, i) => i + 1);
    expect(await collect(jsonLines(chunksOf(bytes, cuts), (n) => seen.push(n)))).toEqual(lines);
    expect(seen.at(-1)).toBe(bytes.length);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('keeps a last line without its newline, drops blank lines and a CR before the newline', async () => {
    const text = new TextEncoder().encode('{"a":1}\r\n\n\n{"b":"ü"}');
    expect(await collect(jsonLines(chunksOf(text, [3, 9, 14])))).toEqual(['{"a":1}', '{"b":"ü"}']);
  });

  it('gives nothing for an empty stream', async () => {
    expect(await collect(jsonLines(chunksOf(new Uint8Array(0), [])))).toEqual([]);
  });
});
