// The reconsolidation state of the recalled memories (fields older memories lack are null).
UNWIND $ids AS id
MATCH (m:Memory {id: id})
WHERE m.tenantId = $tenantId AND m.agentId = $agentId
RETURN m.id AS id, m.valence AS valence, m.arousal AS arousal, m.dominance AS dominance,
  m.expectedAffect AS expectedAffect, m.predictionRate AS predictionRate,
  m.labileUntil AS labileUntil, coalesce(m.reconsolidationCount, 0) AS reconsolidationCount
