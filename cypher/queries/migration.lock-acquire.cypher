// Touch first to take the node's write lock, then read the holder: two starters can never
// both see the lock as free (read-committed would otherwise allow it).
MERGE (l:LimbicMigrationLock {id: $scope})
SET l.touchedAt = $now
WITH l
WHERE l.holder IS NULL OR l.holder = $holder OR l.expiresAt < $now
SET l.holder = $holder, l.expiresAt = $now + $ttlMs
RETURN l.holder AS holder
