// Decayed weights computed by libs/affect; applied only if the edge was not strengthened
// in the meantime (its weight is still the one the review read).
UNWIND $edges AS e
MATCH ()-[r]->()
WHERE elementId(r) = e.id AND r.tenantId = $tenantId AND r.weight = e.expectedWeight
SET r.weight = e.weight, r.decayedAt = datetime({epochMillis: toInteger($now)})
RETURN count(r) AS decayed
