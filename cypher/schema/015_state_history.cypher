// State history (Agent.stateHistory): the newest sample of an agent is found, and its samples
// are read and pruned in time order, by (tenantId, agentId, at).
CREATE INDEX state_sample_agent_at IF NOT EXISTS FOR (s:StateSample) ON (s.tenantId, s.agentId, s.at);
