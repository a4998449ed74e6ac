// The state of the filtered vector index (schema 009): ONLINE, POPULATING or FAILED, or no row
// when it does not exist. AgentVectorSearch asks until it is ONLINE, then never again.
SHOW VECTOR INDEXES YIELD name, state, populationPercent
WHERE name = $name
RETURN state, populationPercent
