// Pre-check outside the write transaction: is there anything to appraise, and what text
// does the (possibly slow, remote) appraiser read? The write transaction re-checks.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId AND m.agentId = $agentId
RETURN m.content AS content, m.pendingAppraisal = true AS pending
