// An agent's memories in time order (temporal chain, exact scans, exports).
CREATE INDEX memory_agent_time IF NOT EXISTS FOR (m:Memory) ON (m.tenantId, m.agentId, m.occurredAt);
// Consolidation sweep: overdue reviews.
CREATE INDEX memory_next_review IF NOT EXISTS FOR (m:Memory) ON (m.nextReviewAt);
// Appraisal sweep: memories the slow path has not reached yet.
CREATE INDEX memory_pending_appraisal IF NOT EXISTS FOR (m:Memory) ON (m.pendingAppraisal);
