// Fast-path write of new memories, each with its emotional tag and its concepts. Runs under
// the agent lock after the idempotency check; the uniqueness constraint is the last guard.
// hourOfDay and sessionStartedAt are its temporal state (the agent's zone, the session it was encoded in).
// The agent's vector revision, raised once for the batch and stamped on each new memory
// (schema 018): a process holding the agent's vectors reads what was stamped after its copy.
OPTIONAL MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
SET a.vectorRev = coalesce(a.vectorRev, 0) + 1
WITH a.vectorRev AS vectorRev
UNWIND $memories AS p
CREATE (m:Memory {
  id: p.id, tenantId: $tenantId, agentId: $agentId, externalId: p.externalId,
  content: p.content, embeddingModel: $embeddingModel,
  occurredAt: datetime({epochMillis: toInteger(p.occurredAt)}),
  encodedAt: datetime({epochMillis: toInteger($now)}),
  valence: p.valence, arousal: p.arousal, dominance: p.dominance,
  moodAtEncoding: p.moodAtEncoding, momentumAtEncoding: p.momentumAtEncoding,
  consolidation: p.consolidation, importance: p.importance, tags: p.tags,
  expectedAffect: p.expectedAffect, predictionRate: p.predictionRate, reconsolidationCount: 0,
  stability: p.stability, reviewCount: 0, nextReviewAt: datetime({epochMillis: toInteger(p.nextReviewAt)}),
  accessCount: 0, accessTimes: [],
  pendingAppraisal: true, archived: false, affectGiven: p.affectGiven,
  scope: p.scope, metadata: p.metadata, metadataPairs: p.metadataPairs,
  hourOfDay: p.hourOfDay, sessionStartedAt: datetime({epochMillis: toInteger(p.sessionStartedAt)}),
  speaker: p.speaker, vectorRev: vectorRev
})
// A property of its own (not in the map above): the registry's slot variant (query-registry.ts)
// rewrites `.embedding` into the tenant's active slot.
SET m.embedding = p.vector
// Its valence band, for Neo4j Browser's colours (libs/graph valence-band.ts).
SET m:$(p.valenceBand)
FOREACH (name IN p.concepts |
  MERGE (c:Concept {tenantId: $tenantId, agentId: $agentId, name: name})
  CREATE (m)-[:TAGGED {tenantId: $tenantId}]->(c))
RETURN m {.*, embedding: null, embeddingAlt: null} AS memory
