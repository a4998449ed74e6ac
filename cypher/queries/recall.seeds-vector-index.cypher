// Approximate neighbours from the index shared by every agent, over-fetched ($fetch ≫
// $limit) and filtered to the agent. `scanned` tells the caller how many the index gave,
// so it can widen $fetch by the agent's observed share when too few survive. The index picks
// the hits; their score is the exact cosine of the stored embeddings, not the index's score on
// its quantized vectors (see recall.prelude).
CALL db.index.vector.queryNodes('memory_embedding', toInteger($fetch), $embedding) YIELD node, score
WITH collect({node: node, score: score}) AS hits
WITH size(hits) AS scanned,
  [h IN hits
    WHERE h.node.tenantId = $tenantId AND h.node.agentId = $agentId AND coalesce(h.node.archived, false) = false
  ][..toInteger($limit)] AS own
RETURN scanned, [h IN own | {id: h.node.id, score: vector.similarity.cosine(h.node.embedding, $embedding)}] AS found
