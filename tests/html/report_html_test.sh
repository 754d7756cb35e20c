#!/usr/bin/env bash
# report.html in a real browser: check_pages.mjs loads each report given (as
# "<grid|page>:<name>=<runfiles path of the report directory>"; a leading
# "--serve=<port>" is passed on: a loopback server that fails the test on any
# request it gets) in Debian's headless
# Chromium, driven by playwright-core from tools/browser/node_modules
# (tools/setup.sh); no console error, no page error, no request outside the
# file, every element of its kind present. The screenshots are test outputs
# (bazel-testlogs/<package>/<test>/test.outputs/).
set -euo pipefail
self=$(readlink -f "$0")
root=$(cd "$(dirname "$self")/../.." && pwd -P)
modules="$root/tools/browser/node_modules"
[ -d "$modules/playwright-core" ] || { echo "FAIL: $modules/playwright-core is missing: run tools/setup.sh" >&2; exit 1; }
[ -x /usr/bin/chromium ] || { echo "FAIL: /usr/bin/chromium is missing: run tools/setup.sh" >&2; exit 1; }
out="${TEST_UNDECLARED_OUTPUTS_DIR:?run me with bazel test}"
serve=()
case "${1:-}" in --serve=*) serve=("$1"); shift ;; esac
pages=()
for spec in "$@"; do pages+=("${spec%%=*}=${spec#*=}/report.html"); done
BROWSER_MODULES="$modules" HOME="${TEST_TMPDIR:?}" exec node "$(dirname "$self")/check_pages.mjs" \
  "${serve[@]}" "$out" "${pages[@]}"
