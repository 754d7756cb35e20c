#!/usr/bin/env bash
# history.txt and the files under the fixture's src/ match one to one: every
# file is put by its step exactly once, and every put names an existing file.
# (The repository rule watches exactly the files history.txt names, so an
# orphan file would silently not be part of the history.)
# Arguments: <history.txt> <files under src/>...
set -euo pipefail
history=$1
shift
declare -A listed=()
step=""
while read -r key val; do
  case $key in
    commit) step=$val ;;
    put)
      k="$step/$val"
      if [[ -n ${listed[$k]:-} ]]; then
        echo "FAIL: $history puts $k twice"
        exit 1
      fi
      listed[$k]=1
      ;;
  esac
done <"$history"
n=0
for f in "$@"; do
  k=${f#*/src/}
  if [[ -z ${listed[$k]:-} ]]; then
    echo "FAIL: src/$k is not put by any commit of $history"
    exit 1
  fi
  unset "listed[$k]"
  n=$((n + 1))
done
if ((${#listed[@]} > 0)); then
  echo "FAIL: $history puts files that do not exist: ${!listed[*]}"
  exit 1
fi
echo "$n fixture files, each put exactly once by history.txt"
