// The reconsolidation state of the recalled memories (fields older memories lack are null),
// and their concepts (tags first), which a broadcast of one of them primes.
UNWIND $ids AS id
MATCH (m:Memory {id: id})
WHERE m.tenantId = $tenantId AND m.agentId = $agentId
RETURN m.id AS id, m.valence AS valence, m.arousal AS arousal, m.dominance AS dominance,
  m.expectedAffect AS expectedAffect, m.predictionRate AS predictionRate,
  m.labileUntil AS labileUntil, coalesce(m.reconsolidationCount, 0) AS reconsolidationCount,
  coalesce(m.tags, []) + COLLECT { MATCH (m)-[t:TAGGED]->(c:Concept) WHERE t.tenantId = $tenantId AND c.tenantId = $tenantId RETURN c.name } AS concepts
