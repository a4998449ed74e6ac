import { Logger } from '@nestjs/common';
import { AgentVectorSearch, AppraisalRepository, type QueryName } from '@limbic/graph';
import { RecordingExecutor } from '../../../../libs/graph/src/testing/recording-executor';
import { AppraisalService } from './appraisal.service';
import type { TextAppraiser, TextChecks } from './text-appraiser';

const KEY = { tenantId: 'tenant-a', agentId: 'ada', memoryId: 'm1' } as const;
const NOW = Date.UTC(2026, 11, 1, 12);
const checks: TextChecks = { tone: -0.6, goalConduciveness: -0.5, copingPotential: 0.3, normCompatibility: 0, selfRelevance: null, source: 'lexicon' };
const subject = {
  content: 'The production database went down for two hours.',
  pending: true,
  embedded: true,
  valence: 0,
  arousal: 0.3,
  dominance: 0.5,
  moodAtEncoding: [0, 0.3, 0.5],
  occurredAt: NOW - 60_000,
  encodedAt: NOW - 60_000,
  affectGiven: false,
};
/** One edge to a calm, pleasant memory of the same time: the appraisal's darker affect re-scores it. */
const edge = { edgeId: 'e1', type: 'EMOTIONAL', weight: 0.9, otherId: 'm0', otherContent: 'Lunch with the team was fun.', valence: 0.1, arousal: 0.3, dominance: 0.5, occurredAt: NOW - 120_000, score: 0.6 };

/** Queries that address no tenant's data: the vector index's state is one per database. */
const TENANTLESS: ReadonlySet<QueryName> = new Set(['vector.index-state']);

function serviceOn(db: RecordingExecutor, appraiser: TextAppraiser = { appraise: () => Promise.resolve(checks) }): AppraisalService {
  return new AppraisalService(new AppraisalRepository(db.asExecutor(), new AgentVectorSearch(undefined, { cosineScale: 1 })), appraiser, 0.8);
}

/** A database holding the pending memory, one earlier memory at index score 0.9, no goals and `edge`. */
function pending(): RecordingExecutor {
  return new RecordingExecutor()
    .answer('appraisal.load', [{ content: subject.content, pending: true }])
    .answer('appraisal.lock', [{ memoryId: KEY.memoryId }])
    .answer('appraisal.subject', [subject])
    .answer('vector.index-state', [{ state: 'ONLINE', populationPercent: 100 }])
    .answer('vector.agent-nearest', [{ key: 'm', hits: [{ id: 'm0', score: 0.9, valence: 0.1, arousal: 0.3, dominance: 0.5, occurredAt: NOW - 120_000 }] }])
    .answer('appraisal.novelty-siblings', [{ score: null }])
    .answer('appraisal.apply', [{ memoryId: KEY.memoryId }])
    .answer('appraisal.edges', [edge])
    .answer('appraisal.revise-edges', [{ revised: 1, retyped: 0 }]);
}

describe('AppraisalService (recorded queries)', () => {
  beforeAll(() => Logger.overrideLogger(['error']));

  it('appraises a pending memory in one write unit: lock, re-read, novelty, goals, apply, then the edges', async () => {
    const db = pending();
    await expect(serviceOn(db).appraise(KEY, NOW)).resolves.toBe('done');
    expect(db.queries[0]).toMatchObject({ name: 'appraisal.load', mode: 'READ', onLeader: false });
    const inUnit = db.queries.slice(1);
    expect(inUnit.every((q) => q.unit === 'appraisal.appraise' && q.mode === 'WRITE')).toBe(true);
    // The order that matters: the lock first, the apply before the edges it re-scores.
    const names = inUnit.map((q) => q.name);
    expect(names.slice(0, 2)).toEqual(['appraisal.lock', 'appraisal.subject']);
    expect(names).toEqual(expect.arrayContaining(['appraisal.goals', 'vector.agent-nearest', 'appraisal.novelty-siblings']));
    expect(names.slice(-3)).toEqual(['appraisal.apply', 'appraisal.edges', 'appraisal.revise-edges']);
    // Novelty is compared with memories encoded before this one, archived ones included.
    expect(db.paramsOf('vector.agent-nearest')[0]).toMatchObject({ tenantId: KEY.tenantId, agentId: KEY.agentId, k: 1, withArchived: true, probes: [{ key: 'm', memoryId: 'm1', before: subject.encodedAt }] });
  });

  it('writes the five checks, novelty from the nearest earlier memory, and the blended affect', async () => {
    const db = pending();
    await serviceOn(db).appraise(KEY, NOW);
    const [apply] = db.paramsOf('appraisal.apply');
    expect(apply).toMatchObject({ ...KEY, source: 'lexicon', now: NOW });
    const appraisal = apply?.appraisal as number[];
    expect(appraisal).toHaveLength(5);
    // Index score 0.9 is cosine 0.8 on the reference scale: novelty 1 − 0.8.
    expect(appraisal[0]).toBeCloseTo(0.2, 12);
    // A negative reading of the text pulls the raw neutral valence down (70 % appraised).
    expect(apply?.valence as number).toBeLessThan(0);
    expect(apply?.valenceBand).toEqual(expect.any(String));
    const [revise] = db.paramsOf('appraisal.revise-edges');
    expect(revise).toMatchObject({ ...KEY, now: NOW, revisions: [{ edgeId: 'e1', fromType: 'EMOTIONAL' }] });
  });

  it('asks the leader once more before it skips a memory a follower shows as appraised, and writes nothing', async () => {
    const db = new RecordingExecutor().answer('appraisal.load', [{ content: subject.content, pending: false }]);
    await expect(serviceOn(db).appraise(KEY, NOW)).resolves.toBe('skipped');
    expect(db.queries.map((q) => [q.name, q.onLeader])).toEqual([
      ['appraisal.load', false],
      ['appraisal.load', true],
    ]);
  });

  it('skips a duplicate job that finds the flag cleared under the lock, before any write', async () => {
    const duplicate = new RecordingExecutor()
      .answer('appraisal.load', [{ content: subject.content, pending: true }])
      .answer('appraisal.lock', [{ memoryId: KEY.memoryId }])
      .answer('appraisal.subject', [{ ...subject, pending: false }]);
    await expect(serviceOn(duplicate).appraise(KEY, NOW)).resolves.toBe('skipped');
    expect(duplicate.names()).toEqual(['appraisal.load', 'appraisal.lock', 'appraisal.subject']);
  });

  it('skips a memory deleted between the preview and the lock', async () => {
    const db = new RecordingExecutor().answer('appraisal.load', [{ content: subject.content, pending: true }]);
    await expect(serviceOn(db).appraise(KEY, NOW)).resolves.toBe('skipped');
    expect(db.names()).toEqual(['appraisal.load', 'appraisal.lock']);
  });

  it('opens no transaction when the attempt timed out while the appraiser was answering', async () => {
    const db = pending();
    const attempt = new AbortController();
    const slow: TextAppraiser = {
      appraise: () => {
        attempt.abort(new Error('timed out'));
        return Promise.resolve(checks);
      },
    };
    await expect(serviceOn(db, slow).appraise(KEY, NOW, attempt.signal)).rejects.toThrow('timed out');
    expect(db.names()).toEqual(['appraisal.load']);
  });

  it('gives every query the tenant id', async () => {
    const db = pending();
    await serviceOn(db).appraise(KEY, NOW);
    expect(db.queries.length).toBeGreaterThan(8);
    expect(db.withoutTenant(KEY.tenantId).filter((q) => !TENANTLESS.has(q.name))).toEqual([]);
  });
});
