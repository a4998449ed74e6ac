#!/usr/bin/env bash
# Local backing services for Limbic: Redis + Neo4j (project-owned, no Docker).
#
#   scripts/services.sh up       install (if needed), start and wait for Redis, then Neo4j
#   scripts/services.sh down     stop Neo4j and Redis
#   scripts/services.sh status   status of both (exit 0 only if both are up)
#
# REDIS_URL / NEO4J_URI set in the environment mean "use that external server": the matching
# local service is then neither started nor stopped (see scripts/redis.sh, scripts/neo4j.sh).
set -euo pipefail

SCRIPT_DIR="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)"
REDIS="$SCRIPT_DIR/redis.sh"
NEO4J="$SCRIPT_DIR/neo4j.sh"

up() {
  # Redis first: it takes a second, while Neo4j's first run needs Maven + ~10 s of startup.
  if [[ -z "${REDIS_URL:-}" ]]; then "$REDIS" install; fi
  "$REDIS" start
  "$REDIS" wait
  if [[ -z "${NEO4J_URI:-}" ]]; then "$NEO4J" install; fi
  "$NEO4J" start
  "$NEO4J" wait
}

down() {
  local rc=0
  "$NEO4J" stop || rc=1
  "$REDIS" stop || rc=1
  return "$rc"
}

status() {
  local rc=0
  "$REDIS" status || rc=$?
  "$NEO4J" status || rc=$?
  return "$rc"
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  status) status ;;
  *) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -n 's/^# \{0,1\}//p' >&2; exit 2 ;;
esac
