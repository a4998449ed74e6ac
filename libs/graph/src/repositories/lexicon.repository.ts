import type { TxRunner } from '../neo4j-executor';

/** libs/affect's LexiconDelta: signed document, length and per-term counts. */
export interface LexiconChange {
  readonly docs: number;
  readonly terms: number;
  readonly df: readonly { readonly term: string; readonly df: number }[];
}

/**
 * Moves the agent's term statistics (cypher/queries/lexicon.adjust.cypher) inside the caller's
 * transaction, which holds the agent's lock and writes or deletes the memories themselves.
 */
export async function adjustLexicon(tx: TxRunner, tenantId: string, agentId: string, change: LexiconChange): Promise<void> {
  if (change.docs === 0 && change.df.length === 0) return;
  await tx.run('lexicon.adjust', { tenantId, agentId, docs: change.docs, terms: change.terms, df: change.df });
}
