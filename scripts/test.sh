#!/usr/bin/env bash
# `npm test`: everything CI runs. Installs dependencies if missing, starts the real Redis and
# Neo4j if they are not already running (and stops again only what it started), then runs
# typecheck, lint, unit tests, the build, the integration tests (in this process on the real
# services) and the end-to-end tests (spawned API and worker; the Python client's pytest suite
# among them, in clients/python/.venv, kept installed by scripts/python-venv.sh).
set -euo pipefail
ROOT="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
started=()
t0=$SECONDS

cleanup() {
  local rc=$?
  # Services still starting in the background are waited for, so that they can be stopped.
  [[ -z "${services_pid:-}" ]] || wait "$services_pid" 2>/dev/null || true
  [[ -z "${python_pid:-}" ]] || wait "$python_pid" 2>/dev/null || true
  [[ -z "${integration_pid:-}" ]] || wait "$integration_pid" 2>/dev/null || true
  [[ -z "${chromium_pid:-}" ]] || wait "$chromium_pid" 2>/dev/null || true
  # Without the URLs this script derived from NEO4J_BOLT_PORT / REDIS_PORT: with them set, the
  # service scripts take the server for someone else's and leave it running.
  for svc in "${started[@]}"; do env -u REDIS_URL -u NEO4J_URI bash "scripts/$svc.sh" stop >/dev/null 2>&1 || true; done
  printf '\n==> npm test %s after %d s\n' "$([[ $rc -eq 0 ]] && echo passed || echo FAILED)" "$((SECONDS - t0))"
  exit "$rc"
}
trap cleanup EXIT

step() { printf '\n==> %s  (at %d s)\n' "$*" "$((SECONDS - t0))"; }

if [[ ! -d node_modules || package-lock.json -nt node_modules/.package-lock.json ]]; then
  step "npm ci"
  npm ci --no-audit --no-fund
fi

step "embedding model (models/, git-ignored; skipped when present)"
# A registry hiccup must not fail the suite: without the model the service (and the tests)
# fall back to the hash embedder, and the model's own spec says it is skipped.
# Both models: the default (bge-small-en-v1.5) that the stacks run, and all-MiniLM-L6-v2 for its own spec.
bash scripts/fetch-model.sh all || echo "WARNING: could not fetch the embedding model; testing with the hash embedder" >&2

# Chromium (Debian package) for the Neo4j Browser test: the browser test drives Neo4j Browser in
# a real headless Chromium; without one it skips and says so. Installed in the background once
# Redis (scripts/redis.sh) and the Python venv are past their own apt-get: one apt at a time.
install_chromium() {
  if [[ ! -x /usr/bin/chromium && -z "${CHROMIUM_PATH:-}" ]]; then
    if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
      (apt-get install -y -qq chromium >/dev/null 2>&1 || { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq chromium >/dev/null 2>&1; }) ||
        echo "WARNING: could not install chromium; the Neo4j Browser test will be skipped" >&2
    else
      echo "WARNING: no /usr/bin/chromium and not root: the Neo4j Browser test will be skipped (apt-get install chromium)" >&2
    fi
  else
    echo "Chromium present"
  fi
}

step "services (Redis, Neo4j: starting in the background while the static checks run)"
for svc in redis neo4j; do
  if [[ "$svc" == redis && -n "${REDIS_URL:-}" ]] || [[ "$svc" == neo4j && -n "${NEO4J_URI:-}" ]]; then continue; fi
  if ! bash "scripts/$svc.sh" status >/dev/null 2>&1; then started+=("$svc"); fi
done
services_log="$(mktemp)"
bash scripts/services.sh up >"$services_log" 2>&1 &
services_pid=$!
# Local services moved to other ports (NEO4J_BOLT_PORT, REDIS_PORT): point the apps there too.
[[ -n "${NEO4J_URI:-}" || -z "${NEO4J_BOLT_PORT:-}" ]] || export NEO4J_URI="bolt://127.0.0.1:$NEO4J_BOLT_PORT"
[[ -n "${REDIS_URL:-}" || -z "${REDIS_PORT:-}" ]] || export REDIS_URL="redis://127.0.0.1:$REDIS_PORT"

# The Python client's virtualenv (mostly pip's downloads) meanwhile, too.
python_log="$(mktemp)"
bash scripts/python-venv.sh >"$python_log" 2>&1 &
python_pid=$!

# Typecheck and lint read the same files and share nothing else: run side by side (2 cores),
# each step's output printed whole when both are done.
step "typecheck and lint (side by side)"
check_dir="$(mktemp -d)"
(npx tsc -p tsconfig.json --noEmit && npx tsc -p apps/web/tsconfig.json --noEmit) >"$check_dir/typecheck" 2>&1 &
typecheck_pid=$!
npx eslint . >"$check_dir/lint" 2>&1 &
lint_pid=$!
typecheck_rc=0; wait "$typecheck_pid" || typecheck_rc=$?
lint_rc=0; wait "$lint_pid" || lint_rc=$?
printf -- '--- typecheck (exit %d)\n' "$typecheck_rc"; cat "$check_dir/typecheck"
printf -- '--- lint (exit %d)\n' "$lint_rc"; cat "$check_dir/lint"
[[ $typecheck_rc -eq 0 && $lint_rc -eq 0 ]] || exit 1
step "client code up to date with the schema"; bash scripts/codegen-check.sh
step "services ready"
services_rc=0
wait "$services_pid" || services_rc=$?
services_pid=""
cat "$services_log"
[[ $services_rc -eq 0 ]] || { echo "the services did not start (exit $services_rc)" >&2; exit "$services_rc"; }
chromium_log="$(mktemp)"
# After the venv script too, which may apt-get python3-venv: polled, it is this shell's child.
(while kill -0 "$python_pid" 2>/dev/null; do sleep 1; done; install_chromium) >"$chromium_log" 2>&1 &
chromium_pid=$!
# The integration tier waits mostly on Neo4j, the unit tier is CPU in Node: side by side on two
# cores, each one's output printed whole when both are done. Integration before any spawned
# process: a failure there names the graph or queue layer, not the whole path.
step "unit tests (with libs/affect coverage, ≥ 95 % of branches) and integration tests (repositories, executor, job runner in-process; real Neo4j + Redis), side by side"
integration_log="$(mktemp)"
npx jest --selectProjects integration --runInBand >"$integration_log" 2>&1 &
integration_pid=$!
unit_rc=0; npx jest --selectProjects unit --coverage || unit_rc=$?
integration_rc=0; wait "$integration_pid" || integration_rc=$?
integration_pid=""
printf -- '--- integration (exit %d)\n' "$integration_rc"; cat "$integration_log"
[[ $unit_rc -eq 0 && $integration_rc -eq 0 ]] || exit 1
step "build";      npm run --silent build
step "Python client virtualenv (clients/python/.venv, git-ignored; reinstalled when pyproject.toml changes)"
python_rc=0
wait "$python_pid" || python_rc=$?
python_pid=""
cat "$python_log"
[[ $python_rc -eq 0 ]] || { echo "the Python client's virtualenv could not be made (exit $python_rc)" >&2; exit "$python_rc"; }
step "Chromium for the Neo4j Browser test (installed in the background since the services were ready)"
wait "$chromium_pid" || true
chromium_pid=""
cat "$chromium_log"
step "end-to-end tests (spawned API and worker; real Neo4j + Redis)"
# --forceExit: a file whose teardown fails part way leaves its driver open, and Jest would then
# wait for it forever after the run (its failure is already reported); Jest still names the leak.
npx jest --selectProjects e2e --runInBand --forceExit

# The API regenerates apps/api/schema.gql when it boots outside production; the committed
# file is the contract, so a difference means someone forgot to commit it.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1 && ! git diff --quiet -- apps/api/schema.gql; then
  echo "apps/api/schema.gql differs from the committed contract: review and commit it" >&2
  git --no-pager diff --stat -- apps/api/schema.gql >&2
  exit 1
fi
