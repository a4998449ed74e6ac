/**
 * @jest-environment ./libs/embeddings/src/testing/native-realm.environment.ts
 */
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_MODELS, type LocalModel } from '@limbic/config';
import { EmbeddingError } from './embedder.port';
import { LocalEmbedder } from './local.embedder';
import { isLocalModelDir, localModelDir } from './local-model';

/** What each model's folder must give: its pooling and token limit (from its configs). */
const EXPECTED: Record<LocalModel, { pooling: 'mean' | 'cls'; maxTokens: number }> = {
  'bge-small-en-v1.5': { pooling: 'cls', maxTokens: 512 },
  'all-MiniLM-L6-v2': { pooling: 'mean', maxTokens: 256 },
};
const models = LOCAL_MODELS.map((model) => ({ model, dir: localModelDir(null, model), ...EXPECTED[model] }));
for (const { model, dir } of models) {
  // Loud on purpose: a skipped model test must never look like a passing one.
  if (!isLocalModelDir(dir)) console.warn(`LocalEmbedder tests of ${model} SKIPPED: no model in ${dir}. Run \`npm run fetch-model ${model}\`.`);
}
const present = models.filter((m) => existsSync(m.dir) && isLocalModelDir(m.dir));

// Loading the session and a forward pass can take seconds on a busy 2-core machine.
jest.setTimeout(60_000);

const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0);

describe.each(present.length > 0 ? present : [null])('LocalEmbedder with %p', (m) => {
  if (m === null) {
    // Reached only without any fetched model: the warning above says which and how to fetch it.
    it.skip('no local model fetched', () => undefined);
    return;
  }
  const { dir, pooling, maxTokens } = m;
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
    const [a] = await e.embed(['The deploy failed at midnight']);
    const [b] = await e.embed(['']);
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
      // bge's int8 export quantizes activations per tensor (DynamicQuantizeLinear), so a text's
      // vector moves a little with its batch companions (cosine >= 0.99 measured); MiniLM's does not.
      if (pooling === 'cls') expect(dot(batch[i]!, alone!)).toBeGreaterThan(0.98);
      else batch[i]!.forEach((x, k) => expect(x).toBeCloseTo(alone![k]!, 4));
      for (const [j] of texts.entries()) if (j !== i) expect(dot(batch[i]!, alone!)).toBeGreaterThan(dot(batch[j]!, alone!));
    }
  });

  it('puts paraphrases closer than unrelated sentences', async () => {
    const [q, near, far] = await e.embed(['The cat sat on the mat', 'A kitten was sitting on a rug', 'Quarterly revenue grew by 8 percent']);
    expect(dot(q!, near!)).toBeGreaterThan(dot(q!, far!) + 0.2);
  });

  it('cuts long texts to the model limit instead of failing', async () => {
    const [v] = await e.embed(['word '.repeat(2000)]);
    expect(v).toHaveLength(384);
    expect(e.maxTokens).toBe(maxTokens);
    expect(e.pooling).toBe(pooling);
  });

  it('pools the way the model folder says (the other pooling gives another vector)', async () => {
    // The same model with the opposite 1_Pooling/config.json: [CLS] for MiniLM, mean for bge.
    const flipped = mkdtempSync(join(tmpdir(), 'limbic-pooling-'));
    for (const f of ['onnx', 'tokenizer.json', 'tokenizer_config.json', 'config.json']) symlinkSync(join(dir, f), join(flipped, f));
    mkdirSync(join(flipped, '1_Pooling'));
    writeFileSync(join(flipped, '1_Pooling', 'config.json'), JSON.stringify({ word_embedding_dimension: 384, pooling_mode_cls_token: pooling === 'mean' }));
    const other = new LocalEmbedder({ modelDir: flipped });
    expect(other.pooling).toBe(pooling === 'mean' ? 'cls' : 'mean');
    expect(e.pooling).toBe(pooling);
    const [a] = await other.embed(['The cat sat on the mat']);
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
