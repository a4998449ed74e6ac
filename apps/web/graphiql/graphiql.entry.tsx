import 'graphiql/style.css';
import '@graphiql/react/font/roboto.css';
import '@graphiql/react/font/fira-code.css';
import './page.css';
import './monaco-workers';
import { GraphiQL } from 'graphiql';
import { useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiKeySession, KEY_HEADERS_TEMPLATE } from './api-key';
import { EXAMPLES } from './examples';
import { ConsistencyJar } from '../../../libs/client/src/consistency';
import { limbicFetcher } from './fetcher';
import { loadSettings, type IdeSettings } from './settings';

/** Read first, at the top of the first tab: what the tabs do, where the key goes, where the docs are. */
function guide(settings: IdeSettings): string {
  const lines = [
    '# Limbic GraphQL IDE. Run a tab with ▶ (Ctrl+Enter);',
    '# its variables are below. The tabs: create an agent,',
    '# remember a memory (encode), recall with the',
    '# explanation (signals, weights, activation paths).',
    ...(settings.keyRequired
      ? ['# API key: replace the placeholder in the Headers tab,', '# once: it is kept for this browser session and sent', '# by every tab.']
      : ['# No API keys are configured (single-tenant, loopback', '# only): no key header is needed.']),
    ...(settings.introspection
      ? ['# Docs: the book icon on the left (Ctrl+Shift+R', '# reloads the schema).']
      : [
          '# Docs: introspection is off on this API, so there is',
          '# no docs explorer or completion. Set',
          '# LIMBIC_GRAPHQL_INTROSPECTION=true to turn it on, or',
          '# read the schema in apps/api/schema.gql.',
        ]),
  ];
  return `${lines.join('\n')}\n\n`;
}

/**
 * GraphiQL fills the first tab's variables editor from `initialVariables` (or what it stored),
 * not from `defaultTabs`: on a first visit, before it stored any tabs, the first example's
 * variables are given that way. Later visits keep what the person left there.
 */
const FIRST_VISIT = localStorage.getItem('graphiql:tabState') === null;

function LimbicGraphiQL({ settings }: { settings: IdeSettings }) {
  const [keys] = useState(() => new ApiKeySession(sessionStorage));
  const [jar] = useState(() => new ConsistencyJar());
  // Bumped when the API first accepts a key: a new fetcher makes GraphiQL introspect again, so
  // the docs load once a key works, without a reload.
  const [keyVersion, setKeyVersion] = useState(0);
  const fetcher = useMemo(() => limbicFetcher(settings, keys, jar, () => setKeyVersion((v) => v + 1)), [settings, keys, jar, keyVersion]);
  const headers = settings.keyRequired ? KEY_HEADERS_TEMPLATE : '';
  const tabs = EXAMPLES.map((example, i) => ({
    query: i === 0 ? guide(settings) + example.query : example.query,
    variables: example.variables,
    headers,
  }));
  return (
    <GraphiQL
      fetcher={fetcher}
      defaultTabs={tabs}
      defaultHeaders={headers}
      initialVariables={FIRST_VISIT ? tabs[0]?.variables : undefined}
      // null: no introspection request at all (it would only be refused); undefined: introspect.
      schema={settings.introspection ? undefined : null}
      defaultEditorToolsVisibility={settings.keyRequired ? 'headers' : 'variables'}
    >
      <GraphiQL.Logo>Limbic</GraphiQL.Logo>
    </GraphiQL>
  );
}

const container = document.getElementById('graphiql');
if (!container) throw new Error('no #graphiql element');
try {
  const settings = await loadSettings();
  createRoot(container).render(<LimbicGraphiQL settings={settings} />);
} catch (err) {
  container.textContent = `The GraphQL IDE could not start: ${err instanceof Error ? err.message : String(err)}`;
  throw err;
}
