// Neo4j Browser as a person meets it: the Browser the runtime serves (Maven Central's newest,
// 5.24.0, inside the 2026 server) opens in a real headless Chromium, connects to our Neo4j with
// the development credentials and runs the saved queries of cypher/browser against an agent the
// API wrote: first one pasted by hand, then every one from Limbic's guide (`:play` of the API's
// /neo4j-guide) with its style sheet applied. Chromium comes from Debian's packages
// (scripts/test.sh installs it when it can); without it this file says so loudly and skips.
// Screenshots go to test-artifacts/neo4j-browser/.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { findCypherDir, VALENCE_BAND_LABELS, valenceBand } from '@limbic/graph';
import { savedQueryText } from '../apps/api/src/neo4j-guide/utils/saved-query';
import { startStack, type Stack } from './support/stack';
import { eventually, testDriver } from './support/neo4j';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const present = existsSync(CHROMIUM);
if (!present) console.warn(`Neo4j Browser test SKIPPED: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
const maybe = present ? describe : describe.skip;

const HTTP = `http://127.0.0.1:${process.env.NEO4J_HTTP_PORT ?? '7474'}`;
const BOLT = process.env.NEO4J_URI ?? `bolt://127.0.0.1:${process.env.NEO4J_BOLT_PORT ?? '7687'}`;
const DB = { database: process.env.NEO4J_DATABASE ?? 'neo4j' };
const ARTIFACTS = join(__dirname, '..', 'test-artifacts', 'neo4j-browser');
const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id }) { id } }`;
const ENCODE = `mutation($input: EncodeInput!) { encode(input: $input) { id } }`;
const UPDATE = `mutation($id: ID!, $patch: MemoryPatchInput!) { updateMemory(id: $id, patch: $patch) { id } }`;
const SET_GOALS = `mutation($agentId: ID!, $goals: [GoalInput!]!) { setGoals(agentId: $agentId, goals: $goals) { id } }`;
const RECALL = `query($input: RecallInput!) { recall(input: $input) { recallId } }`;

/** What the agent lived through: one long memory (its caption must be cut), affects in every band. */
const LONG = 'The deploy failed at midnight and the whole on-call rotation was paged twice before anyone found the cause';
const SEED: readonly { content: string; affect?: { valence: number; arousal: number } }[] = [
  { content: LONG, affect: { valence: -0.8, arousal: 0.8 } },
  { content: 'We rolled back the release and the deploy was green again.', affect: { valence: -0.3, arousal: 0.5 } },
  { content: 'The deploy pipeline now checks the release before midnight.' },
  { content: 'Lunch with Ana by the river, the deploy forgotten.', affect: { valence: 0.7, arousal: 0.4 } },
  { content: 'Ana said the release notes were the clearest yet.', affect: { valence: 0.3, arousal: 0.3 } },
];

jest.setTimeout(300_000);

/** Which saved queries draw a graph (nodes come back) and which a table. */
const GRAPH_QUERIES = new Set(['01-agent-memory-graph.cypher', '03-memory-neighbourhood.cypher', '06-goals-and-attention.cypher', '07-strongest-paths.cypher']);

/** A saved query as a person pastes it: its comment header dropped, one statement. */
function savedQuery(file: string): string {
  return savedQueryText(readFileSync(join(findCypherDir(), 'browser', file), 'utf8'));
}

/**
 * Runs `act`, which runs `command`, and returns the frame it opens: the newest frame of that
 * command (not merely the top one: the Browser adds frames of its own after connecting).
 */
async function opensFrame(page: Page, command: string, act: () => Promise<void>): Promise<Locator> {
  const firstLine = command.trim().split('\n')[0]!;
  const mine = page.locator('[data-testid="frame"]').filter({ has: page.locator('[data-testid="frameCommand"]', { hasText: firstLine }) });
  const before = await mine.count();
  await act();
  await mine.nth(before).waitFor({ timeout: 30_000 });
  return mine.first();
}

/** Types a command into the Browser's editor and runs it (Ctrl+Enter), as a person would. */
async function run(page: Page, command: string): Promise<Locator> {
  return opensFrame(page, command, async () => {
    await page.locator('[data-testid="activeEditor"]').click();
    // insertText, not key presses: the editor would auto-close brackets and quotes as they are typed.
    await page.keyboard.insertText(command);
    await page.keyboard.press('Control+Enter');
  });
}

/** The graph a frame drew: its overview's counts. */
async function drawn(frame: Locator): Promise<{ nodes: number; relationships: number }> {
  const overview = frame.getByText(/Displaying \d+ nodes?, \d+ relationships?/);
  await overview.waitFor({ timeout: 60_000 });
  const [, nodes, relationships] = /Displaying (\d+) nodes?, (\d+) relationships?/.exec(await overview.innerText()) ?? [];
  return { nodes: Number(nodes), relationships: Number(relationships) };
}

/** The rows a table frame received, from its status line. */
async function rows(frame: Locator): Promise<number> {
  const status = frame.getByText(/Started streaming \d+ records?/);
  await status.waitFor({ timeout: 60_000 });
  return Number(/Started streaming (\d+) record/.exec(await status.innerText())?.[1]);
}

maybe('Neo4j Browser (the runtime’s) in headless Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  const driver = testDriver();
  const ids: string[] = [];
  let tenantId = '';

  /** A fresh page, connected; `failed` collects every failed request to the Browser's origin or the API's. */
  async function connectedPage(): Promise<{ page: Page; failed: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const failed: string[] = [];
    // Its own code comes from the jar, so it works offline; what it asks of the internet (fonts,
    // usage analytics) fails here and is not needed. Nothing it or our API serves may fail.
    const ours = (url: string) => url.startsWith(HTTP) || url.startsWith(stack.url);
    page.on('requestfailed', (r) => {
      if (ours(r.url())) failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`);
    });
    page.on('response', (r) => {
      if (ours(r.url()) && r.status() >= 400) failed.push(`${r.url()} ${r.status()}`);
    });
    await page.goto(`${HTTP}/browser/`);
    await page.locator('[data-testid="boltaddress"]').fill(BOLT);
    await page.locator('[data-testid="username"]').fill(process.env.NEO4J_USER ?? 'neo4j');
    await page.locator('[data-testid="password"]').fill(process.env.NEO4J_PASSWORD ?? 'limbic-dev-password');
    await page.locator('[data-testid="connect"]').click();
    await page.locator('[data-testid="activeEditor"]').waitFor({ timeout: 60_000 });
    await page.getByText('You are connected as user', { exact: false }).first().waitFor({ timeout: 60_000 });
    return { page, failed };
  }

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    stack = await startStack({ tenants: 1, worker: true, env: { LIMBIC_EMBEDDER: 'hash' } });
    tenantId = stack.tenants[0]!.id;
    const client = stack.tenants[0]!.client;
    await client.ok(CREATE_AGENT, { id: 'browsed' });
    for (const { content, affect } of SEED) {
      const r = await client.ok<{ encode: { id: string } }>(ENCODE, { input: { agentId: 'browsed', content, ...(affect ? { affect } : {}) } });
      ids.push(r.encode.id);
    }
    await client.ok(SET_GOALS, { agentId: 'browsed', goals: [{ name: 'ship the release', priority: 0.8 }, { name: 'rest', priority: 0.3 }] });
    // Across a band: the rollback is remembered more kindly (Negative → Positive).
    await client.ok(UPDATE, { id: ids[1], patch: { affect: { valence: 0.4, arousal: 0.4 } } });
    // The memory without a given affect appraised (the worker's slow path), then a recall, whose
    // effects (reconsolidation, priming) the worker applies too.
    await eventually(() => memoriesOf('browsed'), (ms) => ms.length === SEED.length && ms.every((m) => !m.pending), 60_000);
    await client.ok(RECALL, { input: { agentId: 'browsed', query: 'the deploy at midnight' } });
    await eventually(() => memoriesOf('browsed'), (ms) => ms.some((m) => m.accesses > 0), 60_000);
    // An imported copy: import writes memories too.
    const key = stack.tenants[0]!.key;
    const exported = await (await fetch(`${stack.url}/agents/browsed/export`, { headers: { authorization: `Bearer ${key}` } })).text();
    const imported = await fetch(`${stack.url}/agents/browsed-copy/import`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-ndjson' }, body: exported });
    expect(imported.status).toBe(201);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      // No network beyond loopback here: background requests to Google's hosts only fail. Playwright
      // starts it with a fresh, empty profile of its own.
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await driver.close();
  });

  /** The agent's memories with their valence-band labels. */
  async function memoriesOf(agentId: string) {
    const { records } = await driver.executeQuery(
      `MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
       RETURN m.id AS id, m.valence AS valence, m.pendingAppraisal AS pending, m.accessCount AS accesses, [l IN labels(m) WHERE l IN $bands] AS bands`,
      { tenantId, agentId, bands: VALENCE_BAND_LABELS },
      DB,
    );
    return records.map((r) => ({ id: String(r.get('id')), valence: Number(r.get('valence')), pending: r.get('pending') === true, accesses: Number(r.get('accesses') ?? 0), bands: r.get('bands') as string[] }));
  }

  it('labels every memory with the band of its valence, through encode, appraisal, updateMemory, recall effects and import', async () => {
    const [original, copy] = [await memoriesOf('browsed'), await memoriesOf('browsed-copy')];
    // The seeding waited for the appraisal and the recall's effects: every write path ran.
    expect({ original: original.length, copy: copy.length, pending: [...original, ...copy].filter((m) => m.pending).length, recalled: original.some((m) => m.accesses > 0) }).toEqual({
      original: SEED.length,
      copy: SEED.length,
      pending: 0,
      recalled: true,
    });
    for (const m of [...original, ...copy]) expect({ id: m.id, bands: m.bands }).toEqual({ id: m.id, bands: [valenceBand(m.valence)] });
    const byId = new Map(original.map((m) => [m.id, m.bands[0]]));
    expect([byId.get(ids[0]!), byId.get(ids[1]!), byId.get(ids[3]!)]).toEqual(['VeryNegative', 'Positive', 'VeryPositive']);
    expect(copy.map((m) => m.bands[0]).sort()).toEqual(original.map((m) => m.bands[0]).sort());
  });

  it('connects with the development credentials and runs the saved agent-graph query', async () => {
    const { page, failed } = await connectedPage();
    await run(page, `:param tenantId => '${tenantId}'`);
    await run(page, `:param agentId => 'browsed'`);
    const frame = await run(page, savedQuery('01-agent-memory-graph.cypher'));

    // The newest frame is the query's, drawn as a graph: the memories and their edges.
    const graph = await drawn(frame);
    expect(await frame.locator('[data-testid="frameCommand"]').innerText()).toContain('MATCH (m:Memory');
    // Five memories; the timeline alone links them four times.
    expect({ nodes: graph.nodes, linked: graph.relationships >= 4 }).toEqual({ nodes: SEED.length, linked: true });
    await page.screenshot({ path: join(ARTIFACTS, 'pasted-agent-graph.png') });
    expect(failed).toEqual([]);
    await page.close();
  });

  it('plays the guide: every slide’s saved query runs and draws, in the style sheet’s captions and colours', async () => {
    const { page, failed } = await connectedPage();
    // The Browser reads the hosts it may play from (neo4j.conf's
    // browser.remote_content_hostname_whitelist, which adds 127.0.0.1) just after connecting; a
    // `:play` sent before that is checked against its built-in list and not found. A person types
    // slower; here it is played again until the guide shows, three times at most.
    const play = async (): Promise<Locator> => {
      const frame = await run(page, `:play ${stack.url}/neo4j-guide`);
      await frame.locator('[data-testid="carousel"]').or(frame.getByText('No guide by that name')).first().waitFor({ timeout: 30_000 });
      return frame;
    };
    let guide = await play();
    for (let attempt = 1; attempt < 3 && (await guide.locator('[data-testid="carousel"]').count()) === 0; attempt++) guide = await play();
    const carousel = guide.locator('[data-testid="carousel"]');
    if ((await carousel.count()) === 0) {
      await page.screenshot({ path: join(ARTIFACTS, 'guide-not-shown.png') });
      throw new Error(`the guide did not show: ${await guide.innerText()}\nfailed requests: ${failed.join(', ')}`);
    }
    const files = readdirSync(join(findCypherDir(), 'browser')).filter((f) => f.endsWith('.cypher'));
    await carousel.getByText(`1 / ${files.length + 1}`).waitFor();

    // The first slide: which agent, then the style sheet. A click on a code block's play icon runs it.
    const runStep = async (step: string) => {
      const code = guide.locator(`pre[data-step="${step}"]`);
      return opensFrame(page, await code.innerText(), () => code.locator('i').first().click());
    };
    await guide.locator('input[value-for="tenantId"]').pressSequentially(tenantId);
    await guide.locator('input[value-for="agentId"]').pressSequentially('browsed');
    expect(await guide.locator('pre[data-step="tenant"]').innerText()).toContain(`:param tenantId => '${tenantId}'`);
    await runStep('tenant');
    await runStep('agent');
    const style = await runStep('style');
    // The style frame shows the sheet now in force (an error frame would show the reason instead).
    await style.getByText('node.VeryNegative', { exact: false }).first().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: join(ARTIFACTS, 'guide-start.png') });

    const seen: Record<string, unknown> = {};
    for (let slide = 2; slide <= files.length + 1; slide++) {
      await guide.locator('[data-testid="nextSlide"]').click();
      await carousel.getByText(`${slide} / ${files.length + 1}`).waitFor();
      const code = guide.locator('pre[data-file]');
      const file = String(await code.getAttribute('data-file'));
      expect(await code.innerText()).toContain(savedQuery(file).split('\n')[0]!);
      if (file === '03-memory-neighbourhood.cypher') {
        await guide.locator('input[value-for="memoryId"]').pressSequentially(ids[1]!);
        await runStep('memory');
      }
      const frame = await opensFrame(page, savedQuery(file), () => code.locator('i').first().click());
      if (GRAPH_QUERIES.has(file)) {
        const graph = await drawn(frame);
        seen[file] = { nodes: graph.nodes > 0, relationships: graph.relationships > 0 };
        if (file === '01-agent-memory-graph.cypher') await checkStyle(frame);
      } else if (file === '05-recent-mood.cypher') {
        // The state now, the state history (encode, update and recall each sampled it), one row per memory.
        const received = await rows(frame);
        const text = await frame.innerText();
        seen[file] = { rows: received >= SEED.length + 2, history: text.includes('"state"') && text.includes('"RECALL"') };
      } else {
        seen[file] = { rows: (await rows(frame)) > 0 };
      }
      await page.screenshot({ path: join(ARTIFACTS, `guide-${file.replace('.cypher', '')}.png`) });
    }
    const graphDrawn = { nodes: true, relationships: true };
    expect(seen).toEqual({
      '01-agent-memory-graph.cypher': graphDrawn,
      '02-edges-by-type.cypher': { rows: true },
      '03-memory-neighbourhood.cypher': graphDrawn,
      '04-strongest-links.cypher': { rows: true },
      '05-recent-mood.cypher': { rows: true, history: true },
      '06-goals-and-attention.cypher': graphDrawn,
      '07-strongest-paths.cypher': graphDrawn,
    });
    expect(failed).toEqual([]);
    await page.close();
  });

  /** Memory captions are their text, cut to fit the node, in the colour of their valence band; edges say type and weight. */
  async function checkStyle(frame: Locator): Promise<void> {
    const read = () =>
      frame.locator('svg g.node').evaluateAll((gs) =>
        gs.map((g) => ({
          caption: Array.from(g.querySelectorAll('text.caption'), (t) => String((t as { textContent: string | null }).textContent ?? '').trim())
            .join(' ')
            .trim(),
          fill: g.querySelector('circle.b-outline')?.getAttribute('fill') ?? '',
        })),
      );
    // The Browser reports the graph ("Displaying …") before it has drawn every node's caption: one
    // full run as a new user read the nodes while the long memory's was not drawn yet.
    let nodes = await read();
    for (const until = Date.now() + 15_000; !nodes.some((n) => n.caption.startsWith('The deploy failed')) && Date.now() < until; nodes = await read()) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const long = nodes.find((n) => n.caption.startsWith('The deploy failed'));
    expect(long).toBeDefined();
    // The Browser cuts a caption to what its circle holds (an ellipsis when a word is cut).
    const shown = long!.caption.replace(/…$/, '');
    expect({ cut: shown.length < LONG.length - 20 && LONG.replace(/\s+/g, ' ').startsWith(shown), fill: long!.fill.toUpperCase() }).toEqual({ cut: true, fill: '#C0392B' });
    expect(nodes.find((n) => n.caption.startsWith('Lunch with Ana'))?.fill.toUpperCase()).toBe('#1E8449');
    const edges = await frame.locator('svg g.relationship text').allTextContents();
    expect(edges.some((t) => /^(SEMANTIC|EMOTIONAL|TEMPORAL|CAUSAL|CONTRASTIVE) \d/.test(t.trim()))).toBe(true);
  }
});
