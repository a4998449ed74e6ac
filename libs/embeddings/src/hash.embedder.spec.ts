import fc from 'fast-check';
import { HashEmbedder } from './hash.embedder';

const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0);
const norm = (a: number[]) => Math.sqrt(dot(a, a));

describe('HashEmbedder', () => {
  const e = new HashEmbedder(384);

  it('is deterministic across instances, for any text', async () => {
    const [a] = await e.embed(['The deploy failed at midnight']);
    const [b] = await new HashEmbedder(384).embed(['The deploy failed at midnight']);
    expect(a).toEqual(b);
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 200 }), async (text) => {
        expect(await new HashEmbedder(384).embed([text])).toEqual(await e.embed([text]));
      }),
    );
  });

  it('property: a text is closer to itself with one more word than to a text of other words', async () => {
    // Words over disjoint alphabets share no word or character n-gram, so only hash
    // collisions relate A and B; A and A + w share all of A's features.
    const word = (alphabet: string) => fc.stringMatching(new RegExp(`^[${alphabet}]{3,9}$`));
    await fc.assert(
      fc.asyncProperty(fc.array(word('a-m'), { minLength: 3, maxLength: 12 }), word('a-m'), fc.array(word('n-z'), { minLength: 3, maxLength: 12 }), async (a, extra, b) => {
        const [va, vNear, vFar] = await e.embed([a.join(' '), [...a, extra].join(' '), b.join(' ')]);
        expect(dot(va!, vNear!)).toBeGreaterThan(dot(va!, vFar!));
      }),
      { numRuns: 200 },
    );
  });

  it('returns unit vectors of the configured dimension for any text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 200 }), async (text) => {
        const [v] = await e.embed([text]);
        expect(v).toHaveLength(384);
        expect(norm(v!)).toBeCloseTo(1, 9);
      }),
    );
  });

  it('puts similar texts closer than unrelated ones', async () => {
    const [q, near, far] = await e.embed([
      'the production database outage last night',
      'last night the production database had an outage',
      'my daughter loves painting sunflowers',
    ]);
    expect(dot(q!, near!)).toBeGreaterThan(0.8);
    expect(dot(q!, near!)).toBeGreaterThan(dot(q!, far!) + 0.5);
  });

  it('relates word forms through character n-grams', async () => {
    const [a, b, c] = await e.embed(['deployment', 'deploy', 'banana']);
    expect(dot(a!, b!)).toBeGreaterThan(dot(a!, c!));
  });

  it('keeps batch order', async () => {
    const texts = ['one', 'two', 'three'];
    const batch = await e.embed(texts);
    for (const [i, t] of texts.entries()) expect(batch[i]).toEqual((await e.embed([t]))[0]);
  });

  it('rejects a useless dimension', () => {
    expect(() => new HashEmbedder(4)).toThrow(RangeError);
  });
});
