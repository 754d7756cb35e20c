# shellcheck shell=bash
# Library for tests that run Bazel inside a Bazel test (sourced, not run).
#
# A test cannot build its own workspace in place (the outer server holds the
# output base and the sandbox hides the tree), so these helpers copy the
# workspace sources to fresh directories, each standing for another machine,
# and run a separate Bazel with its own --output_base there. The copies never
# include .bazelrc.user or bazel-* links; they do include .bazelrc.salt, so
# the cache-key salt is that of this machine.
#
# Each output base gets its own Bazel server (loopback gRPC, as every Bazel
# server): a test's later commands in one output base reuse its JVM and
# analysis instead of paying both again (--batch took about 6 s more a
# command). The server exits after NB_SERVER_IDLE_S idle seconds at the latest;
# nb_cleanup shuts down every server this test started, and kills one that
# does not stop, by the pid its output base records.
#
# The calling test must be tagged "local" (no sandbox: the copy is found
# through the test's own runfiles symlink). Nested tests are not exclusive:
# they run beside other tests and each other, each in its own copy, output
# base and loopback ports, so one test's waits (servers starting, fuzzing,
# stage critical paths) overlap another's compiles. A test that takes results
# from the shared disk cache below lists the targets it builds as data, so the
# outer build has put them there before it starts.
#
# Functions:
#   nb_init                       sets NB_ROOT (the real workspace) and NB_WORK (scratch)
#   nb_copy_workspace <dir>       copies the sources to <dir>
#   nb_bazel <copy> <name> <log> <bazel build args...>
#                                 one nested build with output base NB_WORK/ob-<name>;
#                                 sets NB_WALL_S; output in <log>
#   nb_bazel_cmd <copy> <name> <log> <command> <args...>
#                                 the same for any command (sync, run, test)
#   nb_use_shared_disk_cache      later builds, runs and tests use the nested tests' shared
#                                 disk cache (in the outer output base; see below)
#   nb_processes <log> <category> the count of one category ("remote cache hit",
#                                 "internal", ...) in Bazel's "INFO: N processes:" line
#   nb_non_internal_other_than <log> <category>
#                                 the count of processes that are neither internal nor <category>
#   nb_spawn_table <exec log json>  "hit|miss <mnemonic> <first output>" per spawn
#   nb_hash_reports <copy> <label>...  "sha256  reports/<name>/<file>" for every file of each report
#   nb_hash_runfiles_reports <label>...  the same listing for the reports in the test's runfiles
#   nb_stable <listing>           the listing without volatile files (*.volatile.*: timings,
#                                 never hashed into provenance; see stages/framework/pipeline/defs.bzl)
#   nb_startup_flags <copy> <name>  the startup flags of output base <name> (for a test's own
#                                 bazel calls in <copy>; marks its server for nb_cleanup)
#   nb_cleanup                    shuts down the test's Bazel servers, removes NB_WORK
#                                 (called by the EXIT trap)
set -euo pipefail

# Bound on every nested Bazel command (seconds); the test's own timeout is larger.
readonly NB_BUILD_TIMEOUT_S="${NB_BUILD_TIMEOUT_S:-900}"
# Idle time after which a nested Bazel server exits by itself (seconds): a
# bound should the test be killed before its EXIT trap runs.
readonly NB_SERVER_IDLE_S="${NB_SERVER_IDLE_S:-300}"

nb_log() { echo "[$(basename "$0")] $*"; }
nb_fail() { echo "FAIL: $*" >&2; exit 1; }

nb_init() {
  local self
  self=$(readlink -f "${BASH_SOURCE[0]}")
  NB_ROOT=$(cd "$(dirname "$self")/../.." && pwd -P)
  [ -f "$NB_ROOT/WORKSPACE" ] || nb_fail "cannot find the workspace from $self (the test must be tagged \"local\")"
  NB_WORK=$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/nested.XXXXXX")
  mkdir -p "$NB_WORK/home" "$NB_WORK/user_root" "$NB_WORK/jvm_tmp"
  trap nb_cleanup EXIT
  command -v bazel >/dev/null || nb_fail "bazel not on PATH"
}

nb_copy_workspace() {
  local dest="$1"
  mkdir -p "$dest"
  if git -C "$NB_ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    # Tracked files plus untracked, non-ignored ones: the working tree as the
    # developer sees it.
    # shellcheck disable=SC2016  # the sh -c script expands its own $f
    (cd "$NB_ROOT" && git ls-files -z --cached --others --exclude-standard \
      | xargs -0 -r sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh \
      | xargs -0 -r cp -P --parents -t "$dest")
  else
    (cd "$NB_ROOT" && tar --exclude=./.git --exclude='./bazel-*' --exclude=./.bazelrc.user -cf - .) \
      | (cd "$dest" && tar -xf -)
  fi
  rm -f "$dest/.bazelrc.user"
  if [ -f "$NB_ROOT/.bazelrc.salt" ]; then cp "$NB_ROOT/.bazelrc.salt" "$dest/"; fi
}

nb_bazel() {
  local copy="$1" name="$2" log="$3"
  shift 3
  nb_bazel_cmd "$copy" "$name" "$log" build "$@"
}

# A disk cache shared by the nested tests that need no cold build (the
# incremental, new-experiment and real-server tests): tools/test.sh passes it
# to the outer build, which fills it with the compiles and stage results of
# the tests' data before they start; a nested build adds what it misses. It
# lives in the outer Bazel's output base (nested_disk_cache; `bazel clean
# --expunge` removes it), never elsewhere; tools/test.sh empties it, before
# any test runs, when it outgrows 4 GiB. The cross-machine test takes
# its compiles from it and keeps its stage actions cold with a fresh
# --define=stage_cache_salt (stages/framework/pipeline/defs.bzl), which is
# in the key of the stage actions only. Sets NB_DISK_CACHE, which
# nb_bazel_cmd passes to build, run and test commands.
nb_use_shared_disk_cache() {
  local runfiles ob
  runfiles=$(readlink -f "${TEST_SRCDIR:?not run by bazel test}")
  ob="${runfiles%%/execroot/*}"
  [ "$ob" != "$runfiles" ] || nb_fail "cannot find the outer output base above $runfiles"
  NB_DISK_CACHE="$ob/nested_disk_cache"
  mkdir -p "$NB_DISK_CACHE"
}

nb_bazel_cmd() {
  local copy="$1" name="$2" log="$3" start end status command
  shift 3
  command="$1"
  shift
  local cache_flags=()
  case "$command" in
    build | run | test) [ -n "${NB_DISK_CACHE:-}" ] && cache_flags=("--disk_cache=$NB_DISK_CACHE") ;;
  esac
  local startup=()
  mapfile -t startup < <(nb_startup_flags "$copy" "$name")
  start=$(date +%s.%N)
  set +e
  (cd "$copy" && HOME="$NB_WORK/home" timeout "$NB_BUILD_TIMEOUT_S" \
    bazel "${startup[@]}" "$command" "${cache_flags[@]}" "$@") > "$log" 2>&1
  status=$?
  set -e
  end=$(date +%s.%N)
  # C locale: a test may run a build under another locale (tr_TR prints "416,8").
  # shellcheck disable=SC2034  # read by the sourcing test after each build
  NB_WALL_S=$(LC_ALL=C awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
  if [ "$status" -ne 0 ]; then
    tail -n 40 "$log" >&2
    [ "$status" -eq 124 ] && nb_fail "nested build '$name' exceeded ${NB_BUILD_TIMEOUT_S}s"
    nb_fail "nested build '$name' failed (exit $status)"
  fi
}

# The categories of Bazel's summary, one "count<TAB>category" a line, e.g. from
# "INFO: 45 processes: 26 remote cache hit, 19 internal."
nb_process_summary() {
  local line
  line=$(grep -E '^INFO: [0-9]+ process(es)?[:.]' "$1" | tail -n 1)
  [ -n "$line" ] || nb_fail "no 'INFO: N processes' line in $1"
  echo "$line" | sed -E 's/^INFO: [0-9]+ process(es)?\.?:? ?//; s/\.$//' | tr ',' '\n' \
    | sed -E 's/^ +//' | grep -E '^[0-9]+ ' | sed -E 's/^([0-9]+) (.*)$/\1\t\2/' || true
}

nb_processes() {
  nb_process_summary "$1" | awk -F'\t' -v c="$2" '$2 == c { n += $1 } END { print n + 0 }'
}

nb_non_internal_other_than() {
  nb_process_summary "$1" | awk -F'\t' -v c="$2" '$2 != c && $2 != "internal" { n += $1 } END { print n + 0 }'
}

nb_summary_line() {
  grep -E '^INFO: [0-9]+ process(es)?[:.]' "$1" | tail -n 1
}

# One line per spawn of an --execution_log_json_file (a stream of pretty-printed
# SpawnExec objects): "hit|miss<TAB>mnemonic<TAB>first listed output".
nb_spawn_table() {
  awk '
    /^  "listedOutputs": \[/ {
      out = $0; sub(/^  "listedOutputs": \["/, "", out); sub(/".*$/, "", out)
    }
    /^  "mnemonic": / { m = $0; sub(/^  "mnemonic": "/, "", m); sub(/".*$/, "", m) }
    /^  "remoteCacheHit": true/ { hit = 1 }
    /^}/ {
      if (m != "") printf "%s\t%s\t%s\n", (hit ? "hit" : "miss"), m, out
      m = ""; out = ""; hit = 0
    }
  ' "$1"
}

# Report label //pkg:name -> the report directory pkg/name (the `report` rule
# writes every file of the report under <name>/).
nb_report_dir() {
  local label="$1" pkg name
  pkg="${label#//}"; pkg="${pkg%%:*}"; name="${label##*:}"
  echo "$pkg/$name"
}

nb_hash_reports() {
  local copy="$1" label dir
  shift
  for label in "$@"; do
    dir=$(nb_report_dir "$label")
    [ -d "$copy/bazel-bin/$dir" ] || nb_fail "no report directory bazel-bin/$dir for $label in $copy"
    [ -n "$(ls -A "$copy/bazel-bin/$dir")" ] || nb_fail "report directory bazel-bin/$dir is empty"
    (cd "$copy/bazel-bin" && find -L "$dir" -type f -print0 | sort -z | xargs -0 sha256sum)
  done
}

# The same listing for the reports this test depends on (its runfiles, built
# by the outer Bazel): "sha256  reports/<name>/<file>".
nb_hash_runfiles_reports() {
  local root="${TEST_SRCDIR:?not run by bazel test}/${TEST_WORKSPACE:-retrieval_repro}" label dir
  for label in "$@"; do
    dir=$(nb_report_dir "$label")
    [ -d "$root/$dir" ] || nb_fail "$label is not in the test's runfiles (add it to data)"
    (cd "$root" && find -L "$dir" -type f -print0 | sort -z | xargs -0 sha256sum)
  done
}

nb_stable() {
  grep -v '\.volatile\.' "$1" || true
}

# Compares two hash listings; on a difference prints each differing file and
# fails.
nb_compare_hashes() {
  local a="$1" b="$2" what="$3"
  if ! diff -u "$a" "$b" > "$NB_WORK/hash.diff"; then
    cat "$NB_WORK/hash.diff" >&2
    nb_fail "$what: artifacts differ (see the sha256 diff above)"
  fi
}

# One startup flag a line. The server of output base <name> is recorded in
# NB_WORK/servers ("<output base> <copy>" a line), for nb_cleanup.
nb_startup_flags() {
  local copy="$1" ob="$NB_WORK/ob-$2"
  nb_server_flags "$ob"
  grep -qF "$ob " "$NB_WORK/servers" 2>/dev/null || echo "$ob $copy" >> "$NB_WORK/servers"
}

# The startup flags of the server of output base <ob>, one a line (the same
# for every command: other flags would restart the server). The JVM compiles
# with C1 only and collects with the serial collector: a nested server lives
# for a few commands, and C2's compiler threads cost more than they return
# (start-up and analysis of the three CI reports: 20 CPU-s and 11.6 s before,
# 9 CPU-s and 7.1 s with these flags). The JVM's temporary directory is in
# NB_WORK: Bazel 4.2.3 writes the raw spawn log of --execution_log_json_file
# to a temporary exec<number>.log that it leaves behind (in /tmp by default).
nb_server_flags() {
  printf '%s\n' --nohome_rc "--output_user_root=$NB_WORK/user_root" "--output_base=$1" \
    "--max_idle_secs=$NB_SERVER_IDLE_S" --host_jvm_args=-XX:TieredStopAtLevel=1 --host_jvm_args=-XX:+UseSerialGC \
    "--host_jvm_args=-Djava.io.tmpdir=$NB_WORK/jvm_tmp"
}

# Stops the server of output base <ob> (whose workspace is <copy>): `bazel
# shutdown` (which waits for a running command, so bounded), then the
# recorded pid if it is still that output base's server.
nb_stop_server() {
  local ob="$1" copy="$2" pid flags=()
  [ -f "$ob/server/server.pid.txt" ] || return 0
  mapfile -t flags < <(nb_server_flags "$ob")
  (cd "$copy" && HOME="$NB_WORK/home" timeout 30 bazel "${flags[@]}" shutdown) > /dev/null 2>&1 || true
  pid=$(cat "$ob/server/server.pid.txt" 2>/dev/null) || return 0
  [[ "$pid" =~ ^[0-9]+$ ]] || return 0
  if tr '\0' '\n' < "/proc/$pid/cmdline" 2>/dev/null | grep -qxF -- "--output_base=$ob"; then
    kill -9 "$pid" 2>/dev/null || true
  fi
}

nb_cleanup() {
  local ob copy
  if [ -n "${NB_WORK:-}" ] && [ -d "$NB_WORK" ]; then
    if [ -f "$NB_WORK/servers" ]; then
      while read -r ob copy; do nb_stop_server "$ob" "$copy"; done < "$NB_WORK/servers"
    fi
    for ob in "$NB_WORK"/ob-*; do
      if [ -d "$ob" ]; then chmod -R u+w "$ob" 2>/dev/null || true; fi
    done
    rm -rf "$NB_WORK" 2>/dev/null || true
  fi
}
