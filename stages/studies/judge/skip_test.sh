#!/usr/bin/env bash
# Stands in for a real-data test when JUDGE_DATA_DIR is not set.
echo "SKIPPED: JUDGE_DATA_DIR is not set ($1); export JUDGE_DATA_DIR=<dir> or pass --repo_env=JUDGE_DATA_DIR=<dir> to Bazel to run it (docs/judge.md)"
exit 0
