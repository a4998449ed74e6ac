// Whether a tenant has anything to re-embed (an agent): an unknown tenant is refused.
RETURN EXISTS { MATCH (a:Agent {tenantId: $tenantId}) } AS known
