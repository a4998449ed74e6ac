import { Injectable } from '@nestjs/common';
import { lexiconDelta, mergeDiff } from '@limbic/affect';
import { AgentVectorSearch } from '../agent-vector-search';
import { Neo4jExecutor, type TxRunner } from '../neo4j-executor';
import { num, numList, strList, toPlain, type EpochMs } from '../records';
import { adjustLexicon } from './lexicon.repository';
import { appendRevisions } from './revision.repository';
import type { KeysetCursor } from './keyset-page';

export interface DueReview {
  readonly tenantId: string;
  readonly agentId: string;
  readonly memoryId: string;
  readonly reviewCount: number;
  readonly nextReviewAt: EpochMs;
}

/** Keyset position of the sweep in (nextReviewAt, id) order. */
export type DueCursor = KeysetCursor;

/** One page of the sweep: the reviews still due, and where the next page starts (none: last page). */
export interface DuePage {
  readonly reviews: DueReview[];
  readonly next: DueCursor | null;
}

export interface UnscheduledMemory {
  readonly tenantId: string;
  readonly memoryId: string;
  readonly encodedAt: EpochMs;
  readonly stability: number | null;
  /** The agent's preset name (review pace); null when not recorded. */
  readonly preset: string | null;
}

export interface Schedule {
  readonly tenantId: string;
  readonly memoryId: string;
  readonly stability: number;
  readonly nextReviewAt: EpochMs;
}

export interface ReviewSubject {
  readonly id: string;
  readonly agentId: string;
  readonly reviewCount: number;
  readonly stability: number | null;
  readonly nextReviewAt: EpochMs | null;
  readonly archived: boolean;
  readonly valence: number;
  readonly arousal: number;
  readonly importance: number;
  readonly accessCount: number;
  readonly lastAccessedAt: EpochMs | null;
  readonly occurredAt: EpochMs;
  readonly encodedAt: EpochMs;
  /** Consolidation strength at encoding; null on memories stored before it existed. */
  readonly consolidation: number | null;
  readonly lastReviewedAt: EpochMs | null;
  /** Mood arousal at encoding, when recorded. */
  readonly moodArousal: number | null;
  readonly hasEmbedding: boolean;
  /** The agent's preset name (review pace, decay scale); null when not recorded. */
  readonly preset: string | null;
}

export interface ReviewEdge {
  /** Opaque edge handle, valid within the review's transaction. */
  readonly id: string;
  readonly type: string;
  readonly otherId: string;
  readonly weight: number;
  readonly lastUsedAt: EpochMs;
  readonly decayedAt: EpochMs | null;
  /** True when the reviewed memory is the edge's start node. */
  readonly outgoing: boolean;
}

/** A memory of the same agent near the reviewed one. */
export interface DuplicateCandidate {
  readonly id: string;
  /** Index score (1 + cos) / 2. */
  readonly score: number;
  readonly encodedAt: EpochMs;
}

export interface EdgeWeightChange {
  readonly id: string;
  readonly expectedWeight: number;
  readonly weight: number;
}

export interface ReviewResult {
  readonly stability: number;
  readonly importance: number;
  readonly nextReviewAt: EpochMs | null;
  readonly archive: boolean;
}

/** What one review may do, inside one write transaction holding the memory's lock. */
export interface ReviewUnit {
  load(): Promise<{ memory: ReviewSubject; edges: ReviewEdge[] } | null>;
  /** Up to `limit` live memories of `agentId` nearest to this one with an index score ≥ `minScore`, best first, itself excluded. */
  nearDuplicates(agentId: string, limit: number, minScore: number): Promise<DuplicateCandidate[]>;
  mergeInto(survivorId: string, loserId: string): Promise<boolean>;
  decayEdges(changes: readonly EdgeWeightChange[]): Promise<number>;
  pruneEdges(changes: readonly EdgeWeightChange[]): Promise<number>;
  /** False when the review number moved on (someone else did this review). */
  apply(expectedReviewCount: number, result: ReviewResult): Promise<boolean>;
}

type Row = Record<string, unknown>;

@Injectable()
export class ConsolidationRepository {
  constructor(
    private readonly db: Neo4jExecutor,
    private readonly vectors: AgentVectorSearch,
  ) {}

  /**
   * `tenants` null means every tenant. A memory reviewed between the index seek and the read of
   * its values is left out (its next review is not due), but still moves the cursor on.
   */
  async findDue(until: EpochMs, after: DueCursor, limit: number, tenants: readonly string[] | null = null): Promise<DuePage> {
    const rows = (await this.db.read<Row>('consolidation.find-due', { until, afterAt: after.at, afterId: after.id, limit, tenants })).map(
      (raw) => toPlain(raw) as Row,
    );
    const reviews: DueReview[] = [];
    for (const r of rows) {
      if (r.gone === true || r.nextReviewAt === null || r.nextReviewAt === undefined || num(r.nextReviewAt) > until) continue;
      reviews.push({
        tenantId: String(r.tenantId),
        agentId: String(r.agentId),
        memoryId: String(r.memoryId),
        reviewCount: num(r.reviewCount),
        nextReviewAt: num(r.nextReviewAt),
      });
    }
    const last = rows[rows.length - 1];
    const next = last && rows.length >= limit ? { at: num(last.orderAt), id: String(last.memoryId) } : null;
    return { reviews, next };
  }

  async findUnscheduled(limit: number, tenants: readonly string[] | null = null): Promise<UnscheduledMemory[]> {
    const rows = await this.db.read<Row>('consolidation.find-unscheduled', { limit, tenants });
    return rows.map((raw) => {
      const r = toPlain(raw) as Row;
      return {
        tenantId: String(r.tenantId),
        memoryId: String(r.memoryId),
        encodedAt: num(r.encodedAt),
        stability: numOrNull(r.stability),
        preset: typeof r.preset === 'string' ? r.preset : null,
      };
    });
  }

  async setSchedules(schedules: readonly Schedule[]): Promise<number> {
    if (schedules.length === 0) return 0;
    const rows = await this.db.write<Row>('consolidation.set-schedules', { rows: schedules });
    return num(toPlain(rows[0]?.scheduled));
  }

  /** Runs one review as a single write transaction; `work` may be retried, keep it pure. */
  review<R>(tenantId: string, memoryId: string, now: EpochMs, work: (unit: ReviewUnit) => Promise<R>): Promise<R> {
    return this.db.writeTx('consolidation.review', async (tx) => {
      const locked = await tx.run('consolidation.review-lock', { tenantId, memoryId, now });
      return work(reviewUnit(tx, this.vectors, tenantId, memoryId, now, locked.length > 0));
    }, tenantId);
  }
}

function reviewUnit(tx: TxRunner, vectors: AgentVectorSearch, tenantId: string, memoryId: string, now: EpochMs, exists: boolean): ReviewUnit {
  return {
    async load() {
      if (!exists) return null;
      const rows = await tx.run<Row>('consolidation.review-load', { tenantId, memoryId });
      const row = rows[0];
      if (!row) return null;
      return { memory: parseSubject(row.memory), edges: (toPlain(row.edges) as Row[]).filter(Boolean).map(parseEdge) };
    },
    async nearDuplicates(agentId, limit, minScore) {
      // One more than asked: the memory finds itself first.
      const found = await vectors.nearest(tx, { tenantId, agentId }, [{ key: 'm', memoryId }], { k: limit + 1 });
      return (found.get('m') ?? [])
        .filter((h) => h.id !== memoryId && h.score >= minScore)
        .slice(0, limit)
        .map((h) => ({ id: h.id, score: h.score, encodedAt: h.encodedAt }));
    },
    async mergeInto(survivorId, loserId) {
      const rows = await tx.run<Row>('consolidation.merge-into', { tenantId, survivorId, loserId, now });
      const row = rows[0];
      if (!row) return false;
      if (typeof row.loserContent === 'string') await adjustLexicon(tx, tenantId, String(row.agentId), lexiconDelta([row.loserContent], -1));
      // Both memories' histories show the merge; the loser's moved to the survivor above.
      const diff = mergeDiff(
        { tags: strList(row.tagsBefore), importance: num(row.importanceBefore, 0.5) },
        { tags: strList(row.tagsAfter), importance: num(row.importanceAfter, 0.5) },
      );
      await appendRevisions(
        tx,
        tenantId,
        [
          { holderId: survivorId, memoryId: loserId, kind: 'MERGE_INTO', relatedMemoryId: survivorId, fields: [], before: {}, after: {} },
          { holderId: survivorId, memoryId: survivorId, kind: 'MERGED_FROM', relatedMemoryId: loserId, ...diff },
        ],
        now,
      );
      return true;
    },
    async decayEdges(changes) {
      if (changes.length === 0) return 0;
      const rows = await tx.run<Row>('consolidation.edges-decay', { tenantId, edges: changes, now });
      return num(toPlain(rows[0]?.decayed));
    },
    async pruneEdges(changes) {
      if (changes.length === 0) return 0;
      const rows = await tx.run<Row>('consolidation.edges-prune', { tenantId, edges: changes });
      return num(toPlain(rows[0]?.pruned));
    },
    async apply(expectedReviewCount, result) {
      const rows = await tx.run('consolidation.review-apply', {
        tenantId,
        memoryId,
        now,
        expectedReviewCount,
        stability: result.stability,
        importance: result.importance,
        nextReviewAt: result.nextReviewAt,
        archive: result.archive,
      });
      return rows.length > 0;
    },
  };
}

function numOrNull(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function parseSubject(raw: unknown): ReviewSubject {
  const m = toPlain(raw) as Row;
  const mood = numList(m.moodAtEncoding);
  return {
    id: String(m.id),
    agentId: String(m.agentId),
    reviewCount: num(m.reviewCount),
    stability: numOrNull(m.stability),
    nextReviewAt: numOrNull(m.nextReviewAt),
    archived: m.archived === true,
    valence: num(m.valence),
    arousal: num(m.arousal),
    importance: num(m.importance, 0.5),
    accessCount: num(m.accessCount),
    lastAccessedAt: numOrNull(m.lastAccessedAt),
    occurredAt: num(m.occurredAt),
    encodedAt: num(m.encodedAt),
    consolidation: numOrNull(m.consolidation),
    lastReviewedAt: numOrNull(m.lastReviewedAt),
    moodArousal: mood.length === 3 ? (mood[1] ?? null) : null,
    hasEmbedding: m.hasEmbedding === true,
    preset: typeof m.preset === 'string' ? m.preset : null,
  };
}

function parseEdge(e: Row): ReviewEdge {
  return {
    id: String(e.id),
    type: String(e.type),
    otherId: String(e.otherId),
    weight: num(e.weight),
    lastUsedAt: num(e.lastUsedAt),
    decayedAt: numOrNull(e.decayedAt),
    outgoing: e.out === true,
  };
}

