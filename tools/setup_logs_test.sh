#!/usr/bin/env bash
# tools/setup.sh keeps its logs in the workspace (.setup-logs/), never under
# a fixed name in /tmp that two clones' set-ups would share, and a failed
# install names its log. Runs a copy of setup.sh in a scratch workspace with
# stand-ins for dpkg-query (every package missing), id and apt-get (the
# install fails); nothing is installed.
# Arguments: <tools/setup.sh>
set -euo pipefail
setup=$(readlink -f "$1")
work=$(mktemp -d "${TEST_TMPDIR:-/tmp}/setup_logs.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

mkdir -p "$work/ws/tools" "$work/bin"
cp "$setup" "$work/ws/tools/setup.sh"
printf '#!/bin/sh\nexit 1\n' > "$work/bin/dpkg-query"
printf '#!/bin/sh\necho 0\n' > "$work/bin/id"
printf '#!/bin/sh\ncase " $* " in *" install "*) echo "E: a stand-in install failure"; exit 100 ;; esac\nexit 0\n' \
  > "$work/bin/apt-get"
chmod +x "$work/bin/"*
if PATH="$work/bin:$PATH" bash "$work/ws/tools/setup.sh" > "$work/out.log" 2>&1; then
  cat "$work/out.log" >&2
  fail "setup passed with a failing apt-get"
fi
log="$work/ws/.setup-logs/apt.log"
grep -qF "(log: $log)" "$work/out.log" || { cat "$work/out.log" >&2; fail "the failure does not name $log"; }
grep -qF "E: a stand-in install failure" "$log" || fail "$log does not hold apt-get's output"
grep -q '/tmp/setup-' "$work/out.log" && fail "a log under /tmp is named: $(grep '/tmp/setup-' "$work/out.log")"
echo "ok: $(grep -F "(log: " "$work/out.log")"
echo "PASS: setup.sh logs to <workspace>/.setup-logs and names the log of a failed install"
