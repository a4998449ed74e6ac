// Whether any tenant's space is on $slot or any run in progress targets it: its index must
// stay. A system read across tenants that returns one boolean, never a tenant's data.
RETURN EXISTS { MATCH (s:LimbicEmbeddingSpace) WHERE s.slot = $slot }
    OR EXISTS { MATCH (l:LimbicReembedActive) MATCH (r:LimbicReembedRun {id: l.runId}) WHERE r.targetSlot = $slot AND r.id <> $runId } AS inUse
