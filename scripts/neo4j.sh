#!/usr/bin/env bash
# Project-owned local Neo4j Community, 2026 line (no Docker): runtime/neo4j/.
#
#   scripts/neo4j.sh install [--force]  fetch jars with Maven (when lib/ is missing, pom.xml changed or
#                                       Maven Central has a newer 2026.x than the one installed; checked
#                                       once a day at most)
#   scripts/neo4j.sh start              start in the background (installs first if needed)
#   scripts/neo4j.sh wait [SECONDS]     block until Bolt + HTTP answer (default 120 s, or NEO4J_WAIT_TIMEOUT)
#   scripts/neo4j.sh status             running/stopped, pid, ports, RSS  (exit 0 running, 3 stopped)
#   scripts/neo4j.sh stop               SIGTERM, wait up to 60 s (NEO4J_STOP_TIMEOUT), then SIGKILL
#   scripts/neo4j.sh restart
#
# Environment:
#   NEO4J_URI          if set, the project uses that external server: start/stop do nothing.
#   NEO4J_BOLT_PORT    Bolt port (default 7687)      NEO4J_HTTP_PORT  HTTP/Browser port (default 7474)
#   NEO4J_PASSWORD     password for user neo4j (default limbic-dev-password); applied only on the
#                      very first start (empty data/), afterwards it is only used to check logins.
#   NEO4J_JAVA_HOME    JDK for Neo4j (21 or 25). Default: scripts/neo4j-java.sh picks the best of
#                      JAVA_HOME, java on PATH and /usr/lib/jvm (25 with the vector module first), or
#                      fetches a Java 25 runtime from PyPI when the machine has none.
#   NEO4J_VERSION      a Neo4j version to install instead of the newest 2026.x on Maven Central.
#
# The server JVM is launched directly (org.neo4j.server.Neo4jCommunity), not through the
# `neo4j` bootloader, so only ONE JVM runs and its pid is the one in run/neo4j.pid. Because of that
# this script reads server.memory.heap.* and server.jvm.additional from conf/neo4j.conf itself.
set -euo pipefail

# --- paths: everything is resolved from this file's location, so any cwd works ----------------
SCRIPT_DIR="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd -- "$SCRIPT_DIR/.." && pwd)"
NEO4J_HOME_DIR="$ROOT/runtime/neo4j"
CONF_DIR="$NEO4J_HOME_DIR/conf"
CONF_FILE="$CONF_DIR/neo4j.conf"
POM="$NEO4J_HOME_DIR/pom.xml"
LIB_DIR="$NEO4J_HOME_DIR/lib"
PLUGINS_DIR="$NEO4J_HOME_DIR/plugins"
DATA_DIR="$NEO4J_HOME_DIR/data"
LOG_DIR="$NEO4J_HOME_DIR/logs"
RUN_DIR="$NEO4J_HOME_DIR/run"
PID_FILE="$RUN_DIR/neo4j.pid"
LOCK_FILE="$RUN_DIR/neo4j.lock"
CONSOLE_LOG="$LOG_DIR/console.log"
# The stamp lives INSIDE lib/: deleting lib/ deletes the stamp, so the two can't disagree.
STAMP_FILE="$LIB_DIR/.install-stamp"

BOLT_PORT="${NEO4J_BOLT_PORT:-7687}"
HTTP_PORT="${NEO4J_HTTP_PORT:-7474}"
[[ "$BOLT_PORT" =~ ^[0-9]+$ && "$HTTP_PORT" =~ ^[0-9]+$ ]] ||
  { echo "[neo4j] ERROR: NEO4J_BOLT_PORT / NEO4J_HTTP_PORT must be numbers" >&2; exit 1; }
HOST=127.0.0.1 # never "localhost": Node may resolve it to ::1 while Neo4j listens on IPv4 only
NEO4J_USER=neo4j
PASSWORD="${NEO4J_PASSWORD:-limbic-dev-password}"
ENTRY_POINT=org.neo4j.server.Neo4jCommunity
# The newest release of this line is installed; the pom's version is the fallback when Maven
# Central's metadata cannot be read.
VERSION_LINE=2026.
METADATA_URL=https://repo.maven.apache.org/maven2/org/neo4j/neo4j/maven-metadata.xml
VERSION_FILE="$LIB_DIR/.neo4j-version"
CHECKED_FILE="$LIB_DIR/.checked-day"

log() { printf '[neo4j] %s\n' "$*"; }
die() { printf '[neo4j] ERROR: %s\n' "$*" >&2; exit 1; }

usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -n 's/^# \{0,1\}//p'; }

# Last 40 lines of console.log, from the most recent start only (the file is appended to).
log_tail() {
  [[ -f "$CONSOLE_LOG" ]] || return 0
  awk '/^===== .* scripts\/neo4j\.sh start/ { buf = "" } { buf = buf $0 "\n" } END { printf "%s", buf }' \
    "$CONSOLE_LOG" | tail -n 40 >&2
}

# shellcheck source=neo4j-java.sh
source "$SCRIPT_DIR/neo4j-java.sh"

# The java for Neo4j, resolved once (scripts/neo4j-java.sh). Result cached in JAVA_BIN.
JAVA_BIN=""
java_bin() {
  if [[ -z "$JAVA_BIN" ]]; then
    JAVA_BIN="$(neo4j_java)" || die "no Java for Neo4j (see above)"
  fi
  printf '%s\n' "$JAVA_BIN"
}

# Serialise install/start/stop so two callers (e.g. parallel test jobs) can't race on the same dir.
take_lock() {
  mkdir -p "$RUN_DIR"
  exec 9>"$LOCK_FILE"
  flock -w 180 9 || die "another scripts/neo4j.sh is busy (lock $LOCK_FILE)"
}

external_server() {
  if [[ -n "${NEO4J_URI:-}" ]]; then
    log "NEO4J_URI is set ($NEO4J_URI): the project uses that server; not touching the local one."
    return 0
  fi
  return 1
}

# --- process detection -----------------------------------------------------------------------
# A pid only counts if that process really is OUR Neo4j (right entry point + right home dir):
# protects against stale pid files whose number was reused by another process.
is_our_neo4j() {
  local pid="$1" cmd
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  [[ -r "/proc/$pid/cmdline" ]] || return 1
  cmd="$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)" || return 1
  [[ "$cmd" == *"$ENTRY_POINT"* && "$cmd" == *"--home-dir=$NEO4J_HOME_DIR"* ]]
}

# Prints the pid of the running server, or nothing. Falls back to scanning /proc for our exact
# command line, in case the pid file was deleted while the server kept running.
running_pid() {
  local pid=""
  if [[ -f "$PID_FILE" ]]; then
    pid="$(tr -dc '0-9' <"$PID_FILE")"
    if is_our_neo4j "$pid"; then printf '%s\n' "$pid"; return 0; fi
  fi
  local d
  for d in /proc/[0-9]*; do
    pid="${d#/proc/}"
    if is_our_neo4j "$pid"; then printf '%s\n' "$pid"; return 0; fi
  done 2>/dev/null
  return 0
}

# --- probes ----------------------------------------------------------------------------------
# Real Bolt handshake, not just an open port: send the magic preamble + version proposals
# (5.0-5.8, 4.4) and expect a non-zero 4-byte version back.
bolt_probe() {
  # shellcheck disable=SC2016 # $0/$1 are expanded by the inner bash
  timeout 3 bash -c '
    exec 3<>"/dev/tcp/$0/$1" || exit 1
    printf "\x60\x60\xb0\x17\x00\x08\x08\x05\x00\x00\x04\x04\x00\x00\x00\x00\x00\x00\x00\x00" >&3
    v="$(head -c 4 <&3 | od -An -tx1 | tr -d " \n")"
    [[ -n "$v" && "$v" != "00000000" ]]' "$HOST" "$BOLT_PORT" 2>/dev/null
}

external_tcp_probe() { tcp_open "$BOLT_PORT"; }

# shellcheck disable=SC2016 # $0/$1 are expanded by the inner bash
tcp_open() { timeout 2 bash -c 'exec 3<>"/dev/tcp/$0/$1"' "$HOST" "$1" 2>/dev/null; }

# Discovery document at / (no auth needed); 200 only once the server has fully started.
http_probe() { curl -sf -m 3 -o /dev/null "http://$HOST:$HTTP_PORT/"; }

# Runs RETURN 1 on database "neo4j" through the HTTP Query API with our credentials.
# Prints the HTTP status code (2xx ok - it answers 202 -, 401 wrong password, other = not ready yet).
auth_query_status() {
  curl -s -m 5 -o /dev/null -w '%{http_code}' -u "$NEO4J_USER:$PASSWORD" \
    -H 'Content-Type: application/json' -d '{"statement":"RETURN 1"}' \
    "http://$HOST:$HTTP_PORT/db/neo4j/query/v2" 2>/dev/null || true
}

# --- config helpers --------------------------------------------------------------------------
conf_value() { # last value of KEY in neo4j.conf (Neo4j's strict mode forbids duplicates anyway)
  sed -n "s/^[[:space:]]*$1[[:space:]]*=[[:space:]]*//p" "$CONF_FILE" | tail -n 1 | tr -d '\r'
}

auth_enabled() { [[ "$(conf_value dbms.security.auth_enabled)" != "false" ]]; }

# Neo4j sizes ("2g", "512m", "1GiB") -> java size ("2g", "512m", "1g").
java_size() {
  local v="${1,,}"
  v="${v%ib}"; v="${v%b}"
  [[ "$v" =~ ^[0-9]+[kmg]?$ ]] || die "cannot turn memory size '$1' from neo4j.conf into a java flag"
  printf '%s\n' "$v"
}

# --- commands --------------------------------------------------------------------------------
pom_hash() { sha256sum "$POM" | cut -d' ' -f1; }
pom_version() { sed -n 's:.*<neo4j.version>\(.*\)</neo4j.version>.*:\1:p' "$POM" | head -n 1; }
installed_version() { [[ -f "$VERSION_FILE" ]] && cat "$VERSION_FILE" || true; }

# Releases of VERSION_LINE on Maven Central, newest first (nothing when it cannot be read).
central_versions() {
  curl -sf -m 15 "$METADATA_URL" 2>/dev/null |
    sed -n 's:.*<version>\([^<]*\)</version>.*:\1:p' |
    grep -E "^${VERSION_LINE//./\\.}[0-9]+\.[0-9]+$" | sort -rV || true
}

# The versions to try, best first: NEO4J_VERSION, or the newest releases on Central (asked once a
# day at most: a start should not wait on the registry), then what is installed, then the pom's.
wanted_versions() {
  if [[ -n "${NEO4J_VERSION:-}" ]]; then printf '%s\n' "$NEO4J_VERSION"; return; fi
  local today; today="$(date -u +%F)"
  {
    if [[ ! -f "$CHECKED_FILE" || "$(cat "$CHECKED_FILE")" != "$today" || -z "$(installed_version)" ]]; then
      local found; found="$(central_versions | head -n 3)"
      # Asked and answered: not again today (the stamp lives in lib/, like the install stamp).
      [[ -z "$found" || ! -d "$LIB_DIR" ]] || printf '%s\n' "$today" >"$CHECKED_FILE"
      [[ -z "$found" ]] || printf '%s\n' "$found"
    fi
    installed_version
    pom_version
  } | awk 'NF && !seen[$0]++'
}

install_needed() {
  [[ -f "$STAMP_FILE" ]] || return 0
  [[ "$(cat "$STAMP_FILE")" == "$(pom_hash)" ]] || return 0
  [[ "$(wanted_versions | head -n 1)" == "$(installed_version)" ]] || return 0
  return 1
}

do_install() { # caller holds the lock
  local force="${1:-}"
  if [[ "$force" != "--force" ]] && ! install_needed; then
    log "install: lib/ is up to date (Neo4j $(installed_version))"
    return 0
  fi
  local pid; pid="$(running_pid)"
  [[ -z "$pid" ]] || die "install: Neo4j is running (pid $pid); run 'scripts/neo4j.sh stop' first"
  command -v mvn >/dev/null 2>&1 || die "install: mvn not found (apt-get install -y maven)"
  local t0=$SECONDS version ok=""
  while IFS= read -r version; do
    log "install: fetching Neo4j $version with Maven into runtime/neo4j/lib ..."
    # Clear first: after a version bump the old jars would otherwise stay on the classpath.
    rm -rf "$LIB_DIR" "$PLUGINS_DIR"
    # Debian's Maven 3.8.7 prints stray ANSI resets (ESC[0m) even with -B -q; strip them.
    # pipefail keeps mvn's exit status.
    if mvn -B -ntp -q -f "$POM" -Dneo4j.version="$version" package 2>&1 | sed -e $'s/\e\\[[0-9;]*m//g' -e '/^[[:space:]]*$/d'; then
      ok="$version"
      break
    fi
    log "install: Neo4j $version did not resolve; trying the next one"
  done < <(wanted_versions)
  if [[ -z "$ok" ]]; then
    rm -rf "$LIB_DIR" "$PLUGINS_DIR" # never leave a half-filled lib/ that looks installed
    die "install: mvn failed for every candidate version (see output above)"
  fi
  printf '%s\n' "$ok" >"$VERSION_FILE"
  date -u +%F >"$CHECKED_FILE"
  pom_hash >"$STAMP_FILE"
  log "install: Neo4j $ok done in $((SECONDS - t0)) s ($(du -sh "$LIB_DIR" | cut -f1))"
}

set_initial_password() {
  # Only possible before the system database exists (first start). neo4j-admin writes
  # data/dbms/auth.ini, which the server consumes when it creates the system database.
  if [[ -d "$DATA_DIR/databases/system" ]]; then
    return 0
  fi
  log "first start: setting the password of user '$NEO4J_USER' (neo4j-admin dbms set-initial-password)"
  # NEO4J_HOME must be set: without it the admin bootloader guesses the home from its cwd.
  NEO4J_HOME="$NEO4J_HOME_DIR" NEO4J_CONF="$CONF_DIR" \
    "$JAVA_BIN" -cp "$LIB_DIR/*" org.neo4j.server.startup.Neo4jAdminCommand \
    dbms set-initial-password "$PASSWORD" >>"$CONSOLE_LOG" 2>&1 \
    || die "set-initial-password failed; see $CONSOLE_LOG"
}

do_start() {
  if external_server; then return 0; fi
  take_lock
  local pid; pid="$(running_pid)"
  if [[ -n "$pid" ]]; then
    log "already running (pid $pid, bolt://$HOST:$BOLT_PORT, http://$HOST:$HTTP_PORT)"
    return 0
  fi
  rm -f "$PID_FILE"
  # Someone else (another checkout, a Docker container, ...) holding our ports would make Neo4j
  # fail after a long startup; say so right away instead.
  local port
  for port in "$BOLT_PORT" "$HTTP_PORT"; do
    if tcp_open "$port"; then
      die "port $port on $HOST is already used by another process (not this runtime). Stop it, set NEO4J_BOLT_PORT/NEO4J_HTTP_PORT, or set NEO4J_URI to use that server."
    fi
  done

  if install_needed; then do_install; fi
  mkdir -p "$LOG_DIR" "$RUN_DIR" "$DATA_DIR"
  java_bin >/dev/null # resolve once in this shell (a $(...) call would cache in a subshell only)
  local java="$JAVA_BIN"
  if auth_enabled; then set_initial_password; fi

  # JVM flags come from neo4j.conf, exactly like the official bootloader would use them.
  local -a jvm_opts=() extra=()
  local heap_init heap_max line
  heap_init="$(conf_value server.memory.heap.initial_size)"
  heap_max="$(conf_value server.memory.heap.max_size)"
  [[ -z "$heap_init" ]] || jvm_opts+=("-Xms$(java_size "$heap_init")")
  [[ -z "$heap_max" ]] || jvm_opts+=("-Xmx$(java_size "$heap_max")")
  while IFS= read -r line; do
    [[ -n "$line" ]] && jvm_opts+=("$line")
  done < <(sed -n 's/^[[:space:]]*server\.jvm\.additional=//p' "$CONF_FILE" | tr -d '\r')
  # What Neo4j's own bootloader adds on Java 24+ (it passes them only to JVMs that know them).
  local feature; feature="$(java_feature "$java")"
  if ((feature >= 24)); then jvm_opts+=(--sun-misc-unsafe-memory-access=allow); fi
  # Lucene's SIMD vector scoring (PanamaVectorizationProvider) needs the incubator module; a
  # runtime without it (the PyPI fallback) starts without the flag and scores vectors in scalar
  # code. Indexes built by Neo4j 5 run the shaded Lucene 9, which refuses SIMD above Java 22
  # unless told the upper bound (it warns "update Apache Lucene" otherwise).
  if java_has_vector "$java"; then
    jvm_opts+=(--add-modules=jdk.incubator.vector "-Dorg.neo4j.shaded.lucene9.vectorization.upperJavaFeatureVersion=$feature")
  fi
  # Port overrides go in as -c settings (they beat neo4j.conf, which stays untouched). Only when
  # asked for: Neo4j logs a WARN for every overridden setting.
  extra=()
  [[ -z "${NEO4J_BOLT_PORT:-}" ]] ||
    extra+=(-c "server.bolt.listen_address=$HOST:$BOLT_PORT" -c "server.bolt.advertised_address=$HOST:$BOLT_PORT")
  [[ -z "${NEO4J_HTTP_PORT:-}" ]] ||
    extra+=(-c "server.http.listen_address=$HOST:$HTTP_PORT" -c "server.http.advertised_address=$HOST:$HTTP_PORT")

  printf '\n===== %s scripts/neo4j.sh start (bolt %s, http %s) =====\n' \
    "$(date -u +%FT%TZ)" "$BOLT_PORT" "$HTTP_PORT" >>"$CONSOLE_LOG"
  # setsid: own session, so the server survives the calling terminal / CI step and never gets
  # its Ctrl-C. cwd = NEO4J_HOME so nothing relative ends up in the caller's directory.
  # Classpath order matches the official `neo4j` script: plugins, conf, lib.
  (
    cd "$NEO4J_HOME_DIR"
    # 9>&-: the server must not inherit our lock fd, or it would hold the lock for its lifetime.
    exec setsid "$java" "${jvm_opts[@]}" \
      -cp "$PLUGINS_DIR/*:$CONF_DIR/*:$LIB_DIR/*" \
      "$ENTRY_POINT" --home-dir="$NEO4J_HOME_DIR" --config-dir="$CONF_DIR" --console-mode "${extra[@]}" \
      >>"$CONSOLE_LOG" 2>&1 </dev/null 9>&-
  ) &
  echo "$!" >"$PID_FILE"
  sleep 1
  # Normally $! IS the java process (exec + setsid without fork). running_pid re-checks and would
  # also find the JVM if setsid had to fork; then the pid file is corrected.
  pid="$(running_pid)"
  if [[ -z "$pid" ]]; then
    rm -f "$PID_FILE"
    log_tail
    die "Neo4j exited right after launch; see $CONSOLE_LOG and $LOG_DIR/debug.log"
  fi
  echo "$pid" >"$PID_FILE"
  log "started (pid $pid); logs: runtime/neo4j/logs/console.log, debug.log. Use 'scripts/neo4j.sh wait'."
}

do_wait() {
  local timeout="${1:-${NEO4J_WAIT_TIMEOUT:-120}}"
  [[ "$timeout" =~ ^[0-9]+$ ]] || die "wait: timeout must be whole seconds, got '$timeout'"
  local start_ts=$SECONDS pid status
  if [[ -n "${NEO4J_URI:-}" ]]; then
    # External server: we don't know its HTTP port or password policy, so wait for Bolt only.
    local hostport="${NEO4J_URI#*://}"
    hostport="${hostport%%/*}"
    HOST="${hostport%:*}"
    [[ "$hostport" == *:* ]] && BOLT_PORT="${hostport##*:}" || BOLT_PORT=7687
    # bolt+s / neo4j+s (Aura, a TLS cluster): the port speaks TLS first, so a plain Bolt
    # handshake gets no answer; the TCP connect is all that can be checked without a TLS client.
    local probe=bolt_probe
    [[ "${NEO4J_URI%%://*}" == *+s* ]] && probe=external_tcp_probe
    log "NEO4J_URI is set: waiting for Bolt on $HOST:$BOLT_PORT (external server)"
    until "$probe"; do
      ((SECONDS - start_ts < timeout)) || die "timed out after ${timeout} s waiting for $NEO4J_URI"
      sleep 0.5
    done
    log "external server ready after $((SECONDS - start_ts)) s: $NEO4J_URI"
    return 0
  fi
  while :; do
    pid="$(running_pid)"
    if [[ -z "$pid" ]]; then
      log_tail
      die "Neo4j is not running (not started, or it crashed: see runtime/neo4j/logs/console.log and debug.log)"
    fi
    if bolt_probe && http_probe; then
      # Also prove that database "neo4j" runs queries and that our credentials work.
      status="$(auth_query_status)"
      case "$status" in
        2?? | 404) break ;; # the Query API answers 202; 404 = Query API module disabled in neo4j.conf
        401) die "Neo4j is up but rejects $NEO4J_USER/\$NEO4J_PASSWORD. The password is only set on the very first start; to reset the dev DB: scripts/neo4j.sh stop && rm -rf runtime/neo4j/data && scripts/neo4j.sh start" ;;
      esac
    fi
    if ((SECONDS - start_ts >= timeout)); then
      log "timed out after ${timeout} s waiting for bolt://$HOST:$BOLT_PORT and http://$HOST:$HTTP_PORT; last log lines:" >&2
      log_tail
      exit 1
    fi
    sleep 0.5
  done
  log "ready after $((SECONDS - start_ts)) s: bolt://$HOST:$BOLT_PORT (user $NEO4J_USER), http://$HOST:$HTTP_PORT/browser/"
}

do_stop() {
  if external_server; then return 0; fi
  take_lock
  local pid; pid="$(running_pid)"
  if [[ -z "$pid" ]]; then
    rm -f "$PID_FILE"
    log "not running"
    return 0
  fi
  local limit="${NEO4J_STOP_TIMEOUT:-60}" t0=$SECONDS
  log "stopping (pid $pid): SIGTERM, waiting up to ${limit} s for a clean shutdown ..."
  kill -TERM "$pid" 2>/dev/null || true
  while kill -0 "$pid" 2>/dev/null; do
    if ((SECONDS - t0 >= limit)); then
      log "still running after ${limit} s: SIGKILL (next start will run recovery)"
      kill -KILL "$pid" 2>/dev/null || true
      sleep 1
      break
    fi
    sleep 0.5
  done
  rm -f "$PID_FILE"
  log "stopped after $((SECONDS - t0)) s"
}

do_status() {
  local pid; pid="$(running_pid)"
  [[ -n "${NEO4J_URI:-}" ]] && log "NEO4J_URI is set ($NEO4J_URI): the project uses that server"
  if [[ -z "$pid" ]]; then
    log "local server: stopped"
    return 3
  fi
  local rss bolt=down http=down version
  rss="$(awk '/^VmRSS/ {printf "%d MiB", $2/1024}' "/proc/$pid/status" 2>/dev/null || echo '?')"
  bolt_probe && bolt=up
  if http_probe; then
    http=up
    version="$(curl -sf -m 3 "http://$HOST:$HTTP_PORT/" | sed -n 's/.*"neo4j_version":"\([^"]*\)".*/\1/p')"
  fi
  log "local server: running, pid $pid, RSS $rss${version:+, Neo4j $version}"
  log "  bolt://$HOST:$BOLT_PORT $bolt   http://$HOST:$HTTP_PORT $http   home runtime/neo4j"
}

cmd="${1:-}"
shift || true
case "$cmd" in
  install) take_lock; do_install "${1:-}" ;;
  start) do_start ;;
  wait) do_wait "${1:-}" ;;
  status) do_status ;;
  stop) do_stop ;;
  restart) do_stop; do_start ;;
  -h | --help | help) usage ;;
  *) usage >&2; exit 2 ;;
esac
