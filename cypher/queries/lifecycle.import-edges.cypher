// One batch of imported edges between nodes created earlier in the same transaction (element
// ids never outlive it). The relationship type is dynamic (Cypher 25 `$(…)`), from this
// allow-list; the service rejects any other type before anything is written, and a row that
// still names one is dropped here.
{{bump-graph-rev}}
UNWIND $rows AS row
WITH row
WHERE row.type IN {{resonance-type-list}} + ['CO_RECALLED', 'TAGGED', 'PURSUES', 'PRIMED']
MATCH (a) WHERE elementId(a) = row.from AND a.tenantId = $tenantId
MATCH (b) WHERE elementId(b) = row.to AND b.tenantId = $tenantId
CREATE (a)-[r:$(row.type)]->(b)
SET r = row.props
RETURN count(*) AS edges
