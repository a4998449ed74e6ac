// Limbic — an agent's memory graph
// The agent's 150 most recent live memories and the resonance edges between them, as a
// graph. Colour the relationship types in the Browser legend to see SEMANTIC, EMOTIONAL,
// TEMPORAL, CAUSAL and CONTRASTIVE links apart; TEMPORAL edges with chain = true form the
// agent's timeline. Raise the LIMIT for more (the Browser slows down past a few hundred).
// Parameters: $tenantId, $agentId
MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
WHERE m.archived = false
WITH m ORDER BY m.occurredAt DESC LIMIT 150
WITH collect(m) AS recent
UNWIND recent AS m
OPTIONAL MATCH p = (m)-[r:SEMANTIC|EMOTIONAL|TEMPORAL|CAUSAL|CONTRASTIVE]->(n:Memory)
WHERE r.tenantId = $tenantId AND n IN recent
RETURN m, p;
