import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_LOCAL_MODEL, type EmbedderKind, type EmbedderSettings, type LocalModel } from '@limbic/config';

/** ONNX files the local embedder looks for, best first (full precision before int8). */
export const ONNX_CANDIDATES = ['onnx/model.onnx', 'onnx/model_quantized.onnx', 'model.onnx', 'model_quantized.onnx'] as const;

/**
 * Finds the repository root by walking up from this file to the first folder with a
 * `package.json` beside `libs/` or `dist/`, so the same code works from `src/` under ts-jest,
 * from `dist/` and inside the Docker image (`/app`).
 */
export function findRepoRoot(start: string = __dirname): string {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && (existsSync(join(dir, 'libs')) || existsSync(join(dir, 'dist')))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`repository root (package.json beside libs/ or dist/) not found above ${start}`);
    dir = parent;
  }
}

/** `modelDir` when set (relative paths are taken from the repository root), else `<repo>/models/<model>`. */
export function localModelDir(modelDir: string | null, model: LocalModel = DEFAULT_LOCAL_MODEL, root: () => string = () => findRepoRoot()): string {
  if (modelDir) return resolve(root(), modelDir);
  return join(root(), 'models', model);
}

/** The ONNX file of a model folder, or null when the folder holds none. */
export function findOnnxFile(dir: string): string | null {
  for (const candidate of ONNX_CANDIDATES) {
    const file = join(dir, candidate);
    if (existsSync(file)) return file;
  }
  const onnxDir = join(dir, 'onnx');
  if (existsSync(onnxDir)) {
    const any = readdirSync(onnxDir).filter((f) => f.endsWith('.onnx')).sort()[0];
    if (any) return join(onnxDir, any);
  }
  return null;
}

/** True when `dir` holds everything the local embedder needs: an ONNX file, tokenizer.json and config.json. */
export function isLocalModelDir(dir: string): boolean {
  return existsSync(join(dir, 'tokenizer.json')) && existsSync(join(dir, 'config.json')) && findOnnxFile(dir) !== null;
}

export interface ResolvedEmbedder {
  readonly kind: EmbedderKind;
  /** The model folder for `local` (null otherwise). */
  readonly modelDir: string | null;
  /** Set when `auto` fell back to `hash`: log it loudly. */
  readonly warning: string | null;
}

/**
 * The one place that decides which embedder runs. An explicit kind wins; `auto` (the default)
 * takes the local model when its folder is complete, else falls back to `hash` with a warning,
 * so a fresh checkout still starts and tests still run, but nobody mistakes it for the real thing.
 */
export function resolveEmbedderKind(
  settings: Pick<EmbedderSettings, 'kind' | 'local'>,
  probe: (dir: string) => boolean = isLocalModelDir,
  root?: () => string,
): ResolvedEmbedder {
  const wantsLocal = settings.kind === 'auto' || settings.kind === 'local';
  const dir = wantsLocal ? localModelDir(settings.local.modelDir, settings.local.model, root) : null;
  switch (settings.kind) {
    case 'hash':
    case 'openai':
      return { kind: settings.kind, modelDir: null, warning: null };
    case 'local':
      return { kind: 'local', modelDir: dir, warning: null };
    case 'auto':
      if (dir !== null && probe(dir)) return { kind: 'local', modelDir: dir, warning: null };
      return {
        kind: 'hash',
        modelDir: null,
        warning:
          `NO EMBEDDING MODEL in ${dir}: falling back to the HASH embedder (bag of words, no semantics, ` +
          `much weaker recall). Run \`npm run fetch-model\` to get ${settings.local.model}, point LIMBIC_MODEL_DIR at a model, ` +
          `or set LIMBIC_EMBEDDER=hash to choose it on purpose.`,
      };
  }
}
