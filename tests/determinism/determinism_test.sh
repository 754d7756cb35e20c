#!/usr/bin/env bash
# Determinism claim: two cold builds of the reports, in workspace copies at
# different paths with different output bases and no cache at all (no remote
# cache, no disk cache), give the same sha256 for every report file except
# volatile ones (*.volatile.*: timings, never in provenance). Build B
# also runs with one job, another time zone and the Turkish locale (whose
# dotless i once broke Bazel's BUILD parsing: 'medium' is not a valid size),
# so that scheduling order and the client's environment differ too.
#
# Usage: determinism_test.sh <report label>...  (from tests/remote_cache/reports.bzl)
set -euo pipefail
lib="$(dirname "$(readlink -f "$0")")/../remote_cache/nested_bazel.sh"
source "$lib"

(($#)) || nb_fail "usage: $0 <report label>..."
REPORTS=("$@")
nb_init

NO_CACHE=(--remote_cache= --disk_cache=)
COPY_A="$NB_WORK/first/ws"
COPY_B="$NB_WORK/second/elsewhere/checkout"
nb_copy_workspace "$COPY_A"
nb_copy_workspace "$COPY_B"

nb_bazel "$COPY_A" a "$NB_WORK/a.log" "${NO_CACHE[@]}" "${REPORTS[@]}"
wall_a="$NB_WALL_S"
locale -a | grep -qi '^tr_TR\.utf-\?8$' || nb_fail "the tr_TR.UTF-8 locale is not generated here (tools/setup.sh does it)"
TZ=Pacific/Kiritimati LANG=tr_TR.UTF-8 LC_ALL=tr_TR.UTF-8 \
  nb_bazel "$COPY_B" b "$NB_WORK/b.log" "${NO_CACHE[@]}" --jobs=1 "${REPORTS[@]}"
wall_b="$NB_WALL_S"

for log in a b; do
  hits=$(nb_processes "$NB_WORK/$log.log" "remote cache hit")
  [ "$hits" -eq 0 ] || nb_fail "build $log took $hits results from a cache; both must be cold"
done
nb_hash_reports "$COPY_A" "${REPORTS[@]}" > "$NB_WORK/a.all.sha256"
nb_hash_reports "$COPY_B" "${REPORTS[@]}" > "$NB_WORK/b.all.sha256"
nb_stable "$NB_WORK/a.all.sha256" > "$NB_WORK/a.sha256"
nb_stable "$NB_WORK/b.all.sha256" > "$NB_WORK/b.sha256"
skipped=$(( $(wc -l < "$NB_WORK/a.all.sha256") - $(wc -l < "$NB_WORK/a.sha256") ))

echo "== determinism (volatile numbers: this log only)"
echo "reports: ${REPORTS[*]}"
printf 'A cold:                 %6ss  %s\n' "$wall_a" "$(nb_summary_line "$NB_WORK/a.log")"
printf 'B cold, --jobs=1:       %6ss  %s\n' "$wall_b" "$(nb_summary_line "$NB_WORK/b.log")"
echo "report files compared: $(wc -l < "$NB_WORK/a.sha256") (volatile files skipped: $skipped)"
cat "$NB_WORK/a.sha256"
nb_compare_hashes "$NB_WORK/a.sha256" "$NB_WORK/b.sha256" "cold build A vs cold build B"
echo "PASS: two cold builds without cache gave identical bytes for every report file"
