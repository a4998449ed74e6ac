// Vector revisions: every writer that adds a memory an agent's nearest-neighbour search can
// find, or changes what it is found by (its vector, encodedAt, scope, occurredAt, a restore),
// raises the agent's vectorRev and stamps the new value on the memory. A process holding an
// agent's vectors (resident-vectors) reads, in each search's own transaction, the memories
// stamped after its copy through this index. Memories written before it have no stamp, which
// reads as older than any copy.
CREATE INDEX memory_vector_rev IF NOT EXISTS FOR (m:Memory) ON (m.tenantId, m.agentId, m.vectorRev);
