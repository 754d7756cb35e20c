#!/usr/bin/env bash
# Test wrapper: check_tokens <frozen> <generated> <report> <refreeze hint>.
exec "$@"
