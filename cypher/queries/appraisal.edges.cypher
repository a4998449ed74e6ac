// The memory's resonance edges (never the temporal chain, `chain: true`) with what link
// scoring needs about the other end. elementId identifies the edge within this transaction.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId AND m.agentId = $agentId
MATCH (m)-[r:{{resonance-types}}]-(o:Memory)
WHERE r.tenantId = $tenantId AND o.tenantId = $tenantId AND o.agentId = $agentId AND coalesce(r.chain, false) = false
RETURN elementId(r) AS edgeId,
       type(r) AS type,
       r.weight AS weight,
       o.id AS otherId,
       o.content AS otherContent,
       o.valence AS valence,
       o.arousal AS arousal,
       o.dominance AS dominance,
       o.occurredAt AS occurredAt,
       CASE WHEN o.embedding IS NULL OR m.embedding IS NULL OR size(o.embedding) <> size(m.embedding) THEN null
            ELSE vector.similarity.cosine(m.embedding, o.embedding) END AS score
ORDER BY otherId, type
