/**
 * @jest-environment ./libs/embeddings/src/testing/native-realm.environment.ts
 */
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddingError } from './embedder.port';
import { LocalEmbedder } from './local.embedder';
import { isLocalModelDir, localModelDir } from './local-model';

const dir = localModelDir(process.env.LIMBIC_MODEL_DIR ?? null);
const present = existsSync(dir) && isLocalModelDir(dir);
const maybe = present ? describe : describe.skip;
if (!present) {
  // Loud on purpose: a skipped model test must never look like a passing one.
  console.warn(`LocalEmbedder model tests SKIPPED: no model in ${dir}. Run \`npm run fetch-model\` (or set LIMBIC_MODEL_DIR).`);
}

// Loading the session and a forward pass can take seconds on a busy 2-core machine.
jest.setTimeout(60_000);

const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0);

maybe(`LocalEmbedder with the model in ${dir}`, () => {
  // Built in beforeAll: a skipped describe still runs its body to collect the tests.
  let e: LocalEmbedder;
  beforeAll(() => {
    e = new LocalEmbedder({ modelDir: dir, batchSize: 4 });
  });

  it('names itself after the model and reads the dimension from its config', () => {
    expect(e.name).toBe(`local:${dir.split('/').pop()}`);
    expect(e.dimension).toBe(384);
  });

  it('returns unit vectors of that dimension, deterministically', async () => {
    const [a, b] = await e.embed(['The deploy failed at midnight', '']);
    expect(a).toHaveLength(384);
    expect(Math.sqrt(dot(a!, a!))).toBeCloseTo(1, 5);
    expect(Math.sqrt(dot(b!, b!))).toBeCloseTo(1, 5);
    const [again] = await new LocalEmbedder({ modelDir: dir }).embed(['The deploy failed at midnight']);
    again!.forEach((x, i) => expect(x).toBeCloseTo(a![i]!, 5));
  });

  it('keeps input order across batches of different lengths', async () => {
    const texts = ['one', 'a much longer sentence about the quarterly planning meeting in Lisbon', 'two words', 'three', 'x', 'the end of a rather long list of texts that fills several batches'];
    const batch = await e.embed(texts);
    for (const [i, t] of texts.entries()) {
      const [alone] = await e.embed([t]);
      batch[i]!.forEach((x, k) => expect(x).toBeCloseTo(alone![k]!, 4));
    }
  });

  it('puts paraphrases closer than unrelated sentences', async () => {
    const [q, near, far] = await e.embed(['The cat sat on the mat', 'A kitten was sitting on a rug', 'Quarterly revenue grew by 8 percent']);
    expect(dot(q!, near!)).toBeGreaterThan(dot(q!, far!) + 0.2);
  });

  it('cuts long texts to the model limit instead of failing', async () => {
    const [v] = await e.embed(['word '.repeat(2000)]);
    expect(v).toHaveLength(384);
    expect(e.maxTokens).toBe(256);
  });

  it('pools the [CLS] token when the model folder says so', async () => {
    const cls = mkdtempSync(join(tmpdir(), 'limbic-cls-'));
    for (const f of ['onnx', 'tokenizer.json', 'tokenizer_config.json', 'config.json']) symlinkSync(join(dir, f), join(cls, f));
    mkdirSync(join(cls, '1_Pooling'));
    writeFileSync(join(cls, '1_Pooling', 'config.json'), JSON.stringify({ word_embedding_dimension: 384, pooling_mode_cls_token: true }));
    const c = new LocalEmbedder({ modelDir: cls });
    expect(c.pooling).toBe('cls');
    expect(e.pooling).toBe('mean');
    const [a] = await c.embed(['The cat sat on the mat']);
    const [b] = await e.embed(['The cat sat on the mat']);
    expect(Math.sqrt(dot(a!, a!))).toBeCloseTo(1, 5);
    expect(dot(a!, b!)).toBeLessThan(0.99);
  });

  it('embeds nothing for no texts', async () => {
    await expect(e.embed([])).resolves.toEqual([]);
  });
});

describe('LocalEmbedder without a model', () => {
  it('fails at construction, naming what is missing and how to fetch it', () => {
    expect(() => new LocalEmbedder({ modelDir: '/nonexistent/model' })).toThrow(EmbeddingError);
    expect(() => new LocalEmbedder({ modelDir: '/nonexistent/model' })).toThrow(/tokenizer\.json.*fetch-model/);
  });
});
