#!/usr/bin/env bash
# Runs a Python unittest file with the project's Python.
# Arguments: <python> <test.py>
set -euo pipefail
exec "$1" -B "$2" -v
