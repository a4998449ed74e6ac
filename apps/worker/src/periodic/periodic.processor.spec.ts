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

describe('PeriodicProcessor', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('adds a follow-on page until the scan is done, each named by the run and its number; counts the run once', async () => {
    const added: { task: PeriodicTask; page: SweepPageV1 }[] = [];
    const pages = { add: jest.fn(async (task: PeriodicTask, page: SweepPageV1) => void added.push({ task, page })) };
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
    const pages = { add: jest.fn(async () => Promise.reject(new Error('Connection is closed.'))) };
    const p = new PeriodicProcessor([work('appraisal-sweep', 5, 2)], pages as unknown as PeriodicPages);
    await expect(p.handle({ v: 1, task: 'appraisal-sweep' }, { id: 'repeat:appraisal-sweep:1', name: 'appraisal-sweep', attemptsMade: 0 })).rejects.toThrow('Connection is closed.');
  });
});
