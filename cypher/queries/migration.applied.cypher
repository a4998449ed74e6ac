MATCH (m:LimbicMigration)
WHERE m.scope = $scope
RETURN m.number AS id, m.checksum AS checksum
ORDER BY id
