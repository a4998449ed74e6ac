import { buildAgentEmbeddings, embeddingOf, withMemories, type AgentEmbeddings, type EmbeddedMemory } from './agent-embeddings';

/** What an encode transaction that wrote memories learnt about the agent's linkable memories. */
export interface LinkCacheUpdate {
  /** The copy sent with the transaction was at the agent's epoch. */
  readonly fresh: boolean;
  /** The neighbours came from the exact scan's side (cached or scanned), not the vector index. */
  readonly exact: boolean;
  /** The epoch the transaction set (encode.create-memories). */
  readonly epoch: string;
  /** The agent's memory count after the writes, as encode.neighbours counts it. */
  readonly stored: number;
  readonly written: readonly EmbeddedMemory[];
  /** encode.linkable's answer (after the writes), when the copy was stale or missing. */
  readonly linkable: readonly { readonly id: string; readonly embedding: readonly number[] | null }[] | null;
}

/**
 * The copy to keep after a committed encode, or null for none: the agent outgrew the scan's
 * budget, or the copy was stale and not refilled. A fresh copy plus the transaction's own
 * memories is the agent at the new epoch, because the transaction held the agent's lock from
 * the epoch check to its commit; a refill read the agent under that lock too.
 */
export function nextLinkCopy(copy: AgentEmbeddings | null, update: LinkCacheUpdate, budget: number): AgentEmbeddings | null {
  if (update.stored > budget) return null;
  if (update.fresh && copy) return withMemories(copy, update.epoch, update.written);
  if (!update.linkable || update.linkable.length > budget) return null;
  // Embeddings never change once written, so what the stale copy or this transaction holds
  // is still right; encode.linkable sent only the others.
  const held = new Map<string, readonly number[]>(update.written.map((m) => [m.id, m.embedding]));
  copy?.ids.forEach((id, i) => held.set(id, embeddingOf(copy, i)));
  const memories: EmbeddedMemory[] = [];
  for (const row of update.linkable) {
    const embedding = row.embedding ?? held.get(row.id);
    if (!embedding) return null;
    memories.push({ id: row.id, embedding });
  }
  return buildAgentEmbeddings(update.epoch, update.stored, memories);
}
