import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmbedderSettings } from '@limbic/config';
import { createEmbedder } from './create-embedder';
import { findOnnxFile, findRepoRoot, isLocalModelDir, localModelDir, resolveEmbedderKind } from './local-model';

const settings = (kind: EmbedderSettings['kind'], modelDir: string | null = null) => ({ kind, local: { model: 'all-MiniLM-L6-v2' as const, modelDir, batchSize: 32, threads: 0 } });
const root = () => '/repo';

describe('resolveEmbedderKind', () => {
  it('keeps an explicit kind', () => {
    expect(resolveEmbedderKind(settings('hash'), () => true, root)).toEqual({ kind: 'hash', modelDir: null, warning: null });
    expect(resolveEmbedderKind(settings('openai'), () => true, root).kind).toBe('openai');
    expect(resolveEmbedderKind(settings('local'), () => false, root)).toEqual({ kind: 'local', modelDir: '/repo/models/all-MiniLM-L6-v2', warning: null });
  });

  it('auto takes the local model when its folder is complete', () => {
    expect(resolveEmbedderKind(settings('auto', '/m/bge'), (d) => d === '/m/bge', root)).toEqual({ kind: 'local', modelDir: '/m/bge', warning: null });
  });

  it('auto falls back to hash with a warning naming the folder and the fix', () => {
    const r = resolveEmbedderKind(settings('auto'), () => false, root);
    expect(r.kind).toBe('hash');
    expect(r.warning).toMatch(/\/repo\/models\/all-MiniLM-L6-v2[\s\S]*HASH[\s\S]*npm run fetch-model/);
  });
});

describe('model folder helpers', () => {
  it('finds the repository root from this folder', () => {
    const r = findRepoRoot();
    expect(localModelDir(null, undefined, () => r)).toBe(join(r, 'models', 'bge-small-en-v1.5'));
    expect(localModelDir(null, 'all-MiniLM-L6-v2', () => r)).toBe(join(r, 'models', 'all-MiniLM-L6-v2'));
    expect(localModelDir('models/x', 'all-MiniLM-L6-v2', () => r)).toBe(join(r, 'models', 'x'));
    expect(localModelDir('/abs/x', undefined, () => r)).toBe('/abs/x');
  });

  it('recognises a complete folder and prefers full precision', () => {
    const d = mkdtempSync(join(tmpdir(), 'limbic-model-'));
    expect(isLocalModelDir(d)).toBe(false);
    mkdirSync(join(d, 'onnx'));
    writeFileSync(join(d, 'onnx', 'model_quantized.onnx'), '');
    writeFileSync(join(d, 'tokenizer.json'), '{}');
    expect(isLocalModelDir(d)).toBe(false);
    writeFileSync(join(d, 'config.json'), '{"hidden_size":384}');
    expect(isLocalModelDir(d)).toBe(true);
    expect(findOnnxFile(d)).toBe(join(d, 'onnx', 'model_quantized.onnx'));
    writeFileSync(join(d, 'onnx', 'model.onnx'), '');
    expect(findOnnxFile(d)).toBe(join(d, 'onnx', 'model.onnx'));
  });
});

describe('createEmbedder', () => {
  const base = { hashDimension: 384, openai: {} as EmbedderSettings['openai'] };
  const quiet = () => {
    const lines: string[] = [];
    return { lines, log: { log: (m: string) => lines.push(m), warn: (m: string) => lines.push(`WARN ${m}`) } };
  };

  it('falls back to hash under auto when the model folder is absent, warning once', () => {
    const { lines, log } = quiet();
    const e = createEmbedder({ ...base, ...settings('auto', '/nonexistent/model') }, log);
    expect(e.name).toBe('hash-384');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^WARN .*NO EMBEDDING MODEL/);
  });

  it('refuses an explicit local embedder without a model', () => {
    expect(() => createEmbedder({ ...base, ...settings('local', '/nonexistent/model') }, quiet().log)).toThrow(/fetch-model/);
  });
});
