#!/usr/bin/env bash
# Runs worker_test.py (the bot of tools/cluster/worker.py against a fake
# BuildGrid) under the cluster's Python, .venv-buildgrid of the workspace,
# which has grpc and BuildGrid's generated protos. The test is "local": the
# workspace is found through this script's runfiles symlink. Skipped, saying
# so, when the cluster is not installed (tools/setup.sh --cluster).
# Arguments: <worker_test.py>
set -euo pipefail
test_py=$(readlink -f "$1")
root=$(cd "$(dirname "$test_py")/../.." && pwd -P)
python="$root/.venv-buildgrid/bin/python"
if [ ! -x "$python" ]; then
  echo "SKIPPED: BuildGrid is not installed in $root/.venv-buildgrid: run tools/setup.sh --cluster"
  exit 0
fi
exec "$python" -B "$test_py" -v
