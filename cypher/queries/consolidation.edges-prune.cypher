// Edges whose decayed weight fell below the prune threshold, unless strengthened meanwhile.
UNWIND $edges AS e
MATCH ()-[r]->()
WHERE elementId(r) = e.id AND r.tenantId = $tenantId AND r.weight = e.expectedWeight
DELETE r
RETURN count(*) AS pruned
