#!/usr/bin/env bash
# Fuzz smoke run: builds every fuzz target (tag fuzz_target) with
# --config=fuzz (clang-14, libFuzzer, ASan, UBSan) in a copy of the workspace
# with its own output base, and runs each for FUZZ_SMOKE_SECONDS (default 5),
# two at a time, through tools/fuzz/run.sh, the command developers use for
# longer runs (docs/fuzzing.md). Fails on any crash, leak, timeout or
# out-of-memory input, printing the target and the input's path.
# shellcheck source=tests/remote_cache/nested_bazel.sh
source "$(dirname "$0")/../remote_cache/nested_bazel.sh"

readonly SECONDS_EACH="${FUZZ_SMOKE_SECONDS:-5}"

nb_init
copy="$NB_WORK/ws"
nb_copy_workspace "$copy"

nb_log "fuzzing every target for ${SECONDS_EACH}s (2 at a time)"
set +e
# The nested server's startup flags other than the output base (nb_cleanup
# shuts it down).
startup_flags=$(nb_startup_flags "$copy" fuzz | grep -v '^--output_base=' | tr '\n' ' ')
(cd "$copy" && HOME="$NB_WORK/home" FUZZ_OUTPUT_BASE="$NB_WORK/ob-fuzz" FUZZ_BAZEL_STARTUP="$startup_flags" \
  timeout "$NB_BUILD_TIMEOUT_S" tools/fuzz/run.sh --seconds "$SECONDS_EACH" --jobs 2 \
    --work "$NB_WORK/fuzz") > "$NB_WORK/fuzz.out" 2>&1
status=$?
set -e
cat "$NB_WORK/fuzz.out"
[ "$status" -eq 124 ] && nb_fail "the fuzz run exceeded ${NB_BUILD_TIMEOUT_S}s"
[ "$status" -eq 0 ] || nb_fail "fuzzing found an input that fails (exit $status; see above)"
targets=$(grep -c $'\tok$' "$NB_WORK/fuzz.out" || true)
[ "$targets" -ge 6 ] || nb_fail "expected at least 6 fuzz targets to run, $targets did"
nb_log "PASS: $targets fuzz targets, ${SECONDS_EACH}s each, no finding"
