#!/usr/bin/env bash
# Builds the fuzz targets with --config=fuzz (clang-14, libFuzzer, ASan,
# UBSan) in a separate output base and runs each for a bounded time.
#
#   tools/fuzz/run.sh [--seconds N] [--jobs J] [--work DIR] [label ...]
#
# Labels default to every target tagged "fuzz_target" (tools/fuzz/fuzz.bzl).
# Each fuzzer runs N seconds (default 60), J at a time (default 1), on the
# working corpus DIR/<pkg>_<name>/corpus (DIR: --work, else $FUZZ_WORK, else
# repro-fuzz/work under the user's cache directory),
# seeded from its <name>_seeds.tar and kept between runs, so a longer run
# continues where the last one stopped. A crash, leak, timeout or
# out-of-memory input is written to DIR/<name>/ (libFuzzer's crash-<sha1> and
# the like), and the script exits 1 naming it; reproduce with
#   <bazel-bin of the fuzz output base>/<pkg>/<name> DIR/<name>/crash-<sha1>
# One line per target: label, executions, final corpus size, result.
#
# Environment: FUZZ_OUTPUT_BASE (default repro-fuzz/output_base under the
# user's cache directory) and FUZZ_BAZEL_STARTUP (extra startup flags, e.g.
# --batch) choose the Bazel server, FUZZ_WORK the corpora; GITLAB_RUNNER_GIT and JUDGE_DATA_DIR are not passed on (no fuzz
# target reads them). See docs/fuzzing.md.
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=60
jobs=1
cache_dir="${XDG_CACHE_HOME:-$HOME/.cache}/repro-fuzz"
work="${FUZZ_WORK:-$cache_dir/work}"
labels=()
while (($#)); do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    -*) echo "fuzz: unknown option $1 (see the header of $0)" >&2; exit 2 ;;
    *) labels+=("$1"); shift ;;
  esac
done
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: --seconds must be a positive integer, got '$seconds'" >&2; exit 2; }
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: --jobs must be a positive integer, got '$jobs'" >&2; exit 2; }
command -v clang-14 >/dev/null || { echo "fuzz: clang-14 not on PATH; run tools/setup.sh" >&2; exit 1; }

output_base="${FUZZ_OUTPUT_BASE:-$cache_dir/output_base}"
echo "fuzz: output base $output_base, working corpora under $work" >&2
# shellcheck disable=SC2206  # FUZZ_BAZEL_STARTUP holds several flags, split on purpose
startup=(--output_base="$output_base" ${FUZZ_BAZEL_STARTUP:-})
fbazel() { env -u GITLAB_RUNNER_GIT -u JUDGE_DATA_DIR bazel "${startup[@]}" "$@"; }

if ((${#labels[@]} == 0)); then
  mkdir -p "$work"
  # Every package but those under symbolic links: the main output base's
  # convenience links (bazel-<directory name>) are plain directories to this
  # output base's server, and `//...` would load the packages of external/
  # under them. (A directory without packages is left out: query fails on it.)
  universe="//:*"
  for d in */; do
    d=${d%/}
    if [ ! -L "$d" ] && [ -n "$(find "$d" \( -name BUILD -o -name BUILD.bazel \) -print -quit)" ]; then
      universe+=" + //$d/..."
    fi
  done
  mapfile -t labels < <(fbazel query --noshow_progress "attr(tags, \"\\bfuzz_target\\b\", $universe)" 2> "$work/query.log")
  ((${#labels[@]})) || { tail -n 20 "$work/query.log" >&2; echo "fuzz: no target tagged fuzz_target found" >&2; exit 1; }
fi
for l in "${labels[@]}"; do
  [[ "$l" =~ ^//[A-Za-z0-9_/.-]*:[A-Za-z0-9_.-]+$ ]] || { echo "fuzz: '$l' is not a label //pkg:name" >&2; exit 2; }
done

seeds=()
for l in "${labels[@]}"; do seeds+=("${l}_seeds"); done
mkdir -p "$work"
# The build's output (the linker warns about ASan's local symbols) goes to a
# log; its tail is shown if the build fails.
if ! fbazel build --config=fuzz --noshow_progress "${labels[@]}" "${seeds[@]}" > "$work/build.log" 2>&1; then
  tail -n 30 "$work/build.log" >&2
  echo "fuzz: the build failed (log: $work/build.log)" >&2
  exit 1
fi
bin=$(fbazel info --config=fuzz bazel-bin 2>/dev/null)

# run_one <label>: runs one fuzzer; prints its summary line; returns 1 on a finding.
run_one() {
  local label="$1" pkg name dir log execs units status findings
  pkg="${label#//}"; pkg="${pkg%%:*}"; name="${label##*:}"
  dir="$work/${pkg//\//_}_$name"
  mkdir -p "$dir/corpus"
  tar -xf "$bin/$pkg/${name}_seeds.tar" -C "$dir/corpus"
  log="$dir/fuzz.log"
  list_findings() {
    find "$dir" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort
  }
  local before
  before=$(list_findings)
  set +e
  # -timeout: one input over 25 s is a finding; -rss_limit_mb bounds memory.
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "$bin/$pkg/$name" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="$dir/" "$dir/corpus" > "$log" 2>&1
  status=$?
  set -e
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  units=$(find "$dir/corpus" -type f | wc -l)
  findings=$(comm -13 <(echo "$before") <(list_findings) | sed '/^$/d')
  if ((status != 0)) || [ -n "$findings" ]; then
    printf '%s\texecutions=%s\tcorpus=%s\tFAILED (exit %d)\n' "$label" "${execs:-?}" "$units" "$status"
    grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error|.*property violated|.*Test unit written)' "$log" | head -n 8 | sed 's/^/    /'
    [ -n "$findings" ] && while IFS= read -r f; do echo "    input: $f"; done <<< "$findings"
    echo "    log: $log"
    return 1
  fi
  printf '%s\texecutions=%s\tcorpus=%s\tok\n' "$label" "${execs:-?}" "$units"
}

# J at a time; each job's summary goes to its own file, printed in label order.
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
i=0
pids=()
for l in "${labels[@]}"; do
  (if run_one "$l" > "$results/$i" 2>&1; then echo 0; else echo 1; fi > "$results/$i.rc") &
  pids+=($!)
  i=$((i + 1))
  while (($(jobs -rp | wc -l) >= jobs)); do wait -n || true; done
done
wait
failed=0
for ((k = 0; k < i; k++)); do
  cat "$results/$k"
  [ "$(cat "$results/$k.rc")" = 0 ] || failed=$((failed + 1))
done
echo "fuzz: ${#labels[@]} targets, ${seconds}s each, $failed with findings"
((failed == 0))
