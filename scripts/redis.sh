#!/usr/bin/env bash
# Project-owned local Redis (Debian's redis-server binary, our own data dir runtime/redis/).
#
#   scripts/redis.sh install          apt-get install redis-server if it's not on PATH (root only)
#   scripts/redis.sh start            daemonized redis on 127.0.0.1:6379, AOF on, data in runtime/redis
#   scripts/redis.sh wait [SECONDS]   block until PING answers PONG (default 30 s, or REDIS_WAIT_TIMEOUT)
#   scripts/redis.sh status           running/stopped, pid, port  (exit 0 running, 3 stopped)
#   scripts/redis.sh stop             SHUTDOWN (saves), falls back to SIGTERM / SIGKILL
#   scripts/redis.sh restart
#
# Environment:
#   REDIS_URL    if set, the project uses that external server: start/stop do nothing.
#   REDIS_PORT   port (default 6379).
#
# If a Redis that is NOT ours already answers PING on the port (e.g. a system service started by
# the Debian package), `start` reuses it instead of failing, and `stop` leaves it alone.
set -euo pipefail

SCRIPT_DIR="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd -- "$SCRIPT_DIR/.." && pwd)"
REDIS_DIR="$ROOT/runtime/redis"
PID_FILE="$REDIS_DIR/redis.pid"
LOG_FILE="$REDIS_DIR/redis.log"
LOCK_FILE="$REDIS_DIR/.lock"
HOST=127.0.0.1
PORT="${REDIS_PORT:-6379}"

log() { printf '[redis] %s\n' "$*"; }
die() { printf '[redis] ERROR: %s\n' "$*" >&2; exit 1; }
usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -n 's/^# \{0,1\}//p'; }

take_lock() {
  mkdir -p "$REDIS_DIR"
  exec 9>"$LOCK_FILE"
  flock -w 60 9 || die "another scripts/redis.sh is busy (lock $LOCK_FILE)"
}

external_server() {
  if [[ -n "${REDIS_URL:-}" ]]; then
    log "REDIS_URL is set ($REDIS_URL): the project uses that server; not touching the local one."
    return 0
  fi
  return 1
}

need_cli() { command -v redis-cli >/dev/null 2>&1 || die "redis-cli not found; run 'scripts/redis.sh install'"; }

ping() { [[ "$(timeout 3 redis-cli -h "$HOST" -p "$PORT" ping 2>/dev/null)" == PONG ]]; }

# Pid of OUR redis (from the pid file, verified to be a redis-server on our port), or nothing.
our_pid() {
  local pid
  [[ -f "$PID_FILE" ]] || return 0
  pid="$(tr -dc '0-9' <"$PID_FILE")"
  [[ -n "$pid" && -r "/proc/$pid/cmdline" ]] || return 0
  if tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q "redis-server.*:$PORT"; then
    printf '%s\n' "$pid"
  elif [[ "$(server_pid)" == "$pid" ]]; then
    # Redis rewrites its own process title, so the command line is not the only witness: the
    # server on our port reporting our pid file's pid is ours too (once, right after Ctrl-C,
    # `down` called our own Redis "not ours").
    printf '%s\n' "$pid"
  fi
}

# Pid of whatever redis answers on the port (asks the server itself).
server_pid() { timeout 3 redis-cli -h "$HOST" -p "$PORT" info server 2>/dev/null | sed -n 's/^process_id:\([0-9]*\).*/\1/p'; }

do_install() {
  if command -v redis-server >/dev/null 2>&1 && command -v redis-cli >/dev/null 2>&1; then
    log "install: $(redis-server --version | cut -d' ' -f1-3) already installed"
    return 0
  fi
  if [[ "$(id -u)" != 0 ]]; then
    die "redis-server is not installed and this is not root. Install it yourself (sudo apt-get install -y redis-server) or set REDIS_URL to an existing Redis."
  fi
  command -v apt-get >/dev/null 2>&1 || die "redis-server is not installed and there is no apt-get; install Redis 7 or set REDIS_URL"
  log "install: apt-get install redis-server ..."
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
  # The Debian package may start its own system Redis on 6379 (unless policy-rc.d forbids it).
  # That one would keep its data in /var/lib/redis without AOF, so stop and disable it: the
  # project runs its own instance below.
  if [[ -d /run/systemd/system ]] && command -v systemctl >/dev/null 2>&1; then
    systemctl disable --now redis-server >/dev/null 2>&1 || true
  elif command -v service >/dev/null 2>&1; then
    service redis-server stop >/dev/null 2>&1 || true
  fi
  if [[ -f /run/redis/redis-server.pid ]]; then
    kill -TERM "$(cat /run/redis/redis-server.pid)" 2>/dev/null || true
  fi
  log "install: $(redis-server --version | cut -d' ' -f1-3) installed"
}

do_start() {
  if external_server; then return 0; fi
  command -v redis-server >/dev/null 2>&1 || die "redis-server not found; run 'scripts/redis.sh install'"
  need_cli
  take_lock
  local pid; pid="$(our_pid)"
  if [[ -n "$pid" ]] && ping; then
    log "already running (pid $pid, redis://$HOST:$PORT)"
    return 0
  fi
  if ping; then
    log "a Redis that is not managed by this script already answers on $HOST:$PORT (pid $(server_pid)); reusing it."
    log "  NOTE: its data does not live in runtime/redis. Stop it to get the project-owned instance."
    return 0
  fi
  rm -f "$PID_FILE"
  # Everything on the command line, no config file to keep in sync:
  #   appendonly yes + everysec fsync: data survives restarts and crashes (max ~1 s lost);
  #   RDB snapshots stay on as a second, compact copy;  dir: dump.rdb + appendonlydir/ here;
  #   protected-mode stays on (loopback-only anyway, no password needed for a dev box).
  redis-server \
    --bind "$HOST" --port "$PORT" --protected-mode yes \
    --daemonize yes --pidfile "$PID_FILE" --logfile "$LOG_FILE" \
    --dir "$REDIS_DIR" --dbfilename dump.rdb \
    --appendonly yes --appendfsync everysec \
    --save "3600 1 300 100 60 10000" \
    9>&- # the daemon must not inherit our lock fd
  # --daemonize returns at once; the pid file appears when the daemon is set up.
  for _ in $(seq 1 50); do
    [[ -n "$(our_pid)" ]] && break
    sleep 0.1
  done
  pid="$(our_pid)"
  if [[ -z "$pid" ]]; then
    tail -n 20 "$LOG_FILE" >&2 2>/dev/null || true
    die "redis-server did not start; see runtime/redis/redis.log"
  fi
  log "started (pid $pid, redis://$HOST:$PORT, data in runtime/redis). Use 'scripts/redis.sh wait'."
}

do_wait() {
  local timeout="${1:-${REDIS_WAIT_TIMEOUT:-30}}" t0=$SECONDS
  [[ "$timeout" =~ ^[0-9]+$ ]] || die "wait: timeout must be whole seconds, got '$timeout'"
  if [[ -n "${REDIS_URL:-}" ]]; then
    log "REDIS_URL is set: not waiting for the local server."
    return 0
  fi
  need_cli
  until ping; do
    if ((SECONDS - t0 >= timeout)); then
      log "timed out after ${timeout} s waiting for redis://$HOST:$PORT; last log lines:" >&2
      tail -n 20 "$LOG_FILE" >&2 2>/dev/null || true
      exit 1
    fi
    sleep 0.2
  done
  # Redis answers PING with -LOADING while it replays a big AOF; PONG means it serves data.
  log "ready after $((SECONDS - t0)) s: redis://$HOST:$PORT"
}

do_stop() {
  if external_server; then return 0; fi
  take_lock
  local pid; pid="$(our_pid)"
  if [[ -z "$pid" ]]; then
    rm -f "$PID_FILE"
    if command -v redis-cli >/dev/null 2>&1 && ping; then
      log "not running (the Redis on $HOST:$PORT, pid $(server_pid), is not ours; leaving it alone)"
    else
      log "not running"
    fi
    return 0
  fi
  log "stopping (pid $pid) ..."
  # SHUTDOWN flushes the AOF and writes a final RDB snapshot, then exits.
  timeout 30 redis-cli -h "$HOST" -p "$PORT" shutdown >/dev/null 2>&1 || kill -TERM "$pid" 2>/dev/null || true
  local t0=$SECONDS
  while kill -0 "$pid" 2>/dev/null; do
    if ((SECONDS - t0 >= 30)); then
      log "still running after 30 s: SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      break
    fi
    sleep 0.2
  done
  rm -f "$PID_FILE"
  log "stopped"
}

do_status() {
  [[ -n "${REDIS_URL:-}" ]] && log "REDIS_URL is set ($REDIS_URL): the project uses that server"
  local pid; pid="$(our_pid)"
  if [[ -n "$pid" ]]; then
    local state=down
    ping && state=up
    log "local server: running, pid $pid, redis://$HOST:$PORT $state, data in runtime/redis"
    return 0
  fi
  if command -v redis-cli >/dev/null 2>&1 && ping; then
    log "local server: stopped, but a foreign Redis (pid $(server_pid)) answers on $HOST:$PORT"
    return 0
  fi
  log "local server: stopped"
  return 3
}

cmd="${1:-}"
shift || true
case "$cmd" in
  install) do_install ;;
  start) do_start ;;
  wait) do_wait "${1:-}" ;;
  status) do_status ;;
  stop) do_stop ;;
  restart) do_stop; do_start ;;
  -h | --help | help) usage ;;
  *) usage >&2; exit 2 ;;
esac
