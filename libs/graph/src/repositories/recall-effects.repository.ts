import { Injectable } from '@nestjs/common';
import type { AgentRecord } from '../model';
import { Neo4jExecutor } from '../neo4j-executor';
import { StateHistoryRepository } from './state-history.repository';
import { parseAgent } from '../record-parsers';
import { num, numList, str, strList, toPlain } from '../records';
import { VALENCE_BAND_LABELS, valenceBand } from '../valence-band';
import type { RecallPrimedConcept } from './recall.repository';
import type { KeysetCursor, KeysetPage } from './keyset-page';

type Row = Record<string, unknown>;

export interface EffectsMemoryState {
  readonly id: string;
  readonly affect: readonly number[];
  /** Null on memories that have never been recalled or predate reconsolidation. */
  readonly expectedAffect: readonly number[] | null;
  readonly predictionRate: number | null;
  readonly labileUntil: number | null;
  readonly reconsolidationCount: number;
  /** Its tags and the concepts it is TAGGED with: what a broadcast of it primes. */
  readonly concepts: readonly string[];
}

/** The global workspace a recall left (RecallEffectsJobV1.workspace). */
export interface RecallWorkspace {
  readonly event: 'none' | 'ignited' | 'taken-over' | 'held';
  readonly focusId: string | null;
  readonly score: number;
  readonly sinceMs: number;
  readonly expiresAtMs: number;
  readonly suppressed: readonly string[];
}

/** A stored edge or co-recall counter between two co-recalled memories (a → b as stored). */
export interface CoRecallLink {
  readonly a: string;
  readonly b: string;
  readonly type: string;
  readonly weight: number;
  readonly count: number;
}

export interface EffectsSnapshot {
  readonly agent: AgentRecord;
  readonly primed: readonly RecallPrimedConcept[];
  readonly memories: readonly EffectsMemoryState[];
  readonly links: readonly CoRecallLink[];
}

export interface EffectsPlan {
  readonly memoryUpdates: readonly {
    readonly id: string;
    readonly valence: number;
    readonly arousal: number;
    readonly dominance: number;
    readonly expectedAffect: readonly number[];
    readonly predictionRate: number;
    readonly labileUntil: number | null;
    readonly reconsolidationCount: number;
  }[];
  readonly strengthen: readonly { readonly a: string; readonly b: string; readonly type: string; readonly weight: number }[];
  readonly counters: readonly { readonly a: string; readonly b: string; readonly count: number }[];
  readonly create: readonly { readonly a: string; readonly b: string; readonly weight: number; readonly count: number }[];
  readonly energy: number;
  readonly energyAt: number;
  /** The session with this recall counted in it. */
  readonly session: { readonly startedAt: number; readonly interactions: number; readonly lastAt: number };
  /** The workspace to store on the agent (null: leave it), unless a later recall's is there already. */
  readonly workspace: RecallWorkspace | null;
  readonly primed: readonly { readonly name: string; readonly activation: number; readonly at: number }[];
  /** Flat raw signals of the returned memories, for feedback. */
  readonly signals: readonly number[];
}

export interface EffectsRequest {
  readonly tenantId: string;
  readonly agentId: string;
  readonly recallId: string;
  readonly now: number;
  /** Every returned memory, best first. */
  readonly memoryIds: readonly string[];
  /** The co-recalled memories whose links learn. */
  readonly coRecalledIds: readonly string[];
  /** The weights the recall used and its query type (null in jobs from before they were recorded). */
  readonly weights: readonly number[] | null;
  readonly queryType: string | null;
  /** When the effects were applied (the worker's clock): retention counts from it. */
  readonly appliedAt: number;
}

/** Everything a recall's effects job carries, as the API records it and the sweep reads it back. */
export interface RecallRecord {
  readonly tenantId: string;
  readonly agentId: string;
  readonly recallId: string;
  /** The recall's instant (epoch ms). */
  readonly now: number;
  /** Returned memories, best first. */
  readonly memoryIds: readonly string[];
  /** Their raw signals, flat, 12 per memory (SIGNAL_NAMES order). */
  readonly signals: readonly number[];
  readonly concepts: readonly string[];
  readonly focusId: string | null;
  readonly workspace: RecallWorkspace | null;
  readonly weights: readonly number[] | null;
  readonly queryType: string | null;
}

export interface ExpiredRecalls {
  /** Applied records deleted (feedback on them is refused from now on). */
  readonly applied: number;
  /** Pending records deleted: their effects were given up. */
  readonly pending: number;
}

/**
 * Applies one recall's effects in one write transaction, at most once per recall: the
 * agent's lock is taken first, a recorded RecallEffect means "already done".
 */
@Injectable()
export class RecallEffectsRepository {
  constructor(
    private readonly db: Neo4jExecutor,
    private readonly history: StateHistoryRepository,
  ) {}

  /** `plan` must be pure: the transaction may be retried. */
  apply(req: EffectsRequest, plan: (snapshot: EffectsSnapshot) => EffectsPlan): Promise<'done' | 'skipped'> {
    const scope = { tenantId: req.tenantId, agentId: req.agentId };
    return this.db.writeTx('recall-effects', async (tx) => {
      const [begin] = await tx.run<Row>('recall-effects.begin', { ...scope, recallId: req.recallId });
      // An agent deleted since the recall, or a recall already applied: nothing to do.
      if (!begin || begin.processed === true) return 'skipped';
      const memories = (await tx.run<Row>('recall-effects.load-memories', { ...scope, ids: req.memoryIds })).map((r) => {
        const m = toPlain(r) as Row;
        return {
          id: String(m.id),
          affect: [num(m.valence), num(m.arousal), num(m.dominance, 0.5)],
          expectedAffect: Array.isArray(m.expectedAffect) ? numList(m.expectedAffect) : null,
          predictionRate: typeof m.predictionRate === 'number' ? m.predictionRate : null,
          labileUntil: typeof m.labileUntil === 'number' ? m.labileUntil : null,
          reconsolidationCount: num(m.reconsolidationCount),
          concepts: strList(m.concepts),
        };
      });
      const links = (await tx.run<Row>('recall-effects.load-pairs', { ...scope, ids: req.coRecalledIds })).map((r) => {
        const l = toPlain(r) as Row;
        return { a: String(l.a), b: String(l.b), type: String(l.type), weight: num(l.weight), count: num(l.count) };
      });
      const p = plan({
        agent: parseAgent(begin.agent),
        primed: (toPlain(begin.primed) as Row[]).map((x) => ({ name: String(x.name), activation: num(x.activation), atMs: num(x.at) })),
        memories,
        links,
      });
      await tx.run('recall-effects.apply-memories', {
        ...scope,
        now: req.now,
        updates: p.memoryUpdates.map((u) => ({ ...u, valenceBand: valenceBand(u.valence) })),
        valenceBands: VALENCE_BAND_LABELS,
      });
      await tx.run('recall-effects.apply-edges', { ...scope, now: req.now, strengthen: p.strengthen, counters: p.counters, create: p.create });
      await tx.run('recall-effects.apply-agent', {
        ...scope,
        energy: p.energy,
        energyAt: p.energyAt,
        sessionStartedAt: p.session.startedAt,
        sessionInteractions: p.session.interactions,
        lastInteractionAt: p.session.lastAt,
        now: req.now,
        workspace: p.workspace,
        primed: p.primed,
      });
      await this.history.record(tx, req.tenantId, req.agentId, 'RECALL');
      await tx.run('recall-effects.record', {
        ...scope,
        recallId: req.recallId,
        now: req.now,
        memoryIds: req.memoryIds,
        signals: p.signals,
        weights: req.weights,
        queryType: req.queryType,
        appliedAt: req.appliedAt,
      });
      return 'done';
    }, req.tenantId);
  }

  /**
   * Records a recall whose effects are still to apply (the API, after answering). False when
   * its agent is gone. A record that exists already (the job ran first) is left as it is.
   */
  async recordPending(r: RecallRecord, recordedAt: number): Promise<boolean> {
    const rows = await this.db.write('recall-effects.record-pending', { ...r, recordedAt });
    return rows.length > 0;
  }

  /**
   * One page of the recalls recorded pending before `before` whose effects have not applied,
   * oldest first, after `after` in (pendingSince, id) order; `tenants` empty means every tenant.
   */
  async findPending(before: number, after: KeysetCursor, limit: number, tenants: readonly string[]): Promise<KeysetPage<RecallRecord>> {
    const rows = await this.db.read<Row>('recall-effects.find-pending', { before, afterAt: after.at, afterId: after.id, limit, tenants });
    return {
      rows: rows.map((row) => {
        const r = toPlain(row) as Row;
        const recallId = String(r.recallId);
        return {
          key: { at: num(r.pendingAt), id: recallId },
          row: {
            tenantId: String(r.tenantId),
            agentId: String(r.agentId),
            recallId,
            now: num(r.now),
            memoryIds: strList(r.memoryIds),
            signals: numList(r.signals),
            concepts: strList(r.concepts),
            focusId: str(r.focusId),
            workspace: parseWorkspace(r),
            weights: Array.isArray(r.weights) ? numList(r.weights) : null,
            queryType: str(r.queryType),
          },
        };
      }),
      full: rows.length >= limit,
    };
  }

  /** Deletes up to `limit` applied and `limit` pending records older than `before`. */
  async expire(before: number, limit: number, tenants: readonly string[]): Promise<ExpiredRecalls> {
    const [row] = await this.db.write<Row>('recall-effects.expire', { before, limit, tenants });
    return { applied: num(toPlain(row?.applied)), pending: num(toPlain(row?.pending)) };
  }
}

const WORKSPACE_EVENTS: readonly RecallWorkspace['event'][] = ['none', 'ignited', 'taken-over', 'held'];

/** The workspace a pending record kept (recall-effects.record-pending); null in records from before it was kept. */
function parseWorkspace(r: Row): RecallWorkspace | null {
  const event = WORKSPACE_EVENTS.find((e) => e === r.focusEvent);
  if (event === undefined) return null;
  return {
    event,
    focusId: str(r.focusId),
    score: num(r.focusScore),
    sinceMs: num(r.focusSince),
    expiresAtMs: num(r.focusExpiresAt),
    suppressed: strList(r.focusSuppressed),
  };
}
