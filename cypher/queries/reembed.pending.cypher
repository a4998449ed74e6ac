// The next batch of a tenant's memories or goals ($label, from an allow-list) that still lack
// this run's vector: while embedding, every one not yet written by the run; after the switch
// (catch-up), only those the API wrote into the old slot after the last check (no vector in
// the new slot). Written ones carry reembedRun = $runId, so a retried or resumed batch never
// picks one twice, and one encoded during the run is picked up by a later batch.
MATCH (n:$($label) {tenantId: $tenantId})
WHERE coalesce(n.reembedRun, '') <> $runId AND ($catchUp = false OR n[$targetSlot] IS NULL)
RETURN n.id AS id, CASE WHEN $label = 'Goal' THEN n.name ELSE n.content END AS text
ORDER BY n.id
LIMIT toInteger($limit)
