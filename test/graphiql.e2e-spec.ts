// The GraphQL IDE as a person meets it: a browser opening /graphql gets GraphiQL, bundled with
// the API, in a real headless Chromium (Debian's; without it this file says so and skips).
// Nothing it loads may fail or come from another origin; its example tabs are there; the
// create-agent example, run with the key typed into the Headers tab, creates the agent.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT, startProcess, startWithFreePort, type RunningProcess } from './support/processes';
import { sharedStack, type SharedStack } from './support/shared-stack';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const present = existsSync(CHROMIUM);
if (!present) console.warn(`GraphQL IDE test SKIPPED: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
const maybe = present ? describe : describe.skip;

const ARTIFACTS = join(ROOT, 'test-artifacts', 'graphiql');
const AGENT = `query($id: ID!) { agent(id: $id) { id preset } }`;

jest.setTimeout(180_000);

/** What went wrong while a page was open: failed requests, console errors, requests elsewhere. */
interface Trouble {
  failed: string[];
  errors: string[];
  foreign: string[];
}

async function openIde(browser: Browser, origin: string): Promise<{ page: Page; trouble: Trouble; workers: string[] }> {
  // Tall enough that the result pane renders the first item's explanation however its content
  // line wraps: Monaco renders only the lines in view, and at 900 px one full run (as a new user,
  // 2026-12-07) wrapped the memory's text onto a second line, which pushed the signals out of it.
  const page = await browser.newPage({ viewport: { width: 1400, height: 1200 } });
  const trouble: Trouble = { failed: [], errors: [], foreign: [] };
  const workers: string[] = [];
  page.on('requestfailed', (r) => trouble.failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) trouble.foreign.push(r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error') trouble.errors.push(m.text());
  });
  page.on('pageerror', (err) => trouble.errors.push(err.message));
  page.on('worker', (w) => workers.push(w.url()));
  // As a person navigates: the browser's own Accept header, text/html first.
  const response = await page.goto(`${origin}/graphql`);
  expect([response?.status(), response?.headers()['content-type']]).toEqual([200, expect.stringContaining('text/html') as unknown]);
  await page.locator('.graphiql-container').waitFor({ timeout: 60_000 });
  return { page, trouble, workers };
}

/** The tab titles GraphiQL shows (each tab is named after its operation). */
async function tabTitles(page: Page): Promise<string[]> {
  const tabs = page.locator('.graphiql-tab .graphiql-tab-button');
  await tabs.nth(2).waitFor();
  return (await tabs.allInnerTexts()).map((t) => t.trim());
}

/** The visible text of a Monaco editor, its non-breaking spaces as spaces. */
async function editorText(page: Page, selector: string): Promise<string> {
  return (await page.locator(`${selector} .view-lines`).innerText()).replace(/\u00a0/g, ' ');
}

/**
 * Waits until a Monaco editor shows `text` (the response pane fills in after the request).
 * Playwright's text matching treats Monaco's non-breaking spaces as spaces.
 */
async function waitForEditorText(page: Page, selector: string, text: string): Promise<void> {
  try {
    await page.locator(`${selector} .view-lines`, { hasText: text }).waitFor({ timeout: 30_000 });
  } catch (err) {
    const shown = await editorText(page, selector).catch(() => '(no editor)');
    throw new Error(`${selector} never showed ${text}; it shows:\n${shown}`, { cause: err });
  }
}

maybe('GraphQL IDE (GraphiQL) at /graphql in headless Chromium', () => {
  let stack: SharedStack;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    stack = await sharedStack({ tenants: 1, embedder: 'hash' });
    origin = new URL(stack.url).origin;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('opens with the example tabs, runs create-agent with the key typed in, and loads the docs; nothing fails or leaves the origin', async () => {
    const tenant = stack.tenants[0]!;
    const before = await tenant.client.request(AGENT, { id: 'demo' });
    expect(before.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    const { page, trouble, workers } = await openIde(browser, origin);
    expect(await tabTitles(page)).toEqual(['CreateAgent', 'Remember', 'RecallWithExplain']);
    // Keys are configured: the headers editor is open and holds the template for the key.
    const headers = '.graphiql-editor-tool .graphiql-editor:not(.hidden)';
    await waitForEditorText(page, headers, 'Authorization');
    expect(await editorText(page, headers)).toContain('"Authorization": "Bearer <your API key>"');
    expect(await editorText(page, '.graphiql-query-editor')).toContain('mutation CreateAgent');
    // Switching tabs, a person waits to see the tab's operation before going on.
    const openTab = async (tab: string): Promise<void> => {
      await page.locator('.graphiql-tab-button', { hasText: tab }).click();
      await waitForEditorText(page, '.graphiql-query-editor', ` ${tab}(`);
    };
    // Each tab comes with its variables. Monaco fills the pane in after the click (on a loaded
    // machine a read right after it saw only the opening brace), so this waits for the text.
    const variablesShow = async (tab: string, expected: string): Promise<string> => {
      await openTab(tab);
      await page.locator('.graphiql-editor-tools button[data-name="variables"]').click();
      const pane = '.graphiql-editor-tool .graphiql-editor:not(.hidden)';
      await waitForEditorText(page, pane, expected);
      return editorText(page, pane);
    };
    expect(await variablesShow('RecallWithExplain', '"explain": true')).toContain('"query": "');
    expect(await variablesShow('Remember', '"agentId": "demo"')).toContain('"content": "');
    expect(await variablesShow('CreateAgent', '"id": "demo"')).toContain('"preset": "agent"');
    await page.locator('.graphiql-editor-tools button[data-name="headers"]').click();

    // Before the key, nothing is sent: running says where the key goes.
    const run = async (expected: string): Promise<string> => {
      await page.locator('.graphiql-execute-button').click();
      await waitForEditorText(page, '.result-window', expected);
      return editorText(page, '.result-window');
    };
    await run('This API needs a key');

    await page.locator(`${headers} .monaco-editor`).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    // Typed key by key, as a person types: the editor's auto-closed quotes and braces are typed over.
    await page.keyboard.type(JSON.stringify({ Authorization: `Bearer ${tenant.key}` }));
    const created = await run('"createAgent"');
    expect(created).toContain('"id": "demo"');
    expect(created).not.toContain('"errors"');
    expect(await tenant.client.ok(AGENT, { id: 'demo' })).toEqual({ agent: { id: 'demo', preset: 'agent' } });

    // The other tabs still hold the placeholder: they send the key the API accepted. And the
    // create's consistency token: behind several replicas the next run reads what it wrote.
    const carried: (string | undefined)[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/graphql' && r.postData()?.includes('mutation Remember')) carried.push(r.headers()['limbic-consistency']);
    });
    await openTab('Remember');
    expect(await run('"encode"')).toContain('"content": "The deploy failed at midnight');
    expect(carried).toEqual([expect.stringMatching(/^v1\./)]);
    await openTab('RecallWithExplain');
    const recalled = await run('"recall"');
    expect(recalled).toContain('"pass1Rank": 1');
    // Its explanation (the pane shows the first item's; the rest is scrolled away).
    expect(recalled).toMatch(/"explanation": \{\s+"signals": \{\s+"semantic"/);

    // The key made GraphiQL introspect again: the docs explorer shows the schema's root types.
    await page.locator('[aria-label="Show Documentation Explorer"]').click();
    const docs = page.locator('.graphiql-plugin');
    await docs.getByText('Root Types').waitFor({ timeout: 30_000 });
    await docs.getByText('Mutation', { exact: true }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'recall-with-docs.png') });

    // Monaco's workers are the page's own files.
    expect(workers.length).toBeGreaterThan(0);
    expect(workers.every((url) => url.startsWith(`${origin}/graphql/ide/`))).toBe(true);
    expect(trouble).toEqual({ failed: [], errors: [], foreign: [] });
    await page.close();
  });

  it('leaves every other request to Apollo as before: POST and GET with ?query= answer JSON, behind the key', async () => {
    const tenant = stack.tenants[0]!;
    const typename = encodeURIComponent('{ __typename }');
    const post = (key: string | undefined) =>
      fetch(`${stack.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
    const ok = await post(tenant.key);
    expect([ok.status, await ok.json()]).toEqual([200, { data: { __typename: 'Query' } }]);
    const refused = await post(undefined);
    expect([refused.status, await refused.json()]).toMatchObject([401, { errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] }]);

    // Even with a browser's Accept: a query string makes it an operation. (Apollo's CSRF
    // prevention wants a preflight header on GET.)
    for (const accept of ['application/json', 'text/html,application/xhtml+xml,*/*;q=0.8']) {
      const get = await fetch(`${stack.url}/graphql?query=${typename}`, { headers: { accept, authorization: `Bearer ${tenant.key}`, 'apollo-require-preflight': 'true' } });
      expect([get.status, get.headers.get('content-type'), await get.json()]).toEqual([200, expect.stringContaining('application/json') as unknown, { data: { __typename: 'Query' } }]);
    }
    const keyless = await fetch(`${stack.url}/graphql?query=${typename}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(keyless.status).toBe(401);
    // A client's plain GET of the endpoint is not a page either.
    const plain = await fetch(`${stack.url}/graphql`, { headers: { accept: 'application/json', authorization: `Bearer ${tenant.key}` } });
    expect(plain.headers.get('content-type')).not.toContain('text/html');
  });

  describe('without keys and with introspection off', () => {
    let api: RunningProcess;
    let keylessOrigin: string;

    beforeAll(async () => {
      const started = await startWithFreePort(
        (p) => startProcess('api', { LIMBIC_API_KEYS: '', LIMBIC_GRAPHQL_INTROSPECTION: 'false', LIMBIC_PORT: String(p), LIMBIC_EMBEDDER: 'hash', LIMBIC_LOG_LEVEL: 'warn' }),
        '/health/ready',
      );
      api = started.proc;
      keylessOrigin = new URL(started.url).origin;
    });

    afterAll(async () => {
      await api?.stop();
    });

    it('opens with no key header and says what to do for docs; sends no introspection to be refused', async () => {
      const { page, trouble } = await openIde(browser, keylessOrigin);
      expect(await tabTitles(page)).toEqual(['CreateAgent', 'Remember', 'RecallWithExplain']);
      const query = await editorText(page, '.graphiql-query-editor');
      expect(query).toContain('introspection is off on this API');
      expect(query).toContain('LIMBIC_GRAPHQL_INTROSPECTION=true to turn it on');
      await page.locator('.graphiql-editor-tools button[data-name="headers"]').click();
      expect((await editorText(page, '.graphiql-editor-tool .graphiql-editor:not(.hidden)')).trim()).toBe('');
      await page.screenshot({ path: join(ARTIFACTS, 'keyless-no-introspection.png') });
      expect(trouble).toEqual({ failed: [], errors: [], foreign: [] });
      await page.close();
    });
  });
});
