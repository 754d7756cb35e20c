#!/usr/bin/env bash
# Stub of a real-corpus test when its history is not configured: says so
# visibly and passes. Argument: the reason and how to configure it.
echo "SKIPPED: $1"
echo "SKIPPED: $TEST_TARGET did not check anything."
exit 0
