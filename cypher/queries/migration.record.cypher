// One record per (scope, number); the id constraint makes a concurrent double record impossible.
MERGE (m:LimbicMigration {id: $scope + '/' + $id})
ON CREATE SET m.scope = $scope, m.number = $id, m.name = $name, m.checksum = $checksum,
              m.appliedAt = datetime({epochMillis: toInteger($at)})
