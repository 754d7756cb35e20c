#!/usr/bin/env bash
# Test wrapper: check_tokens <frozen> <generated> <report> <refreeze hint>.
# A <frozen> that does not exist means that no frozen file is committed yet.
if [[ ! -e "$2" ]]; then
  echo "FAIL: no frozen tokens are committed for $4; run \`$5\`, review the new file and commit it" >&2
  exit 1
fi
exec "$@"
