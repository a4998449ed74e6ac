#!/usr/bin/env bash
# The Python client's virtualenv, clients/python/.venv (git-ignored), for its pytest suite
# (test/python-client.e2e-spec.ts runs it). Created when missing; `pip install -e` again only
# when pyproject.toml changed since the last install (editable: source changes need none).
set -euo pipefail
ROOT="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)"
PKG="$ROOT/clients/python"
VENV="$PKG/.venv"
STAMP="$VENV/.installed-pyproject.sha256"
PYTHON="${PYTHON:-python3}"

want="$(sha256sum "$PKG/pyproject.toml" | cut -d' ' -f1)"
if [[ -x "$VENV/bin/python" && -f "$STAMP" && "$(cat "$STAMP")" == "$want" ]]; then
  echo "[python] clients/python/.venv is up to date"
  exit 0
fi
if [[ ! -x "$VENV/bin/python" ]]; then
  "$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else "the Python client needs Python >= 3.10")'
  # Debian's python3 ships venv without ensurepip until python3-venv is installed.
  if ! "$PYTHON" -m venv "$VENV" 2>/dev/null; then
    rm -rf "$VENV"
    if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
      apt-get install -y -qq python3-venv >/dev/null 2>&1 || { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq python3-venv >/dev/null 2>&1; }
    fi
    "$PYTHON" -m venv "$VENV"
  fi
fi
echo "[python] pip install -e 'clients/python[test]' into clients/python/.venv"
"$VENV/bin/python" -m pip install -q --disable-pip-version-check -e "$PKG[test]"
echo "$want" >"$STAMP"
