#!/usr/bin/env bash
# `npm start`: the whole service on local defaults — Redis and Neo4j (installed and started
# if needed), then the worker in the background and the API in the foreground. Schema
# migrations run when the API and worker boot. Ctrl-C stops the API and the worker; the
# databases keep running (`npm run services:down` stops them).
set -euo pipefail
ROOT="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

[[ -d node_modules ]] || npm ci --no-audit --no-fund
# The local embedding model; without it Limbic falls back to the hash embedder (and says so).
bash scripts/fetch-model.sh || echo "[limbic] could not fetch the embedding model; continuing with the hash embedder" >&2
bash scripts/services.sh up
# Local services moved to other ports (NEO4J_BOLT_PORT, REDIS_PORT): point the apps there too.
[[ -n "${NEO4J_URI:-}" || -z "${NEO4J_BOLT_PORT:-}" ]] || export NEO4J_URI="bolt://127.0.0.1:$NEO4J_BOLT_PORT"
[[ -n "${REDIS_URL:-}" || -z "${REDIS_PORT:-}" ]] || export REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
npm run --silent build

node dist/apps/worker/src/main.js &
WORKER_PID=$!
stop_worker() { kill -TERM "$WORKER_PID" 2>/dev/null && wait "$WORKER_PID" 2>/dev/null || true; }
trap stop_worker EXIT

echo "[limbic] worker pid $WORKER_PID; starting the API (Ctrl-C to stop)"
echo "[limbic] agent page: http://${LIMBIC_HOST:-127.0.0.1}:${LIMBIC_PORT:-4000}/ui   GraphQL IDE: http://${LIMBIC_HOST:-127.0.0.1}:${LIMBIC_PORT:-4000}/graphql   Neo4j Browser: http://127.0.0.1:7474"
node dist/apps/api/src/main.js
