import { existsSync } from 'node:fs';
import type { Driver } from 'neo4j-driver';
import { isLocalModelDir, localModelDir } from '@limbic/embeddings';

/**
 * The ground truth of the vector-search tests (integration: every path of AgentVectorSearch;
 * e2e: a recall through the API): seeded vectors and texts, brute-force top k, and the check
 * that a search found it.
 */

const DB = { database: process.env.NEO4J_DATABASE ?? 'neo4j' };

/** A seeded generator, so that every run loads the same crowd and asks the same questions. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Made-up sentences over a skewed vocabulary (hash vectors), and readable ones about ten topics (the local model). */
export function sentences(random: () => number): { sentence(words: number): string; realSentence(i: number): string } {
  const vocab = Array.from({ length: 2000 }, (_, i) => `w${i.toString(36)}${Math.floor(random() * 1e6).toString(36)}`);
  const sentence = (n: number) => Array.from({ length: n }, () => vocab[Math.floor(random() ** 2 * vocab.length)]).join(' ');
  const topics = ['the deploy', 'a database outage', 'lunch with Ana', 'the quarterly budget', 'a flaky test', 'our hiking trip', 'the new hire', 'a customer complaint', 'the roadmap', 'my sister visiting'];
  const outcomes = ['went well', 'was a mess', 'surprised everyone', 'took all day', 'needs a follow-up'];
  return { sentence, realSentence: (i) => `${topics[i % topics.length]} ${outcomes[i % outcomes.length]} on day ${i} (${sentence(3)})` };
}

/** The generator and texts of every vector-search file, from one seed: every run loads the same data and asks the same questions. */
export function seededTexts(): { random: () => number; sentence(words: number): string; realSentence(i: number): string } {
  const random = rng(20261201);
  return { random, ...sentences(random) };
}

/** The local model's folder, and whether it was fetched; a file without it runs the hash half only, and says so. */
export function localModel(): { dir: string; present: boolean } {
  const dir = localModelDir(process.env.LIMBIC_MODEL_DIR ?? null);
  const present = existsSync(dir) && isLocalModelDir(dir);
  if (!present) console.warn(`vector search: the local-model half is SKIPPED: no model in ${dir} (npm run fetch-model)`);
  return { dir, present };
}

/** Questions whose answers the small agents hold. */
export const QUERIES = ['what went wrong with the deploy', 'lunch with Ana', 'a customer complaint took all day', 'the roadmap needs a follow-up', 'hiking'];

export function normalise(v: ArrayLike<number>): number[] {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += (v[i] ?? 0) ** 2;
  const d = Math.sqrt(n) || 1;
  return Array.from(v, (x) => x / d);
}

/** A near copy of `v`: the crowd's memories that compete hardest with an agent's own. */
export function jitter(random: () => number, v: readonly number[], amount: number): number[] {
  return normalise(v.map((x) => x + (random() * 2 - 1) * amount));
}

export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] ?? 0) * (b[i] ?? 0);
  return s;
}

export interface Stored {
  readonly id: string;
  readonly embedding: number[];
  readonly archived: boolean;
  readonly encodedAt: number;
  readonly occurredAt: number;
}

/** Brute force: the `k` best by cosine among `rows`, as (1 + cos) / 2 like the index reports. */
export function bruteTop(rows: readonly Stored[], q: readonly number[], k: number): { id: string; score: number }[] {
  return rows
    .map((r) => ({ id: r.id, score: (1 + dot(r.embedding, q)) / 2 }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
    .slice(0, k);
}

/** The same top k, allowing for equal scores in another order: every id found scores ≥ the k-th best, and as many were found. */
export function expectTopK(found: readonly { id: string }[], truth: readonly { id: string; score: number }[], rows: readonly Stored[], q: readonly number[]): void {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const kth = truth.at(-1)?.score ?? 0;
  const scores = found.map((f) => (1 + dot(byId.get(f.id)?.embedding ?? [], q)) / 2);
  expect({ size: found.length, allOwn: found.every((f) => byId.has(f.id)), belowKth: scores.filter((s) => s < kth - 1e-6).length }).toEqual({
    size: truth.length,
    allOwn: true,
    belowKth: 0,
  });
}

/** An agent's memories as stored, with what the truth needs. */
export async function storedMemories(driver: Driver, tenant: string, agentId: string): Promise<Stored[]> {
  const { records } = await driver.executeQuery(
    `MATCH (m:Memory {tenantId: $tenant, agentId: $agentId})
     RETURN m.id AS id, m.embedding AS embedding, m.archived AS archived, m.encodedAt.epochMillis AS encodedAt, m.occurredAt.epochMillis AS occurredAt`,
    { tenant, agentId },
    DB,
  );
  return records.map((r) => ({
    id: String(r.get('id')),
    embedding: (r.get('embedding') as number[]).map(Number),
    archived: r.get('archived') === true,
    encodedAt: Number(r.get('encodedAt')),
    occurredAt: Number(r.get('occurredAt')),
  }));
}

export interface LoadedRow {
  readonly id: string;
  readonly embedding: readonly number[];
  /** Epoch ms; occurredAt too unless `occurredAt` is given. */
  readonly encodedAt: number;
  readonly occurredAt?: number;
  readonly archived?: boolean;
}

/**
 * `count` memories written straight through the driver, 5,000 per transaction, with the
 * properties the searches read (a crowd's encodes would measure the write path, not the index).
 * Rows are made a chunk at a time: a crowd's vectors are not held as JS arrays all at once.
 */
export async function loadMemories(driver: Driver, tenant: string, agentId: string, count: number, row: (i: number) => LoadedRow): Promise<void> {
  for (let start = 0; start < count; start += 5000) {
    const chunk = [];
    for (let i = start; i < Math.min(count, start + 5000); i++) {
      const r = row(i);
      chunk.push({ id: r.id, embedding: r.embedding, at: r.encodedAt, occurred: r.occurredAt ?? r.encodedAt, archived: r.archived ?? false });
    }
    await driver.executeQuery(
      `UNWIND $rows AS r
       CREATE (:Memory {id: r.id, tenantId: $tenant, agentId: $agentId, content: 'memory ' + r.id, embedding: r.embedding,
         occurredAt: datetime({epochMillis: toInteger(r.occurred)}), encodedAt: datetime({epochMillis: toInteger(r.at)}),
         valence: 0.0, arousal: 0.3, dominance: 0.5, importance: 0.5, archived: r.archived, pendingAppraisal: false})`,
      { rows: chunk, tenant, agentId },
      DB,
    );
  }
}

/** Row `i` of a crowd: `${prefix}-i`, one a second from 2025-01-01. */
export function crowdRow(prefix: string, i: number, embedding: readonly number[]): LoadedRow {
  return { id: `${prefix}-${i}`, embedding, encodedAt: Date.UTC(2025, 0, 1) + i * 1000 };
}
