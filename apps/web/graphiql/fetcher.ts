import { GraphQLError } from 'graphql';
import type { GraphiQLProps } from 'graphiql';
import type { ApiKeySession } from './api-key';
import { CONSISTENCY_HEADER, type ConsistencyJar } from '../../../libs/client/src/consistency';
import { operationNameFor } from './operation-name';
import { GRAPHQL_PATH, type IdeSettings } from './settings';

type Fetcher = GraphiQLProps['fetcher'];
type FetcherResult = Awaited<ReturnType<Fetcher>>;

/** What the response pane shows instead of a 401 when no key was given yet. */
const MISSING_KEY: FetcherResult = {
  errors: [
    new GraphQLError('This API needs a key: in the Headers tab, replace <your API key> with yours. It is kept for this browser session and sent by every tab.', {
      extensions: { code: 'UNAUTHENTICATED' },
    }),
  ],
};

/**
 * Sends each operation as a GraphQL-over-HTTP POST to this API. Without a key (where one is
 * needed) nothing is sent: GraphiQL introspects as soon as it opens, before anyone could type a
 * key, and that would only be refused. `onNewKey` runs when the API first accepts a key. `jar`
 * carries consistency tokens from answer to next run (read-your-writes behind several API
 * replicas); it outlives the fetcher, which a new key replaces.
 */
export function limbicFetcher(settings: IdeSettings, keys: ApiKeySession, jar: ConsistencyJar, onNewKey: () => void): Fetcher {
  return async (params, options) => {
    const { headers, key } = keys.headersFor(stringHeaders(options?.headers));
    if (settings.keyRequired && key === null) return MISSING_KEY;
    const sent = jar.snapshot();
    const response = await fetch(GRAPHQL_PATH, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...(jar.header ? { [CONSISTENCY_HEADER]: jar.header } : {}),
        ...headers,
      },
      body: JSON.stringify({ ...params, operationName: operationNameFor(params.query, params.operationName) }),
    });
    jar.received(sent, response.headers.get(CONSISTENCY_HEADER));
    if (settings.keyRequired && key !== null && response.status !== 401 && keys.remember(key)) onNewKey();
    const text = await response.text();
    try {
      const result = JSON.parse(text) as FetcherResult;
      // Tokens the API refused (another deployment's) are dropped: the pane shows why, the next run goes without.
      if (refusesTokens(result)) jar.clear();
      return result;
    } catch {
      // Not GraphQL (a proxy's error page, say): shown as it came.
      return { errors: [new GraphQLError(`HTTP ${response.status}: ${text.slice(0, 500)}`)] };
    }
  };
}

function refusesTokens(result: FetcherResult): boolean {
  const errors = (result as { errors?: readonly { extensions?: { field?: unknown } }[] }).errors;
  return errors?.[0]?.extensions?.field === CONSISTENCY_HEADER;
}

function stringHeaders(headers: Readonly<Record<string, unknown>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name, String(value)]));
}
