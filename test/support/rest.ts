/**
 * A REST call to a stack's API (agent export and import: JSON Lines), with `key` as the bearer
 * key (null: none, for the refusals).
 */
export function restCall(
  url: string,
  key: string | null,
  path: string,
  init: { method?: string; body?: string; contentType?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': init.contentType ?? 'application/x-ndjson' };
  if (key) headers.authorization = `Bearer ${key}`;
  return fetch(`${url}${path}`, { method: init.method ?? 'GET', headers, body: init.body });
}
