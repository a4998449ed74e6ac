import type { LimbicApi } from './limbic-api';

/**
 * Index updates are asynchronous in Neo4j: wait until the agent's last stored memory is found
 * by its own text, so no question runs against a half-indexed agent (bounded: 60 s).
 */
export async function waitUntilSearchable(
  api: LimbicApi,
  agentId: string,
  last: { readonly id: string; readonly content: string },
  log: (msg: string) => void,
  now?: string,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await api.recall({ agentId, query: last.content, topK: 10, ...(now ? { now } : {}) });
    if (answer.items.some((i) => i.externalId === last.id)) return;
    if (Date.now() > deadline) {
      log(`WARNING ${agentId}: the last memory is still not recalled by its own text after 60 s; going on`);
      return;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}
