/**
 * Where Monaco finds its workers: the bundles scripts/build-web.mjs builds from this folder's
 * `*.worker.entry.ts`, next to this page's own script. Without this Monaco would look for them
 * on a CDN, or run them on the main thread with a warning.
 */
interface MonacoEnvironment {
  getWorker(workerId: string, label: string): Worker;
}

const WORKERS: Readonly<Record<string, string>> = { json: 'json.worker.js', graphql: 'graphql.worker.js' };

(globalThis as { MonacoEnvironment?: MonacoEnvironment }).MonacoEnvironment = {
  getWorker(_workerId, label) {
    const file = WORKERS[label] ?? 'editor.worker.js';
    return new Worker(new URL(file, import.meta.url), { type: 'module', name: label });
  },
};
