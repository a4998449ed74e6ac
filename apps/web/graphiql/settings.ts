/** What the API tells the IDE about itself (apps/api/src/web/graphiql.ts serves it). */
export interface IdeSettings {
  /** API keys are configured: every operation needs `Authorization: Bearer <key>`. */
  readonly keyRequired: boolean;
  /** The schema answers introspection (LIMBIC_GRAPHQL_INTROSPECTION): the docs explorer works. */
  readonly introspection: boolean;
}

export const GRAPHQL_PATH = '/graphql';

export async function loadSettings(): Promise<IdeSettings> {
  const response = await fetch(`${GRAPHQL_PATH}/ide/settings.json`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`the IDE's settings did not load (HTTP ${response.status})`);
  return (await response.json()) as IdeSettings;
}
