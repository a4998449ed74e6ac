import { Logger } from '@nestjs/common';
import type { PeriodicTask, SweepPageV1 } from '@limbic/jobs';
import { metricsRegistry } from '@limbic/observability';
import type { PeriodicPages } from './periodic-pages';
import type { PeriodicResult, PeriodicRun, PeriodicWork } from './periodic-work';
import { PeriodicProcessor } from './periodic.processor';

/** A sweep over keys 1..n, `size` per page. */
function work(task: PeriodicTask, n: number, size: number): PeriodicWork & { runs: PeriodicRun[] } {
  const runs: PeriodicRun[] = [];
  return {
    task,
    runs,
    everyMs: () => 1000,
    run: async (run: PeriodicRun): Promise<PeriodicResult> => {
      runs.push(run);
      const from = run.page?.after.at ?? 0;
      const to = Math.min(n, from + size);
      return { summary: `${to - from}`, next: to < n ? { at: to, id: `k${to}` } : null };
    },
  };
}

async function counter(name: string, labels: Record<string, string>): Promise<number> {
  const metric = (await metricsRegistry.getMetricsAsJSON()).find((m) => m.name === name);
  return (metric?.values ?? []).filter((v) => Object.entries(labels).every(([k, x]) => v.labels[k] === x)).reduce((s, v) => s + v.value, 0);
}

/** PeriodicPages' paging lease over an in-memory map; `add` takes it as the real one does. */
function leases(): Pick<PeriodicPages, 'pagingRun' | 'ended'> & { held: Map<string, string>; add: (task: PeriodicTask, page: SweepPageV1) => Promise<void> } {
  const held = new Map<string, string>();
  return {
    held,
    add: async (task, page) => void held.set(task, page.run),
    pagingRun: async (task) => held.get(task) ?? null,
    ended: async (task, run) => void (held.get(task) === run && held.delete(task)),
  };
}

describe('PeriodicProcessor', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('adds a follow-on page until the scan is done, each named by the run and its number; counts the run once', async () => {
    const added: { task: PeriodicTask; page: SweepPageV1 }[] = [];
    const pages = { ...leases(), add: jest.fn(async (task: PeriodicTask, page: SweepPageV1) => void added.push({ task, page })) };
    const sweep = work('review-sweep', 25, 10);
    const p = new PeriodicProcessor([sweep], pages as unknown as PeriodicPages);
    const runsBefore = await counter('limbic_periodic_runs_total', { task: 'review-sweep', outcome: 'done' });
    const pagesBefore = await counter('limbic_sweep_pages_total', { task: 'review-sweep', outcome: 'done' });

    const run = 'repeat:review-sweep:1764650000000';
    expect(await p.handle({ v: 1, task: 'review-sweep' }, { id: run, name: 'review-sweep', attemptsMade: 0 })).toBe('done');
    // Each added page is then taken as a job of its own (by any worker).
    for (let i = 0; i < added.length; i++) {
      await p.handle({ v: 1, task: 'review-sweep', page: added[i]!.page }, { id: `sweep-page-${i + 1}`, name: 'review-sweep-page', attemptsMade: 0 });
    }
    expect(added.map((a) => a.page)).toEqual([
      { run, index: 1, after: { at: 10, id: 'k10' } },
      { run, index: 2, after: { at: 20, id: 'k20' } },
    ]);
    expect(sweep.runs.map((r) => r.page?.after.at ?? 0)).toEqual([0, 10, 20]);
    expect(await counter('limbic_periodic_runs_total', { task: 'review-sweep', outcome: 'done' })).toBe(runsBefore + 1);
    expect(await counter('limbic_sweep_pages_total', { task: 'review-sweep', outcome: 'done' })).toBe(pagesBefore + 2);
  });

  it('fails the page when its follow-on cannot be added (Redis refused): the next period scans again', async () => {
    const pages = { ...leases(), add: jest.fn(async () => Promise.reject(new Error('Connection is closed.'))) };
    const p = new PeriodicProcessor([work('appraisal-sweep', 5, 2)], pages as unknown as PeriodicPages);
    await expect(p.handle({ v: 1, task: 'appraisal-sweep' }, { id: 'repeat:appraisal-sweep:1', name: 'appraisal-sweep', attemptsMade: 0 })).rejects.toThrow('Connection is closed.');
  });
  it('skips a period while a run of its task is still paging, goes on with that run’s own retried job, and frees the task when the run ends', async () => {
    const pages = leases();
    const sweep = work('appraisal-sweep', 25, 10);
    const p = new PeriodicProcessor([sweep], pages as unknown as PeriodicPages);
    const skippedBefore = await counter('limbic_periodic_runs_total', { task: 'appraisal-sweep', outcome: 'skipped' });
    const first = 'repeat:appraisal-sweep:1000';

    expect(await p.handle({ v: 1, task: 'appraisal-sweep' }, { id: first, name: 'appraisal-sweep', attemptsMade: 0 })).toBe('done');
    expect(pages.held.get('appraisal-sweep')).toBe(first);
    // The next period arrives while page 1 is waiting: it does nothing.
    expect(await p.handle({ v: 1, task: 'appraisal-sweep' }, { id: 'repeat:appraisal-sweep:2000', name: 'appraisal-sweep', attemptsMade: 0 })).toBe('skipped');
    expect(sweep.runs).toHaveLength(1);
    expect(await counter('limbic_periodic_runs_total', { task: 'appraisal-sweep', outcome: 'skipped' })).toBe(skippedBefore + 1);
    // The first run's scheduler job, retried (its worker died after adding page 1), is not held off by its own lease.
    expect(await p.handle({ v: 1, task: 'appraisal-sweep' }, { id: first, name: 'appraisal-sweep', attemptsMade: 1 })).toBe('done');
    expect(sweep.runs).toHaveLength(2);
    // Another task is never held off by this one.
    const other = work('review-sweep', 1, 10);
    const q = new PeriodicProcessor([sweep, other], pages as unknown as PeriodicPages);
    expect(await q.handle({ v: 1, task: 'review-sweep' }, { id: 'repeat:review-sweep:2000', name: 'review-sweep', attemptsMade: 0 })).toBe('done');
    expect(other.runs).toHaveLength(1);

    // Pages 1 and 2; page 2 is the last: the lease is gone and the next period runs.
    await p.handle({ v: 1, task: 'appraisal-sweep', page: { run: first, index: 1, after: { at: 10, id: 'k10' } } }, { id: 'p1', name: 'appraisal-sweep-page', attemptsMade: 0 });
    expect(pages.held.get('appraisal-sweep')).toBe(first);
    await p.handle({ v: 1, task: 'appraisal-sweep', page: { run: first, index: 2, after: { at: 20, id: 'k20' } } }, { id: 'p2', name: 'appraisal-sweep-page', attemptsMade: 0 });
    expect(pages.held.has('appraisal-sweep')).toBe(false);
    expect(await p.handle({ v: 1, task: 'appraisal-sweep' }, { id: 'repeat:appraisal-sweep:3000', name: 'appraisal-sweep', attemptsMade: 0 })).toBe('done');
  });

  it('a run that ends leaves another run’s lease alone', async () => {
    const pages = leases();
    pages.held.set('review-sweep', 'repeat:review-sweep:9000');
    const p = new PeriodicProcessor([work('review-sweep', 5, 10)], pages as unknown as PeriodicPages);
    await p.handle({ v: 1, task: 'review-sweep', page: { run: 'repeat:review-sweep:1000', index: 3, after: { at: 0, id: 'k0' } } }, { id: 'p3', name: 'review-sweep-page', attemptsMade: 0 });
    expect(pages.held.get('review-sweep')).toBe('repeat:review-sweep:9000');
  });
});
