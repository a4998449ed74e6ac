import { Injectable } from '@nestjs/common';
import { EDGE_TYPES, type EdgeType } from '@limbic/affect';
import { AgentVectorSearch } from '../agent-vector-search';
import { Neo4jExecutor, type TxRunner } from '../neo4j-executor';
import { num, numList, str, toPlain, type EpochMs } from '../records';
import { VALENCE_BAND_LABELS, valenceBand } from '../valence-band';
import type { KeysetCursor, KeysetPage } from './keyset-page';

type Row = Record<string, unknown>;

export interface PendingAppraisal {
  readonly tenantId: string;
  readonly agentId: string;
  readonly memoryId: string;
}

/** Identifies one memory of one agent in one tenant: every appraisal query needs all three. */
export interface AppraisalKey {
  readonly tenantId: string;
  readonly agentId: string;
  readonly memoryId: string;
}

/** What the appraiser reads before the write transaction starts. */
export interface AppraisalPreview {
  readonly content: string;
  readonly pending: boolean;
}

/** The memory's state inside the appraisal transaction, read after its lock is held. */
export interface AppraisalSubject {
  readonly content: string;
  readonly pending: boolean;
  readonly embedded: boolean;
  /** The raw affect stored by the fast path. */
  readonly valence: number;
  readonly arousal: number;
  readonly dominance: number;
  /** [v, a, d], or empty when the fast path did not store it. */
  readonly moodAtEncoding: readonly number[];
  readonly occurredAt: EpochMs;
  readonly encodedAt: EpochMs;
  /** The caller gave the affect at encode (the appraisal then keeps it, by trust). */
  readonly affectGiven: boolean;
}

export interface GoalSimilarity {
  readonly goalId: string;
  readonly priority: number;
  /** Plain cosine in [−1, 1]. */
  readonly cosine: number;
}

/** One resonance edge of the memory (chain edges excluded), seen from the memory. */
export interface AppraisalEdge {
  /** Valid only inside the transaction that read it. */
  readonly edgeId: string;
  readonly type: EdgeType;
  /** Null when the stored edge has none. */
  readonly weight: number | null;
  readonly otherId: string;
  readonly otherContent: string;
  readonly otherValence: number;
  readonly otherArousal: number;
  readonly otherDominance: number;
  readonly otherOccurredAt: EpochMs;
  /** Plain cosine in [−1, 1]; null when either embedding is missing. */
  readonly cosine: number | null;
}

export interface AppraisalUpdate {
  readonly valence: number;
  readonly arousal: number;
  readonly dominance: number;
  readonly consolidation: number;
  /** [novelty, conduciveness, coping, norm, self relevance]. */
  readonly appraisal: readonly [number, number, number, number, number];
  readonly source: string;
  readonly now: EpochMs;
}

export interface EdgeRevision {
  readonly edgeId: string;
  readonly fromType: EdgeType;
  readonly toType: EdgeType;
  readonly weight: number;
}

/**
 * The queries of one appraisal, bound to one write transaction. The transaction function
 * may be retried by the driver, so nothing here keeps state between calls.
 */
export class AppraisalUnit {
  constructor(
    private readonly tx: TxRunner,
    private readonly key: AppraisalKey,
    private readonly vectors: AgentVectorSearch,
  ) {}

  /** Locks the memory and its neighbours; false when the memory or its agent is gone. */
  async lock(): Promise<boolean> {
    const rows = await this.tx.run<{ memoryId: string }>('appraisal.lock', { ...this.key });
    return rows.length > 0;
  }

  async subject(): Promise<AppraisalSubject | null> {
    const rows = await this.tx.run('appraisal.subject', { ...this.key });
    const row = rows[0];
    if (!row) return null;
    const r = toPlain(row) as Record<string, unknown>;
    return {
      content: str(r.content) ?? '',
      pending: r.pending === true,
      embedded: r.embedded === true,
      valence: num(r.valence),
      arousal: num(r.arousal),
      dominance: num(r.dominance, 0.5),
      moodAtEncoding: numList(r.moodAtEncoding),
      occurredAt: num(r.occurredAt),
      encodedAt: num(r.encodedAt),
      affectGiven: r.affectGiven === true,
    };
  }

  /**
   * Best plain cosine between the memory and any other memory the agent had when it was
   * encoded, archived ones included (the agent has seen them); null when there is none.
   * "Had": encoded before it (the filtered index, AgentVectorSearch), or in the same encode
   * with an earlier occurredAt (a batch's earlier items; its siblings share its encodedAt).
   */
  async maxSimilarityToEarlier(encodedAt: EpochMs): Promise<number | null> {
    const scope = { tenantId: this.key.tenantId, agentId: this.key.agentId };
    const [nearest, siblings] = await Promise.all([
      this.vectors.nearest(this.tx, scope, [{ key: 'm', memoryId: this.key.memoryId, before: encodedAt }], { k: 1, withArchived: true }),
      this.tx.run<{ score: number | null }>('appraisal.novelty-siblings', { ...this.key }),
    ]);
    const scores = [nearest.get('m')?.[0]?.score, siblings[0]?.score].filter((s): s is number => typeof s === 'number');
    return scores.length === 0 ? null : this.vectors.cosine(Math.max(...scores));
  }

  async goals(): Promise<GoalSimilarity[]> {
    const rows = await this.tx.run<{ goalId: string; priority: number; score: number }>('appraisal.goals', { ...this.key });
    return rows.map((r) => ({ goalId: String(r.goalId), priority: num(r.priority, 1), cosine: this.vectors.cosine(num(r.score, 0.5)) }));
  }

  async edges(): Promise<AppraisalEdge[]> {
    const rows = await this.tx.run('appraisal.edges', { ...this.key });
    return rows.flatMap((row) => {
      const r = toPlain(row) as Record<string, unknown>;
      const type = EDGE_TYPES.find((t) => t === r.type);
      if (type === undefined) return [];
      return [
        {
          edgeId: String(r.edgeId),
          type,
          weight: typeof r.weight === 'number' ? r.weight : null,
          otherId: String(r.otherId),
          otherContent: str(r.otherContent) ?? '',
          otherValence: num(r.valence),
          otherArousal: num(r.arousal),
          otherDominance: num(r.dominance, 0.5),
          otherOccurredAt: num(r.occurredAt),
          cosine: typeof r.score === 'number' ? this.vectors.cosine(r.score) : null,
        },
      ];
    });
  }

  /** Writes the appraisal if the memory is still pending; false means it was not. */
  async apply(update: AppraisalUpdate): Promise<boolean> {
    const rows = await this.tx.run('appraisal.apply', { ...this.key, ...update, appraisal: [...update.appraisal], valenceBand: valenceBand(update.valence), valenceBands: VALENCE_BAND_LABELS });
    return rows.length > 0;
  }

  /** Returns how many edges were revised and how many of them changed type. */
  async reviseEdges(revisions: readonly EdgeRevision[], now: EpochMs): Promise<{ revised: number; retyped: number }> {
    if (revisions.length === 0) return { revised: 0, retyped: 0 };
    const rows = await this.tx.run<{ revised: number; retyped: number }>('appraisal.revise-edges', {
      ...this.key,
      revisions: revisions.map((r) => ({ ...r })),
      now,
    });
    return { revised: num(rows[0]?.revised), retyped: num(rows[0]?.retyped) };
  }
}

@Injectable()
export class AppraisalRepository {
  constructor(
    private readonly db: Neo4jExecutor,
    private readonly vectors: AgentVectorSearch,
  ) {}

  /**
   * A read outside the write transaction; null when the memory or its agent is gone. A memory
   * that looks gone or appraised is asked about once more on the leader: a cluster follower
   * that lags behind the encode (a job without the writer's bookmarks) must not end its
   * appraisal as skipped. On one server both reads see the same.
   */
  async preview(key: AppraisalKey): Promise<AppraisalPreview | null> {
    const read = async (onLeader: boolean) => {
      const rows = await this.db.read<{ content: string | null; pending: boolean | null }>('appraisal.load', { ...key }, { onLeader });
      const row = rows[0];
      return row ? { content: row.content ?? '', pending: row.pending === true } : null;
    };
    const seen = await read(false);
    return seen?.pending ? seen : read(true);
  }

  /** Runs `work` in one write transaction; the driver may retry it on transient errors. */
  inTransaction<R>(key: AppraisalKey, work: (unit: AppraisalUnit) => Promise<R>): Promise<R> {
    return this.db.writeTx('appraisal.appraise', (tx) => work(new AppraisalUnit(tx, key, this.vectors)), key.tenantId);
  }

  /**
   * One page of the memories still pending that were encoded before `before`, oldest first,
   * after `after` in (encodedAt, id) order; `tenants` empty means every tenant.
   */
  async findPending(before: EpochMs, after: KeysetCursor, limit: number, tenants: readonly string[] = []): Promise<KeysetPage<PendingAppraisal>> {
    const rows = await this.db.read<Row>('appraisal.find-pending', { before, afterAt: after.at, afterId: after.id, limit, tenants: [...tenants] });
    return {
      rows: rows.map((raw) => {
        const r = toPlain(raw) as Row;
        const memoryId = String(r.memoryId);
        return { key: { at: num(r.at), id: memoryId }, row: { tenantId: String(r.tenantId), agentId: String(r.agentId), memoryId } };
      }),
      full: rows.length >= limit,
    };
  }
}
