#!/usr/bin/env bash
# docs/languages.md's table of each language holds exactly the values of the
# language's rules.textproto (docs_table_check.py says which fields).
set -euo pipefail
exec python3 "$@"
