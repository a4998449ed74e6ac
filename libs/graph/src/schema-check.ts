import { AGENT_VECTOR_INDEX } from './agent-vector-search';
import type { Neo4jExecutor } from './neo4j-executor';

export class SchemaMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaMismatchError';
  }
}

export const VECTOR_INDEX = AGENT_VECTOR_INDEX;

/** Stops start-up when the vector index was built for a different embedding dimension. */
export async function assertVectorDimension(executor: Neo4jExecutor, embedder: { name: string; dimension: number }): Promise<void> {
  const rows = await executor.read<{ dimension: number | null }>('schema.vector-index-dimension', { name: VECTOR_INDEX });
  const existing = rows[0]?.dimension;
  if (existing === undefined || existing === null) {
    throw new SchemaMismatchError(`vector index ${VECTOR_INDEX} is missing; migrations did not run`);
  }
  if (Number(existing) !== embedder.dimension) {
    throw new SchemaMismatchError(
      `vector index ${VECTOR_INDEX} has dimension ${existing}, but embedder ${embedder.name} produces ${embedder.dimension}. ` +
        `Either configure an embedder of dimension ${existing}, or drop the index (DROP INDEX ${VECTOR_INDEX}), ` +
        `delete (:LimbicMigration {id:'schema/013'}) and re-embed the stored memories.`,
    );
  }
}
