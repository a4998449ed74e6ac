// Neo4j Browser as a person meets it: the Browser the runtime serves (Maven Central's newest,
// 5.24.0, inside the 2026 server) opens in a real headless Chromium, connects to our Neo4j with
// the development credentials and runs a saved query of cypher/browser against an agent the API
// wrote, showing its memories. Chromium comes from Debian's packages (scripts/test.sh installs
// it when it can); without it this file says so loudly and skips.
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { findCypherDir } from '@limbic/graph';
import { startStack, type Stack } from './support/stack';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const present = existsSync(CHROMIUM);
if (!present) console.warn(`Neo4j Browser test SKIPPED: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
const maybe = present ? describe : describe.skip;

const HTTP = `http://127.0.0.1:${process.env.NEO4J_HTTP_PORT ?? '7474'}`;
const BOLT = process.env.NEO4J_URI ?? `bolt://127.0.0.1:${process.env.NEO4J_BOLT_PORT ?? '7687'}`;
const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id }) { id } }`;
const ENCODE = `mutation($input: EncodeInput!) { encode(input: $input) { id } }`;

jest.setTimeout(180_000);

/** A saved query as a person pastes it: its comment header dropped, one statement. */
function savedQuery(file: string): string {
  return readFileSync(join(findCypherDir(), 'browser', file), 'utf8')
    .split('\n')
    .filter((l) => !l.trimStart().startsWith('//'))
    .join('\n')
    .trim()
    .replace(/;$/, '');
}

/** Types a command into the Browser's editor and runs it (Ctrl+Enter), as a person would. */
async function run(page: Page, command: string): Promise<void> {
  const frames = page.locator('[data-testid="frameCommand"]');
  const before = await frames.count();
  const editor = page.locator('[data-testid="activeEditor"]');
  await editor.click();
  // insertText, not key presses: the editor would auto-close brackets and quotes as they are typed.
  await page.keyboard.insertText(command);
  await page.keyboard.press('Control+Enter');
  // Its frame opens on top before the next command is typed.
  await frames.nth(before).waitFor({ timeout: 30_000 });
}

maybe('Neo4j Browser (the runtime’s) in headless Chromium', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack({ tenants: 1, env: { LIMBIC_EMBEDDER: 'hash' } });
    const client = stack.tenants[0]!.client;
    await client.ok(CREATE_AGENT, { id: 'browsed' });
    for (const content of ['The deploy failed at midnight.', 'We rolled back the release.', 'Lunch with Ana by the river.']) {
      await client.ok(ENCODE, { input: { agentId: 'browsed', content } });
    }
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
  });

  it('connects with the development credentials and runs the saved agent-graph query', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const failed: string[] = [];
    // Its own code comes from the jar, so it works offline; what it asks of the internet (fonts,
    // usage analytics) fails here and is not needed. Nothing it serves itself may fail.
    page.on('requestfailed', (r) => {
      if (r.url().startsWith(HTTP)) failed.push(r.url());
    });
    await page.goto(`${HTTP}/browser/`);
    await page.locator('[data-testid="boltaddress"]').fill(BOLT);
    await page.locator('[data-testid="username"]').fill(process.env.NEO4J_USER ?? 'neo4j');
    await page.locator('[data-testid="password"]').fill(process.env.NEO4J_PASSWORD ?? 'limbic-dev-password');
    await page.locator('[data-testid="connect"]').click();
    await page.locator('[data-testid="activeEditor"]').waitFor({ timeout: 60_000 });
    await page.getByText('You are connected as user', { exact: false }).first().waitFor({ timeout: 60_000 });

    await run(page, `:param tenantId => '${stack.tenants[0]!.id}'`);
    await run(page, `:param agentId => 'browsed'`);
    await run(page, savedQuery('01-agent-memory-graph.cypher'));

    // The newest frame is the query's, drawn as a graph: the three memories and their edges.
    const frame = page.locator('[data-testid="frame"]').first();
    const overview = frame.getByText(/Displaying \d+ nodes?, \d+ relationships?/);
    await overview.waitFor({ timeout: 60_000 });
    const [, nodes, relationships] = /Displaying (\d+) nodes?, (\d+) relationships?/.exec(await overview.innerText()) ?? [];
    expect(await frame.locator('[data-testid="frameCommand"]').innerText()).toContain('MATCH (m:Memory');
    // Three memories; the timeline alone links them twice.
    expect({ nodes: Number(nodes), linked: Number(relationships) >= 2 }).toEqual({ nodes: 3, linked: true });
    await page.screenshot({ path: join(tmpdir(), 'limbic-browser-agent-graph.png') });
    expect(failed).toEqual([]);
  });
});
