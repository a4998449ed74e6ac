MATCH (l:LimbicMigrationLock {id: $scope})
WHERE l.holder = $holder
SET l.holder = null, l.expiresAt = null
