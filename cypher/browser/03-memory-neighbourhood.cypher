// Limbic — a memory's neighbourhood
// Everything within two resonance hops of one memory (the paths spreading activation can
// take; direction is ignored, as in recall), plus the concepts it is tagged with.
// Find a memory id with 01 or 04, then `:param memoryId => '<id>'`.
// Parameters: $tenantId, $memoryId
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId
OPTIONAL MATCH p = (m)-[:SEMANTIC|EMOTIONAL|TEMPORAL|CAUSAL|CONTRASTIVE*1..2]-(:Memory)
WHERE all(r IN relationships(p) WHERE r.tenantId = $tenantId)
WITH m, collect(p)[..200] AS paths
OPTIONAL MATCH t = (m)-[:TAGGED]->(:Concept)
RETURN m, paths, collect(t) AS tags;
