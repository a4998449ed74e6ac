import type { KeysetCursor, KeysetPage } from '@limbic/graph';
import { jobId } from '@limbic/jobs';
import { deadline, followOn, pageLimit, walkPage, type PageOutcome } from './sweep-paging';

const page = (ids: readonly string[], full: boolean): KeysetPage<string> => ({ rows: ids.map((id, i) => ({ key: { at: 100 + i, id }, row: id })), full });
const never = () => false;

describe('walkPage', () => {
  it('handles every row and goes on after the last one when the page was full', async () => {
    const seen: string[] = [];
    const out = await walkPage(page(['a', 'b', 'c'], true), async (r) => (seen.push(r), true), never);
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(out).toEqual({ handled: 3, next: { at: 102, id: 'c' } });
  });

  it('ends the scan after a page that was not full', async () => {
    expect(await walkPage(page(['a', 'b'], false), async () => true, never)).toEqual({ handled: 2, next: null });
    expect(await walkPage(page([], false), async () => true, never)).toEqual({ handled: 0, next: null });
  });

  it('hands the rest of a page to the next one when its time is up, after handling at least one row', async () => {
    const seen: string[] = [];
    // Time is up from the start: one row still goes, so every page moves the scan on.
    const out = await walkPage(page(['a', 'b', 'c'], true), async (r) => (seen.push(r), true), () => true);
    expect(seen).toEqual(['a']);
    expect(out).toEqual({ handled: 1, next: { at: 100, id: 'a' } });
    // Time runs out after two rows of a page that was not full: the rest still follows.
    let checks = 0;
    const late = await walkPage(page(['a', 'b', 'c'], false), async () => true, () => ++checks >= 2);
    expect(late).toEqual({ handled: 2, next: { at: 101, id: 'b' } });
  });

  it('ends the run at the first refusal (Redis is down: the next period scans again)', async () => {
    const seen: string[] = [];
    const out = await walkPage(page(['a', 'b', 'c'], true), async (r) => (seen.push(r), r !== 'b'), never);
    expect(seen).toEqual(['a', 'b']);
    expect(out).toEqual({ handled: 1, next: null });
  });

  it('pages through a scan so that every row is handled once, however the page and time bounds fall', async () => {
    const all = Array.from({ length: 47 }, (_, i) => ({ at: Math.floor(i / 5), id: `m${String(i).padStart(2, '0')}` }));
    const after = (c: KeysetCursor) => all.filter((k) => k.at > c.at || (k.at === c.at && k.id > c.id));
    for (const size of [1, 5, 10, 47, 100]) {
      const handled: string[] = [];
      let cursor: KeysetCursor | null = { at: 0, id: '' };
      let pages = 0;
      let tick = 0;
      while (cursor) {
        const rows: KeysetCursor[] = after(cursor).slice(0, size);
        // Every third row handled is the last of its page: the time bound cuts pages short too.
        const out: PageOutcome = await walkPage({ rows: rows.map((k) => ({ key: k, row: k.id })), full: rows.length >= size }, async (id) => (handled.push(id), true), () => ++tick % 3 === 0);
        cursor = out.next;
        pages++;
      }
      expect({ size, handled }).toEqual({ size, handled: all.map((k) => k.id) });
      expect(pages).toBeGreaterThanOrEqual(Math.ceil(all.length / size));
    }
  });
});

describe('followOn', () => {
  it('names the run by the scheduler job and numbers its pages from 1', () => {
    const first = followOn(undefined, 'repeat:review-sweep:1764650000000', { at: 5, id: 'x' });
    expect(first).toEqual({ run: 'repeat:review-sweep:1764650000000', index: 1, after: { at: 5, id: 'x' } });
    const second = followOn(first!, 'sweep-page-whatever', { at: 9, id: 'y' });
    expect(second).toEqual({ run: 'repeat:review-sweep:1764650000000', index: 2, after: { at: 9, id: 'y' } });
    expect(followOn(second!, 'any', null)).toBeNull();
  });

  it('gives a retried page’s follow-on the same job id, and different runs or pages different ones', () => {
    const run = 'repeat:appraisal-sweep:1764650000000';
    const once = followOn(undefined, run, { at: 1, id: 'a' })!;
    // A retry may read further (rows changed meanwhile); the page's id is the same, so it is dropped.
    const retry = followOn(undefined, run, { at: 2, id: 'b' })!;
    expect(jobId.sweepPage(retry.run, retry.index)).toBe(jobId.sweepPage(once.run, once.index));
    expect(jobId.sweepPage(run, 1)).toBe('sweep-page-repeat-appraisal-sweep-1764650000000-1');
    expect(new Set([jobId.sweepPage(run, 1), jobId.sweepPage(run, 2), jobId.sweepPage('repeat:appraisal-sweep:1764650030000', 1)]).size).toBe(3);
  });
});

describe('pageLimit', () => {
  it('caps a run at its maximum in whole pages and one partial', () => {
    expect([0, 1, 2, 3].map((i) => pageLimit(i, 1000, 2500))).toEqual([1000, 1000, 500, 0]);
    expect(pageLimit(0, 1000, 10)).toBe(10);
  });
});

describe('deadline', () => {
  it('is up once its time has passed on the given clock', () => {
    let now = 1000;
    const up = deadline(50, () => now);
    expect(up()).toBe(false);
    now = 1049;
    expect(up()).toBe(false);
    now = 1050;
    expect(up()).toBe(true);
  });
});
