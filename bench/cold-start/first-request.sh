#!/usr/bin/env bash
# First requests after the API boots: boot-to-ready, createAgent, the first recall, the first
# encode, the second and third recall (ms, wall clock at the client), for one or more builds
# run back to back, ROUNDS times each, alternating; prints every run and the medians.
#
#   bench/cold-start/first-request.sh [--restart-neo4j] DIST [DIST...]
#     e.g. git worktree add /tmp/base main && (cd /tmp/base && npm run build) ... or keep an
#     older build in dist-base:  bench/cold-start/first-request.sh --restart-neo4j dist-base dist
#
# --restart-neo4j restarts the local Neo4j (scripts/neo4j.sh, same port variables) before each
# run: the "after a reboot" case, cold plan cache and JVM. Without it only the API restarts.
# Environment: NEO4J_URI, REDIS_URL (the services to use), LIMBIC_PORT (default 4101),
# ROUNDS (default 3). A new agent per run; what the runs write stays in the store.
set -euo pipefail
ROOT="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
RESTART=""
if [[ "${1:-}" == "--restart-neo4j" ]]; then RESTART=1; shift; fi
(($# > 0)) || { sed -n '2,16p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }
PORT="${LIMBIC_PORT:-4101}"
ROUNDS="${ROUNDS:-3}"
OUT="$(mktemp -d)"
now() { date +%s%3N; }
gql() { curl -s -m 120 -H 'content-type: application/json' -d "{\"query\":\"$1\"}" "http://127.0.0.1:$PORT/graphql" >/dev/null; }

run_once() { # DIST -> one line of figures
  local dist="$1" agent="cold$RANDOM$RANDOM" t0 t1 a b c d e
  if [[ -n "$RESTART" ]]; then
    (env -u NEO4J_URI bash scripts/neo4j.sh stop && env -u NEO4J_URI bash scripts/neo4j.sh start && env -u NEO4J_URI bash scripts/neo4j.sh wait) >/dev/null
  fi
  t0=$(now)
  LIMBIC_PORT="$PORT" LIMBIC_WORKER_PORT=0 node "$dist/apps/api/src/main.js" >"$OUT/api.log" 2>&1 &
  local api=$!
  until curl -sf -o /dev/null -m 2 "http://127.0.0.1:$PORT/health/ready"; do
    kill -0 "$api" 2>/dev/null || { cat "$OUT/api.log" >&2; exit 1; }
    sleep 0.05
  done
  t1=$(now)
  gql "mutation { createAgent(input: { id: \\\"$agent\\\", preset: personal }) { id } }"; a=$(now)
  gql "query { recall(input: { agentId: \\\"$agent\\\", query: \\\"what went wrong last week?\\\", topK: 5 }) { tookMs } }"; b=$(now)
  gql "mutation { encode(input: { agentId: \\\"$agent\\\", content: \\\"The production database went down for two hours.\\\", affect: { valence: -0.7, arousal: 0.8 } }) { id } }"; c=$(now)
  gql "query { recall(input: { agentId: \\\"$agent\\\", query: \\\"what went wrong last week?\\\", topK: 5 }) { tookMs } }"; d=$(now)
  gql "query { recall(input: { agentId: \\\"$agent\\\", query: \\\"the database outage\\\", topK: 5 }) { tookMs } }"; e=$(now)
  kill -TERM "$api"; wait "$api" 2>/dev/null || true
  echo "$((t1 - t0)) $((a - t1)) $((b - a)) $((c - b)) $((d - c)) $((e - d))"
}

printf '%-12s %8s %8s %8s %8s %8s %8s\n' build ready agent recall1 encode1 recall2 recall3
for ((r = 1; r <= ROUNDS; r++)); do
  for dist in "$@"; do
    line="$(run_once "$dist")"
    echo "$dist $line" >>"$OUT/runs"
    printf '%-12s %8s %8s %8s %8s %8s %8s\n' "$dist" $line
  done
done
echo "medians of $ROUNDS (ms)${RESTART:+, Neo4j restarted before each run}:"
for dist in "$@"; do
  printf '%-12s' "$dist"
  for col in 2 3 4 5 6 7; do
    awk -v d="$dist" -v c="$col" '$1 == d { print $c }' "$OUT/runs" | sort -n | awk '{ v[NR] = $1 } END { printf " %8s", (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
  done
  echo
done
rm -rf "$OUT"
