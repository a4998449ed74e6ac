import { existsSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import type * as Ort from 'onnxruntime-node';
import { EmbeddingError, type Embedder } from './embedder.port';
import { l2Normalise } from './hash.embedder';
import { findOnnxFile } from './local-model';

export interface LocalEmbedderOptions {
  /** Folder with an ONNX file (onnx/model.onnx or onnx/model_quantized.onnx), tokenizer.json and config.json. */
  readonly modelDir: string;
  /** Texts per forward pass (default 32). */
  readonly batchSize?: number;
  /** ONNX Runtime intra-op threads; 0 or absent lets the runtime choose. */
  readonly threads?: number;
  /** Token limit per text, [CLS] and [SEP] included (default: the model's max_seq_length, else 256). */
  readonly maxTokens?: number;
}

interface Loaded {
  readonly ort: typeof Ort;
  readonly session: Ort.InferenceSession;
  readonly tokenizer: Tokenizer;
}

/**
 * Cosine scales (libs/affect math/cosine-scale.ts), measured on the LoCoMo dev split: the median
 * cosine between a question and a random turn of its conversation is 0.262 with MiniLM (the
 * reference every threshold was set on) and 0.534 with bge-small, so s = 0.738 / 0.466 = 1.58.
 * On that scale bge's question–evidence median (0.676 → 0.488) and best-match median
 * (0.745 → 0.597) land next to MiniLM's (0.480, 0.639).
 */
const COSINE_SCALES: Readonly<Record<string, number>> = { 'all-MiniLM-L6-v2': 1, 'bge-small-en-v1.5': 1.58 };

const readJson = <T>(file: string, fallback: T): T => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : fallback);

/**
 * A sentence-embedding model (all-MiniLM-L6-v2 by default) run in-process with ONNX Runtime:
 * the tokenizer from the folder's tokenizer.json, one forward pass per batch, mean pooling over
 * the attention mask (or the [CLS] token when 1_Pooling/config.json says so), L2 normalisation. Nothing is ever downloaded: the model folder is
 * fetched beforehand by scripts/fetch-model.sh.
 *
 * The dimension is read from config.json at construction (the schema check needs it before any
 * text is embedded); the runtime and the session are loaded once, on the first `embed`.
 */
export class LocalEmbedder implements Embedder {
  readonly name: string;
  readonly dimension: number;
  readonly modelFile: string;
  readonly maxTokens: number;
  /** The model's cosine scale (COSINE_SCALES by folder name; 1 for a model not measured). */
  readonly cosineScale: number;
  /** From 1_Pooling/config.json: `cls` for models trained that way (e.g. bge), else mean (MiniLM). */
  readonly pooling: 'mean' | 'cls';
  private readonly batchSize: number;
  private loading: Promise<Loaded> | null = null;
  /** Forward passes run one at a time: on a small CPU, parallel sessions only fight for cores. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: LocalEmbedderOptions) {
    const dir = options.modelDir;
    const onnx = findOnnxFile(dir);
    const missing = [onnx ? null : 'an ONNX file (onnx/model.onnx or onnx/model_quantized.onnx)', ...['tokenizer.json', 'config.json'].map((f) => (existsSync(join(dir, f)) ? null : f))].filter(Boolean);
    if (!onnx || missing.length > 0) {
      throw new EmbeddingError(`local embedding model folder ${dir} lacks ${missing.join(', ')}; run \`npm run fetch-model\` or set LIMBIC_MODEL_DIR`, false);
    }
    const config = readJson<{ hidden_size?: number; max_position_embeddings?: number }>(join(dir, 'config.json'), {});
    const pooling = readJson<{ word_embedding_dimension?: number; pooling_mode_cls_token?: boolean }>(join(dir, '1_Pooling', 'config.json'), {});
    const st = readJson<{ max_seq_length?: number }>(join(dir, 'sentence_bert_config.json'), {});
    const dimension = pooling.word_embedding_dimension ?? config.hidden_size;
    if (!Number.isInteger(dimension) || (dimension ?? 0) < 1) throw new EmbeddingError(`${dir}/config.json has no hidden_size`, false);
    this.dimension = dimension as number;
    this.modelFile = onnx;
    this.maxTokens = Math.min(options.maxTokens ?? st.max_seq_length ?? 256, config.max_position_embeddings ?? 512);
    this.batchSize = Math.max(1, options.batchSize ?? 32);
    this.pooling = pooling.pooling_mode_cls_token ? 'cls' : 'mean';
    this.name = `local:${basename(dir)}`;
    this.cosineScale = COSINE_SCALES[basename(dir)] ?? 1;
  }

  /** Path of the ONNX file relative to the model folder, e.g. `onnx/model_quantized.onnx`. */
  get modelFileName(): string {
    return relative(this.options.modelDir, this.modelFile);
  }

  async embed(texts: readonly string[]): Promise<number[][]> {
    if (texts.length === 0) return [];
    const loaded = await this.load();
    const ids = texts.map((t) => this.tokenize(loaded.tokenizer, t));
    // Shortest first, so each batch pads to a similar length; results go back in input order.
    const order = ids.map((_, i) => i).sort((a, b) => ids[a]!.length - ids[b]!.length || a - b);
    const out = new Array<number[]>(texts.length);
    for (let start = 0; start < order.length; start += this.batchSize) {
      const slice = order.slice(start, start + this.batchSize);
      const vectors = await this.serial(() => this.forward(loaded, slice.map((i) => ids[i]!)));
      slice.forEach((i, j) => (out[i] = vectors[j]!));
    }
    return out;
  }

  /** Loads the runtime, the tokenizer and the session once; a failed load is retried on the next call. */
  private load(): Promise<Loaded> {
    this.loading ??= this.open().catch((err: unknown) => {
      this.loading = null;
      throw err instanceof EmbeddingError ? err : new EmbeddingError(`cannot load ${this.modelFile}: ${(err as Error).message}`, false);
    });
    return this.loading;
  }

  private async open(): Promise<Loaded> {
    // Required lazily: the native runtime is only loaded by processes that use the local model.
    // (Under Jest, a spec that runs the model needs testing/native-realm.environment.ts.)
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const ort = require('onnxruntime-node') as typeof Ort;
    const dir = this.options.modelDir;
    const tokenizer = new Tokenizer(readJson<object>(join(dir, 'tokenizer.json'), {}), readJson<object>(join(dir, 'tokenizer_config.json'), {}));
    const threads = this.options.threads ?? 0;
    const session = await ort.InferenceSession.create(this.modelFile, {
      executionProviders: ['cpu'],
      graphOptimizationLevel: 'all',
      interOpNumThreads: 1,
      ...(threads > 0 ? { intraOpNumThreads: threads } : {}),
    });
    return { ort, session, tokenizer };
  }

  /** Token ids with the model's special tokens, cut to maxTokens keeping the closing [SEP]. */
  private tokenize(tokenizer: Tokenizer, text: string): number[] {
    const ids = tokenizer.encode(text).ids;
    if (ids.length <= this.maxTokens) return ids;
    return [...ids.slice(0, this.maxTokens - 1), ids[ids.length - 1]!];
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async forward({ ort, session }: Loaded, batch: readonly number[][]): Promise<number[][]> {
    const rows = batch.length;
    const width = Math.max(...batch.map((b) => b.length));
    // Padding is token 0 ([PAD]) with mask 0.
    const inputIds = new BigInt64Array(rows * width);
    const mask = new BigInt64Array(rows * width);
    batch.forEach((ids, r) =>
      ids.forEach((id, c) => {
        inputIds[r * width + c] = BigInt(id);
        mask[r * width + c] = 1n;
      }),
    );
    const feeds: Record<string, Ort.Tensor> = {};
    const dims = [rows, width];
    for (const name of session.inputNames) {
      if (name === 'input_ids') feeds[name] = new ort.Tensor('int64', inputIds, dims);
      else if (name === 'attention_mask') feeds[name] = new ort.Tensor('int64', mask, dims);
      else if (name === 'token_type_ids') feeds[name] = new ort.Tensor('int64', new BigInt64Array(rows * width), dims);
      else throw new EmbeddingError(`${this.modelFile} wants an unknown input "${name}"`, false);
    }
    const dim = this.dimension;
    // Token states (last_hidden_state, mean-pooled here) or, for exports that pool inside the
    // graph, one vector per text (sentence_embedding).
    const pooled = !session.outputNames.includes('last_hidden_state');
    const outputName = pooled ? (session.outputNames.includes('sentence_embedding') ? 'sentence_embedding' : session.outputNames[0]!) : 'last_hidden_state';
    let output: Ort.Tensor;
    try {
      output = (await session.run(feeds))[outputName] as Ort.Tensor;
    } catch (err) {
      throw new EmbeddingError(`${this.name} forward pass failed: ${(err as Error).message}`, false);
    }
    const data = output.data as Float32Array;
    const expected = pooled ? [rows, dim] : [rows, width, dim];
    if (output.dims.join('x') !== expected.join('x')) {
      throw new EmbeddingError(`${this.modelFile}: output ${outputName} is ${output.dims.join('x')}, expected ${expected.join('x')}`, false);
    }
    if (pooled) return batch.map((_, r) => l2Normalise(Array.from(data.subarray(r * dim, (r + 1) * dim))));
    if (this.pooling === 'cls') return batch.map((_, r) => l2Normalise(Array.from(data.subarray(r * width * dim, r * width * dim + dim))));
    return batch.map((ids, r) => {
      // Mean over the real tokens: the mask excludes padding, which is all the tokens past ids.length.
      const sum = new Float64Array(dim);
      for (let t = 0; t < ids.length; t++) {
        const base = (r * width + t) * dim;
        for (let k = 0; k < dim; k++) sum[k] = sum[k]! + data[base + k]!;
      }
      return l2Normalise(Array.from(sum, (x) => x / ids.length));
    });
  }
}
