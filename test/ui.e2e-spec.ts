// The agent page (/ui) as a person meets it, in a real headless Chromium: with API keys it asks
// for one and keeps it for the session; it draws a seeded agent's mood and memories with the
// API's own values, runs a recall and draws its items, records feedback, and shows a memory's
// neighbourhood. Nothing may fail on the way: no console error, no page error, no failed
// request, nothing asked of another origin. Screenshots go to test-artifacts/ui/.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { LimbicClient } from '@limbic/client';
import { valenceColour } from '../apps/web/ui/lib/scales';
import { ROOT, startProcess, startWithFreePort, uniqueSuffix, type RunningProcess } from './support/processes';
import { startStack, type Stack } from './support/stack';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const present = existsSync(CHROMIUM);
if (!present) console.warn(`/ui browser test SKIPPED: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
const maybe = present ? describe : describe.skip;

const SHOTS = join(ROOT, 'test-artifacts', 'ui');
const LEARNED = `query($id: ID!) { agent(id: $id) { learnedWeights { queryType } } }`;

jest.setTimeout(240_000);

interface Problem {
  readonly kind: 'console' | 'pageerror' | 'requestfailed' | 'foreign' | 'http';
  readonly text: string;
}

/** Everything that went wrong in the page, as it happens. */
function watch(page: Page, origin: string): Problem[] {
  const problems: Problem[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push({ kind: 'console', text: `${m.text()} @ ${m.location().url}` });
  });
  page.on('pageerror', (e) => problems.push({ kind: 'pageerror', text: e.message }));
  page.on('requestfailed', (r) => problems.push({ kind: 'requestfailed', text: `${r.url()}: ${r.failure()?.errorText ?? '?'}` }));
  page.on('request', (r) => {
    if (!r.url().startsWith(`${origin}/`) && !r.url().startsWith('data:')) problems.push({ kind: 'foreign', text: r.url() });
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push({ kind: 'http', text: `${r.status()} ${r.url()}` });
  });
  return problems;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

async function seed(limbic: LimbicClient, agentId: string): Promise<void> {
  await limbic.createAgent(agentId);
  for (const valence of [-0.5, -0.6, -0.7]) await limbic.setFeeling(agentId, { valence, arousal: 0.8 });
  await limbic.setGoals(agentId, [{ name: 'ship the release', priority: 0.9 }, { name: 'rest', priority: 0.3 }]);
  await limbic.observe(agentId, 'The deploy pipeline is failing again and the release is late.');
  const day = Date.UTC(2026, 10, 1, 9);
  const items = [
    { content: 'The deploy failed at midnight and paged the whole team.', valence: -0.8, arousal: 0.9, importance: 0.9, tags: ['ops'] },
    { content: 'We rolled back the release because the database migration broke.', valence: -0.5, arousal: 0.7, importance: 0.7, tags: ['ops'] },
    { content: 'Lunch with Ana by the river, sunny and calm.', valence: 0.8, arousal: 0.3, importance: 0.3, tags: ['life'] },
    { content: 'The fixed deploy went out smoothly the next morning.', valence: 0.6, arousal: 0.5, importance: 0.6, tags: ['ops'] },
    { content: 'Wrote the incident review for the failed deploy.', valence: -0.1, arousal: 0.4, importance: 0.5, tags: ['ops', 'docs'] },
    { content: 'An old note about printer toner.', valence: 0, arousal: 0.1, importance: 0.1, tags: [] },
  ];
  const { items: stored } = await limbic.rememberMany(
    agentId,
    items.map((m, i) => ({ content: m.content, affect: { valence: m.valence, arousal: m.arousal }, importance: m.importance, tags: m.tags, occurredAt: new Date(day + i * 20 * 60_000).toISOString() })),
  );
  await limbic.forget(stored[5]!.memory.id);
}

maybe('the agent page /ui in headless Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launch();
    console.log(`/ui screenshots: ${SHOTS}`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe('with API keys', () => {
    let stack: Stack;
    const agentId = 'ui-ada';
    beforeAll(async () => {
      // Spacing 0: every state change of the seeding is its own sample, so the chart has a line to draw.
      stack = await startStack({ tenants: 1, env: { LIMBIC_EMBEDDER: 'hash', LIMBIC_STATE_HISTORY_SPACING_MS: '0' } });
      await seed(stack.tenants[0]!.limbic, agentId);
    });
    afterAll(async () => {
      await stack?.stop();
    });

    it('asks for the key once, keeps it for the session, and draws the agent, its memories, a recall and a neighbourhood', async () => {
      const tenant = stack.tenants[0]!;
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const problems = watch(page, stack.url);

      // Before a key: the API answers UNAUTHENTICATED (401) and the page asks.
      await page.goto(`${stack.url}/ui#/agents/${agentId}/state`);
      await page.getByTestId('key-prompt').waitFor();
      await shot(page, '01-key-prompt');
      const beforeKey = problems.splice(0);
      expect(beforeKey.length).toBeGreaterThan(0);
      for (const p of beforeKey) expect(p.text).toMatch(/401.*\/graphql/);

      // A wrong key is refused and asked for again; then the right one.
      await page.locator('input[name=apiKey]').fill('not-a-key');
      await page.getByRole('button', { name: 'Use key' }).click();
      await page.getByTestId('key-prompt').getByText('The API refused that key').waitFor();
      for (const p of problems.splice(0)) expect(p.text).toMatch(/401.*\/graphql/);
      await page.locator('input[name=apiKey]').fill(tenant.key);
      await page.getByRole('button', { name: 'Use key' }).click();

      // State now: the drawn points are the API's values.
      const moodPoint = page.getByTestId('mood-point');
      await moodPoint.waitFor();
      const api = await tenant.limbic.agent(agentId);
      const drawn = async (testId: string, attr: string): Promise<number> => Number(await page.getByTestId(testId).getAttribute(attr));
      expect(Math.abs(api.affect.valence)).toBeGreaterThan(0.05);
      expect(await drawn('affect-point', 'data-valence')).toBeCloseTo(api.affect.valence, 2);
      expect(await drawn('affect-point', 'data-arousal')).toBeCloseTo(api.affect.arousal, 2);
      expect(await drawn('mood-point', 'data-valence')).toBeCloseTo(api.mood.valence, 2);
      expect(await drawn('mood-point', 'data-arousal')).toBeCloseTo(api.mood.arousal, 2);
      expect(await drawn('energy', 'data-energy')).toBeCloseTo(api.energy, 2);
      expect(await moodPoint.getAttribute('fill')).toBe(valenceColour(Number(await moodPoint.getAttribute('data-valence'))));
      expect(await page.getByTestId('goals').locator('li').allInnerTexts()).toEqual([expect.stringContaining('ship the release'), expect.stringContaining('rest')]);
      const primed = await page.getByTestId('primed').locator('li').evaluateAll((els) => els.map((e) => e.getAttribute('data-concept')));
      expect(primed.sort()).toEqual(api.primedConcepts.map((c) => c.name).sort());
      expect(primed.length).toBeGreaterThan(0);

      // Over time: the chart draws the API's state history, sample for sample.
      const history = await tenant.limbic.stateHistory(agentId);
      expect(history.length).toBeGreaterThanOrEqual(5);
      const chart = page.getByTestId('history-chart');
      expect(Number(await chart.getAttribute('data-samples'))).toBe(history.length);
      const series = async (key: string, attr: string): Promise<(string | null)[]> => chart.locator(`g[data-series=${key}] circle`).evaluateAll((els, a) => els.map((e) => e.getAttribute(a)), attr);
      expect((await series('valence', 'data-value')).map(Number)).toEqual(history.map((h) => h.mood.valence));
      expect((await series('energy', 'data-value')).map(Number)).toEqual(history.map((h) => h.energy));
      expect(await series('valence', 'data-cause')).toEqual(history.map((h) => h.cause));
      await shot(page, '02-state');

      // The key is kept for the session: a reload asks for nothing.
      await page.reload();
      await page.getByTestId('mood-point').waitFor();
      expect(await page.getByTestId('key-prompt').count()).toBe(0);

      // Memories: the live ones, coloured by valence; archived only when asked for, greyed.
      await page.getByTestId('tab-memories').click();
      const rows = page.getByTestId('memory-row');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(5);
      expect(await page.getByTestId('memory-count').getAttribute('data-total')).toBe('5');
      for (const row of await rows.all()) {
        const fill = await row.locator('circle').getAttribute('fill');
        expect(fill).toBe(valenceColour(Number(await row.getAttribute('data-valence'))));
      }
      const radii = await rows.locator('circle').evaluateAll((els) => els.map((e) => Number(e.getAttribute('r'))));
      expect(new Set(radii).size).toBeGreaterThan(1);
      await page.locator('select[name=archived]').selectOption('ALL');
      await page.getByRole('button', { name: 'filter' }).click();
      await page.waitForURL(/archived=ALL/);
      await page.locator('[data-testid=memory-row][data-archived=true]').waitFor();
      expect(await rows.count()).toBe(6);
      expect(await page.locator('[data-testid=memory-row][data-archived=true] circle').getAttribute('fill')).toBe('#ccc');
      await shot(page, '03-memories-all');
      await page.locator('input[name=contains]').fill('deploy');
      await page.getByRole('button', { name: 'filter' }).click();
      await page.waitForURL(/contains=deploy/);
      await page.getByTestId('memory-count').and(page.locator('[data-total="3"]')).waitFor();
      for (const text of await rows.locator('.content').allInnerTexts()) expect(text.toLowerCase()).toContain('deploy');

      // A memory's neighbourhood: typed, weighted edges to the memories around it.
      await rows.first().locator('a.content').click();
      const hood = page.getByTestId('neighbourhood');
      await hood.waitFor();
      expect(Number(await hood.getAttribute('data-nodes'))).toBeGreaterThanOrEqual(2);
      const edges = hood.locator('.edge');
      expect(await edges.count()).toBeGreaterThanOrEqual(1);
      for (const type of await edges.evaluateAll((els) => els.map((e) => e.getAttribute('data-type')))) expect(['SEMANTIC', 'EMOTIONAL', 'TEMPORAL', 'CAUSAL', 'CONTRASTIVE']).toContain(type);
      await shot(page, '04-neighbourhood');

      // Recall explorer: ranks, stacked weighted signals that add up to each score, the paths.
      await page.goto(`${stack.url}/ui#/agents/${agentId}/recall`);
      await page.locator('input[name=query]').fill('why did the deploy fail');
      await page.getByRole('button', { name: 'recall' }).click();
      const items = page.getByTestId('recall-item');
      await items.first().waitFor();
      const n = await items.count();
      expect(n).toBeGreaterThan(0);
      expect(await items.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-pass2'))))).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      for (const item of await items.all()) {
        expect(await item.getByTestId('signal-segment').count()).toBeGreaterThan(0);
        const total = Number(await item.getByTestId('signal-bar').getAttribute('data-total'));
        expect(total).toBeCloseTo(Number(await item.getAttribute('data-score')), 3);
      }
      const summary = page.getByTestId('recall-summary');
      expect(Number(await summary.getAttribute('data-items'))).toBe(n);
      expect(await page.getByTestId('weight-source').innerText()).not.toBe('');
      expect(Number(await page.getByTestId('activation-graph').getAttribute('data-nodes'))).toBeGreaterThanOrEqual(n);
      await shot(page, '05-recall');

      // USED on the top item is recorded: the agent learned weights for this query type.
      const queryType = await page.getByTestId('query-type').innerText();
      await items.first().getByTestId('used').click();
      await items.first().locator('[data-testid=feedback-sent][data-applied=true]').waitFor();
      const learned = await tenant.client.ok<{ agent: { learnedWeights: { queryType: string }[] } }>(LEARNED, { id: agentId });
      expect(learned.agent.learnedWeights.map((w) => w.queryType)).toContain(queryType);
      await shot(page, '06-feedback');

      expect(problems).toEqual([]);

      // Forgetting the key asks for one again.
      await page.getByTestId('forget-key').click();
      await page.getByTestId('key-prompt').waitFor();
      expect(await page.evaluate<number>('window.sessionStorage.length')).toBe(0);
      await context.close();
    });
  });

  describe('without API keys (single tenant, loopback)', () => {
    let api: RunningProcess;
    let url: string;
    // Agents list by id: a leading 0 puts this one on the first page of the shared keyless tenant.
    const agentId = `0ui-keyless-${uniqueSuffix()}`;
    beforeAll(async () => {
      ({ url, proc: api } = await startWithFreePort((p) => startProcess('api', { LIMBIC_API_KEYS: '', LIMBIC_PORT: String(p), LIMBIC_EMBEDDER: 'hash', LIMBIC_LOG_LEVEL: 'warn' }), '/health/ready'));
      await new LimbicClient({ url, apiKey: '' }).createAgent(agentId);
    });
    afterAll(async () => {
      if (url) await new LimbicClient({ url, apiKey: '' }).deleteAgent(agentId).catch(() => undefined);
      await api?.stop();
    });

    it('needs no key: lists the agent and opens it, with nothing failing', async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const problems = watch(page, url);
      await page.goto(`${url}/ui`);
      const row = page.locator(`[data-testid=agent-row][data-agent-id="${agentId}"]`);
      await row.waitFor();
      await shot(page, '07-keyless-agents');
      await row.locator('a').click();
      await page.getByTestId('mood-point').waitFor();
      expect(await page.getByTestId('key-prompt').count()).toBe(0);
      expect(await page.getByTestId('forget-key').count()).toBe(0);
      await shot(page, '08-keyless-state');
      expect(problems).toEqual([]);
      await context.close();
    });
  });
});
