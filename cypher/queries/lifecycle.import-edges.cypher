// One batch of imported edges between nodes created earlier in the same transaction (element
// ids never outlive it). Relationship types come from this allow-list; the service rejects
// any other type before anything is written.
UNWIND $rows AS row
MATCH (a) WHERE elementId(a) = row.from AND a.tenantId = $tenantId
MATCH (b) WHERE elementId(b) = row.to AND b.tenantId = $tenantId
FOREACH (_ IN CASE WHEN row.type = 'SEMANTIC' THEN [1] ELSE [] END | CREATE (a)-[r:SEMANTIC]->(b) SET r = row.props)
FOREACH (_ IN CASE WHEN row.type = 'EMOTIONAL' THEN [1] ELSE [] END | CREATE (a)-[r:EMOTIONAL]->(b) SET r = row.props)
FOREACH (_ IN CASE WHEN row.type = 'TEMPORAL' THEN [1] ELSE [] END | CREATE (a)-[r:TEMPORAL]->(b) SET r = row.props)
FOREACH (_ IN CASE WHEN row.type = 'CAUSAL' THEN [1] ELSE [] END | CREATE (a)-[r:CAUSAL]->(b) SET r = row.props)
FOREACH (_ IN CASE WHEN row.type = 'CONTRASTIVE' THEN [1] ELSE [] END | CREATE (a)-[r:CONTRASTIVE]->(b) SET r = row.props)
FOREACH (_ IN CASE WHEN row.type = 'CO_RECALLED' THEN [1] ELSE [] END | CREATE (a)-[r:CO_RECALLED]->(b) SET r = row.props)
FOREACH (_ IN CASE WHEN row.type = 'TAGGED' THEN [1] ELSE [] END | CREATE (a)-[r:TAGGED]->(b) SET r = row.props)
FOREACH (_ IN CASE WHEN row.type = 'PURSUES' THEN [1] ELSE [] END | CREATE (a)-[r:PURSUES]->(b) SET r = row.props)
FOREACH (_ IN CASE WHEN row.type = 'PRIMED' THEN [1] ELSE [] END | CREATE (a)-[r:PRIMED]->(b) SET r = row.props)
RETURN count(*) AS edges
