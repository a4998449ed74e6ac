// Writes an updateMemory patch (the service decided what changed; $set holds only those
// properties). A new text brings its vector ($vector, else null): it goes into the tenant's
// active slot (the registry's slot variant rewrites `.embedding`), the other slot is cleared
// and the re-embed mark dropped, so that a re-embed run in progress embeds the new text too.
// $concepts (null: unchanged) replaces the memory's TAGGED concepts.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId AND m.agentId = $agentId
// What the agent's nearest-neighbour search finds it by may change (vector, scope, occurredAt):
// stamped with the agent's raised vector revision (schema 018).
OPTIONAL MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
SET a.vectorRev = coalesce(a.vectorRev, 0) + 1
SET m += $set, m.updatedAt = datetime({epochMillis: toInteger($now)}), m.vectorRev = a.vectorRev
WITH m
// A new affect brings its valence band, for Neo4j Browser's colours (libs/graph valence-band.ts).
CALL (m) {
  WITH m WHERE $valenceBand IS NOT NULL
  REMOVE m:$($valenceBands)
  SET m:$($valenceBand)
}
CALL (m) {
  WITH m WHERE $vector IS NOT NULL
  SET m.embedding = $vector, m.embeddingAlt = null, m.embeddingModel = $embeddingModel
  REMOVE m.reembedRun
}
CALL (m) {
  WITH m WHERE $concepts IS NOT NULL
  OPTIONAL MATCH (m)-[t:TAGGED]->(c:Concept)
  WHERE t.tenantId = $tenantId AND NOT c.name IN $concepts
  DELETE t
}
CALL (m) {
  WITH m WHERE $concepts IS NOT NULL
  UNWIND $concepts AS name
  MERGE (c:Concept {tenantId: $tenantId, agentId: $agentId, name: name})
  MERGE (m)-[t:TAGGED]->(c)
  ON CREATE SET t.tenantId = $tenantId
}
RETURN m {.*, embedding: null, embeddingAlt: null} AS memory
