import { Injectable } from '@nestjs/common';
import type { AgentRecord } from '../model';
import { Neo4jExecutor } from '../neo4j-executor';
import { parseAgent } from '../record-parsers';
import { num, numList, toPlain } from '../records';
import type { RecallPrimedConcept } from './recall.repository';

type Row = Record<string, unknown>;

export interface EffectsMemoryState {
  readonly id: string;
  readonly affect: readonly number[];
  /** Null on memories that have never been recalled or predate reconsolidation. */
  readonly expectedAffect: readonly number[] | null;
  readonly predictionRate: number | null;
  readonly labileUntil: number | null;
  readonly reconsolidationCount: number;
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
  readonly focusRefractory: number;
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
  readonly focusRefractory: number;
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
}

/**
 * Applies one recall's effects in one write transaction, at most once per recall: the
 * agent's lock is taken first, a recorded RecallEffect means "already done".
 */
@Injectable()
export class RecallEffectsRepository {
  constructor(private readonly db: Neo4jExecutor) {}

  /** `plan` must be pure: the transaction may be retried. */
  apply(req: EffectsRequest, plan: (snapshot: EffectsSnapshot) => EffectsPlan): Promise<'done' | 'skipped'> {
    const scope = { tenantId: req.tenantId, agentId: req.agentId };
    return this.db.writeTx('recall-effects', async (tx) => {
      const [begin] = await tx.run<Row>('recall-effects.begin', { ...scope, recallId: req.recallId });
      // An agent deleted since the recall, or a recall already applied: nothing to do.
      if (!begin || begin.processed === true) return 'skipped';
      const raw = toPlain(begin.agent) as Row;
      const memories = (await tx.run<Row>('recall-effects.load-memories', { ...scope, ids: req.memoryIds })).map((r) => {
        const m = toPlain(r) as Row;
        return {
          id: String(m.id),
          affect: [num(m.valence), num(m.arousal), num(m.dominance, 0.5)],
          expectedAffect: Array.isArray(m.expectedAffect) ? numList(m.expectedAffect) : null,
          predictionRate: typeof m.predictionRate === 'number' ? m.predictionRate : null,
          labileUntil: typeof m.labileUntil === 'number' ? m.labileUntil : null,
          reconsolidationCount: num(m.reconsolidationCount),
        };
      });
      const links = (await tx.run<Row>('recall-effects.load-pairs', { ...scope, ids: req.coRecalledIds })).map((r) => {
        const l = toPlain(r) as Row;
        return { a: String(l.a), b: String(l.b), type: String(l.type), weight: num(l.weight), count: num(l.count) };
      });
      const p = plan({
        agent: parseAgent(begin.agent),
        focusRefractory: num(raw.focusRefractory),
        primed: (toPlain(begin.primed) as Row[]).map((x) => ({ name: String(x.name), activation: num(x.activation), atMs: num(x.at) })),
        memories,
        links,
      });
      await tx.run('recall-effects.apply-memories', { ...scope, now: req.now, updates: p.memoryUpdates });
      await tx.run('recall-effects.apply-edges', { ...scope, now: req.now, strengthen: p.strengthen, counters: p.counters, create: p.create });
      await tx.run('recall-effects.apply-agent', {
        ...scope,
        energy: p.energy,
        energyAt: p.energyAt,
        focusRefractory: p.focusRefractory,
        primed: p.primed,
      });
      await tx.run('recall-effects.record', { ...scope, recallId: req.recallId, now: req.now, memoryIds: req.memoryIds, signals: p.signals });
      return 'done';
    }, req.tenantId);
  }
}
