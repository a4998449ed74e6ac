// Second half of a vector index refresh: the marker of index.refresh-mark goes again, in a
// transaction of its own (a second index write, so the searcher reopens without it). Every
// marker of the refresher goes, so one left by a refresh that failed half-way goes too.
MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
DETACH DELETE m
