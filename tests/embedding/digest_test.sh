#!/usr/bin/env bash
# tools/embedding_server.sh digest: the model digest of a model directory
# (docs/embedding.md §2), and its refusal of a directory without model files.
#  1. An empty directory, one with only a README, one with config.json but no
#     weights, one with weights but no config.json, and one whose files are
#     symlinks (not followed, so not hashed): each is refused (exit 1) naming
#     the directory and what is missing, and nothing is printed on stdout.
#  2. A directory that does not exist: refused naming it; no directory and
#     no virtual environment: one error naming what to install.
#  3. A model directory (config.json and model.safetensors, a weights file
#     in a subdirectory too): the digest is the sha256 of the `sha256sum`
#     lines of its regular files sorted by path, 64 hex digits.
# No server and no virtual environment are needed.
# Usage: digest_test.sh <embedding_server.sh>
set -euo pipefail

server_sh=$(readlink -f "$1")
work=$(mktemp -d "${TEST_TMPDIR:-/tmp}/digest.XXXXXX")
trap 'rm -rf "$work"' EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }

# refused <dir> <expected stderr part>...
refused() {
  local dir="$1" rc=0
  shift
  "$server_sh" digest "$dir" > "$work/out" 2> "$work/err" || rc=$?
  [ "$rc" -eq 1 ] || fail "digest $dir: expected exit 1, found $rc (stdout: $(cat "$work/out"))"
  [ ! -s "$work/out" ] || fail "digest $dir printed on stdout: $(cat "$work/out")"
  local part
  for part in "$@"; do
    grep -qF -- "$part" "$work/err" || fail "digest $dir: expected '$part' in: $(cat "$work/err")"
  done
}

# Without a directory and without the virtual environment: one error, naming
# what to install (once the venv error, then "model directory not found: "
# with an empty name). A copy of the script in a workspace without .venv.
mkdir -p "$work/novenv/tools/lib"
cp "$server_sh" "$work/novenv/tools/embedding_server.sh"
cp "$(dirname "$server_sh")/lib/server.sh" "$work/novenv/tools/lib/server.sh"
rc=0
"$work/novenv/tools/embedding_server.sh" digest > "$work/out" 2> "$work/err" || rc=$?
[ "$rc" -eq 1 ] || fail "digest without the venv: expected exit 1, found $rc"
[ "$(wc -l < "$work/err")" -eq 1 ] || fail "digest without the venv: expected one error line, found: $(cat "$work/err")"
grep -qF "embedding_server: infinity-emb is not installed in $work/novenv/.venv (run tools/setup.sh --embedding-server)" "$work/err" \
  || fail "digest without the venv: $(cat "$work/err")"
echo "ok: digest without the venv: $(cat "$work/err")"

mkdir "$work/empty"
refused "$work/empty" "embedding_server: not a model directory: $work/empty: no config.json at its" \
  "top and no weights file (*.safetensors, *.bin or *.onnx) (0 regular files"

mkdir "$work/readme"
echo "a model card" > "$work/readme/README.md"
refused "$work/readme" "not a model directory: $work/readme: no config.json" "(1 regular files"

mkdir "$work/config_only"
echo '{}' > "$work/config_only/config.json"
refused "$work/config_only" \
  "not a model directory: $work/config_only: no weights file (*.safetensors, *.bin or *.onnx)"

mkdir "$work/weights_only"
echo weights > "$work/weights_only/model.safetensors"
refused "$work/weights_only" "not a model directory: $work/weights_only: no config.json at its top ("

mkdir "$work/links"
ln -s "$work/config_only/config.json" "$work/links/config.json"
ln -s "$work/weights_only/model.safetensors" "$work/links/model.safetensors"
refused "$work/links" "not a model directory: $work/links: no config.json at its top and no" \
  "(0 regular files; symlinks are not followed)"

refused "$work/absent" "embedding_server: model directory not found: $work/absent"

mkdir -p "$work/model/onnx"
echo '{"hidden_size": 4}' > "$work/model/config.json"
echo weights > "$work/model/model.safetensors"
echo onnx > "$work/model/onnx/model.onnx"
got=$("$server_sh" digest "$work/model")
expected=$(cd "$work/model" && printf '%s  %s\n' \
  "$(sha256sum < ./config.json | cut -c1-64)" ./config.json \
  "$(sha256sum < ./model.safetensors | cut -c1-64)" ./model.safetensors \
  "$(sha256sum < ./onnx/model.onnx | cut -c1-64)" ./onnx/model.onnx | sha256sum | cut -c1-64)
[[ "$got" =~ ^[0-9a-f]{64}$ ]] || fail "digest of a model directory: expected 64 hex, found '$got'"
[ "$got" = "$expected" ] || fail "digest of a model directory: expected $expected, found $got"
echo "PASS"
