// Every tenant's embedding space (EmbeddingSpaces, refreshed each second by every process). A
// system read across tenants, like the migration records: one small node per tenant ever
// re-embedded, holding no tenant data but its slot and model.
MATCH (s:LimbicEmbeddingSpace)
RETURN s.tenantId AS tenantId, s.slot AS slot, s.model AS model, s.dimension AS dimension
