import { isUnfiltered, type MemoryFilter } from '../memory-filter';
import type { TxRunner } from '../neo4j-executor';
import { toPlain } from '../records';
import type { CodedCandidates } from './coded-rows';
import { copyFilter } from './copy-filter';
import type { ResidentCopy } from './resident-vectors';

/** A copy with more memories stamped after it than this is loaded afresh (each search scores them all). */
export const RENEW_AFTER_STAMPED = 2_000;
/** Rounds of a probe whose proof failed, each with four times the anchors, before it goes to the exact scan. */
const WIDENINGS = 3;

export interface ResidentProbe {
  readonly key: string;
  readonly vector: readonly number[];
  /** Epoch millis: only memories encoded strictly before count. */
  readonly before: number;
}

export interface ResidentQuery {
  readonly tenantId: string;
  readonly agentId: string;
  readonly k: number;
  readonly withArchived: boolean;
  readonly recallRows: boolean;
  /** A recall's filter (NO_FILTER for every other caller): the copy's rows are chosen by it, the query checks it again. */
  readonly filter: MemoryFilter;
}

export interface ResidentAnswer {
  /** Raw hits per probe key (parsed by AgentVectorSearch). */
  readonly hits: Map<string, unknown>;
  /** Probes no widening proved: the caller scans them exactly. */
  readonly unproven: readonly string[];
  /** The agent is another incarnation than the copy's: nothing here may be used. */
  readonly foreign: boolean;
  /** The copy should be loaded afresh (a proof failed, or many memories were stamped after it). */
  readonly renew: boolean;
}

/**
 * Each probe's exact top k from a held copy: the copy's codes choose the candidates and anchors
 * (CodedRows.candidates, among the rows this search may return by the copy's flags and filter
 * columns), one query scores them and everything stamped after the copy exactly
 * (vector.agent-nearest-resident). A
 * probe whose anchors changed since the copy is asked again with more, so that the anchors that
 * still hold are enough.
 */
export async function searchResident(tx: TxRunner, copy: ResidentCopy, query: ResidentQuery, probes: readonly ResidentProbe[]): Promise<ResidentAnswer> {
  const hits = new Map<string, unknown>();
  let pending = probes.filter((p) => p.vector.length === copy.rows.dim);
  // A probe of another length finds nothing, as in the index.
  for (const p of probes) if (p.vector.length !== copy.rows.dim) hits.set(p.key, []);
  let want = Math.max(1, Math.floor(query.k));
  let renew = false;
  // The scan holds the thread for ≈ 2 ms at 100,000 rows. Queries the caller sent just before
  // (recall's prelude, in the same transaction) wait for its connection on the event loop: let
  // them leave first, so that Neo4j runs them while this process scans.
  if (pending.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
  const passes = isUnfiltered(query.filter) ? undefined : copyFilter(copy.filters, query.filter);
  for (let round = 0; round <= WIDENINGS && pending.length > 0; round++) {
    const chosen = new Map<string, { found: CodedCandidates; complete: boolean }>();
    const sent = pending.map((p) => {
      const accept = (row: number): boolean => (query.withArchived || copy.archived[row] === 0) && copy.encodedAt[row]! < p.before && (!passes || passes(row));
      const found = copy.rows.candidates(p.vector, want, accept);
      // Fewer accepted rows than asked for: every one of them is a candidate, no proof needed.
      chosen.set(p.key, { found, complete: found.anchors.length < want });
      return {
        key: p.key,
        vector: p.vector,
        before: p.before,
        candidates: Array.from(found.candidates, (r) => copy.ids[r]!),
        anchors: Array.from(found.anchors, (r) => copy.ids[r]!),
      };
    });
    const rows = await tx.run<{ key: unknown; proven: unknown; incarnation: unknown; stamped: unknown; hits: unknown }>('vector.agent-nearest-resident', {
      tenantId: query.tenantId,
      agentId: query.agentId,
      k: Math.floor(query.k),
      rev: copy.rev,
      withArchived: query.withArchived,
      recallRows: query.recallRows,
      filter: query.filter,
      probes: sent,
    });
    const failed: ResidentProbe[] = [];
    for (const row of rows) {
      if (String(row.incarnation) !== copy.incarnation) return { hits, unproven: [], foreign: true, renew: true };
      if (Number(toPlain(row.stamped)) > RENEW_AFTER_STAMPED) renew = true;
      const key = String(row.key);
      if (row.proven === true || chosen.get(key)?.complete) hits.set(key, row.hits);
      else failed.push(pending.find((p) => p.key === key)!);
    }
    if (failed.length > 0) renew = true;
    pending = failed;
    want *= 4;
  }
  return { hits, unproven: pending.map((p) => p.key), foreign: false, renew };
}
