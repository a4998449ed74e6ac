import { readFileSync } from 'node:fs';
import { percentile } from '../common/stats';

/**
 * Load generation against a running API, shared by the load benchmark (bench/load/load.ts)
 * and the load e2e suite (test/load.e2e-spec.ts): closed loops (N clients, each sending its
 * next request when the last one answered) and open loops (requests at a fixed rate, whether
 * or not earlier ones answered, so that a slow server cannot slow the offered load down).
 */

/** What one request ended as: null for success, else the error code the client saw. */
export type Outcome = string | null;

export interface Tally {
  readonly times: number[];
  readonly errors: Record<string, number>;
  ok: number;
  /** Retry-After header values (seconds) seen on refused requests. */
  readonly retryAfter: number[];
}

export function newTally(): Tally {
  return { times: [], errors: {}, ok: 0, retryAfter: [] };
}

export interface Client {
  readonly url: string;
  readonly key?: string;
}

/** One GraphQL request: its outcome (first error code, or HTTP status when not GraphQL) and the parsed data. */
export async function send(client: Client, query: string, variables: Record<string, unknown>, tally?: Tally): Promise<{ outcome: Outcome; data: unknown }> {
  const started = performance.now();
  let outcome: Outcome;
  let data: unknown = null;
  let retryAfter: string | null = null;
  try {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (client.key) headers.authorization = `Bearer ${client.key}`;
    const res = await fetch(client.url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    retryAfter = res.headers.get('retry-after');
    const body = (await res.json().catch(() => null)) as { data?: unknown; errors?: { extensions?: { code?: string } }[] } | null;
    if (body?.errors?.length) outcome = body.errors[0]?.extensions?.code ?? 'NO_CODE';
    else if (!res.ok || !body) outcome = `HTTP_${res.status}`;
    else {
      outcome = null;
      data = body.data;
    }
  } catch (err) {
    outcome = `NETWORK_${err instanceof Error ? err.name : 'ERROR'}`;
  }
  if (tally) record(tally, outcome, performance.now() - started, retryAfter);
  return { outcome, data };
}

function record(tally: Tally, outcome: Outcome, ms: number, retryAfter: string | null): void {
  tally.times.push(ms);
  if (outcome === null) tally.ok++;
  else tally.errors[outcome] = (tally.errors[outcome] ?? 0) + 1;
  if (retryAfter !== null) tally.retryAfter.push(Number(retryAfter));
}

/** `clients` loops, each calling `op(client, i)` until `untilMs` (performance.now()) passes. */
export async function closedLoop(clients: number, untilMs: number, op: (client: number, i: number) => Promise<unknown>): Promise<void> {
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; performance.now() < untilMs; i++) await op(c, i);
    }),
  );
}

/** `op(i)` started `perSecond` times a second for `durationMs`; resolves when all have answered. */
export async function openLoop(perSecond: number, durationMs: number, op: (i: number) => Promise<unknown>): Promise<void> {
  const pending: Promise<unknown>[] = [];
  const started = performance.now();
  const total = Math.round((perSecond * durationMs) / 1000);
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(op(i));
  }
  await Promise.all(pending);
}

export function errorCount(t: Tally): number {
  return Object.values(t.errors).reduce((a, b) => a + b, 0);
}

/** One line: count, rate, p50/p99 and errors by code. */
export function describe(name: string, t: Tally, wallMs: number): string {
  const errs = errorCount(t);
  return (
    `${name.padEnd(10)} n ${String(t.times.length).padStart(6)}  ${(t.ok / (wallMs / 1000)).toFixed(1).padStart(7)} ok/s  ` +
    `p50 ${percentile(t.times, 50).toFixed(1).padStart(7)} ms  p99 ${percentile(t.times, 99).toFixed(1).padStart(8)} ms  ` +
    `errors ${errs}${errs ? ' ' + JSON.stringify(t.errors) : ''}`
  );
}

/** CPU time (ms) a process has used so far, from /proc; null when it cannot be read. */
export function cpuMs(pid: number | string): number | null {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return null;
  }
}

export const ENCODE = 'mutation($i: EncodeInput!) { encode(input: $i) { id } }';
export const RECALL = 'query($i: RecallInput!) { recall(input: $i) { items { score memory { id } } } }';
export const CREATE_AGENT = 'mutation($id: ID!) { createAgent(input: {id: $id}) { id } }';

const TOPICS = ['the deploy went badly', 'lunch with Maya', 'a quiet walk by the river', 'the budget review', 'a bug in the parser', 'news from home', 'a long meeting'];

/** Distinct, loosely related content, so that encodes link and recalls have something to rank. */
export function content(client: number, i: number): string {
  return `client ${client} note ${i}: ${TOPICS[(client + i) % TOPICS.length]}, ${TOPICS[(i * 3) % TOPICS.length]} after ${i % 11} hours`;
}

export function recallQuery(i: number): string {
  return TOPICS[i % TOPICS.length] as string;
}
