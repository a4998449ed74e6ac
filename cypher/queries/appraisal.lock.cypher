// First statement of the appraisal transaction: takes the write locks of the memory and of
// its resonance neighbours (whose affect the edge revision reads) before anything is read.
// A copy of the job running at the same time, or the appraisal of a neighbour, then waits
// for this one to commit, and the statements after this read what it committed.
// SET + REMOVE of a scratch property takes the lock and leaves nothing behind. The agent is
// locked first, raising its effects revision: the appraisal may revise the memory's edges, and
// like every asynchronous effect of the worker that may reach a held copy of the agent's graph
// late (SpreadGraphCache; recall-effects.apply-edges says why).
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId AND m.agentId = $agentId
SET a.effectsRev = coalesce(a.effectsRev, 0) + 1
SET m.appraisalLock = true
REMOVE m.appraisalLock
WITH m
OPTIONAL MATCH (m)-[r:{{resonance-types}}]-(o:Memory)
WHERE r.tenantId = $tenantId AND o.tenantId = $tenantId AND o.agentId = $agentId AND coalesce(r.chain, false) = false
WITH m, collect(DISTINCT o) AS neighbours
FOREACH (o IN neighbours | SET o.appraisalLock = true REMOVE o.appraisalLock)
RETURN m.id AS memoryId
