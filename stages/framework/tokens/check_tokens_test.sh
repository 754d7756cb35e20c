#!/usr/bin/env bash
# Test wrapper: check_tokens <frozen> <generated> <report> <refreeze hint>
# [<explain hint>]. A <frozen> that does not exist means that no frozen file is
# committed yet. When the check fails, the explain command is named: it says
# what moved since the frozen state and why.
if [[ ! -e "$2" ]]; then
  echo "FAIL: no frozen tokens are committed for $4; run \`$5\`, review the new file and commit it" >&2
  exit 1
fi
explain="${6:-}"
(($# >= 6)) && set -- "${@:1:5}"
"$@" && exit 0
status=$?
if [[ -n $explain ]]; then
  echo "To see what moved and why: $explain" >&2
fi
exit "$status"
