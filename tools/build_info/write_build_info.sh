#!/usr/bin/env bash
# Writes one report's build-info file (see defs.bzl).
# Usage: write_build_info.sh <out> <stable-status> <volatile-status> <report label> <short_path=path>...
set -euo pipefail
out="$1"; stable="$2"; volatile="$3"; label="$4"; shift 4

value() {  # value <file> <key>: the value of <key>, or "unknown"
  local v
  v=$(sed -n "s/^$2 //p" "$1" | head -n 1)
  echo "${v:-unknown}"
}

ts=$(value "$volatile" BUILD_TIMESTAMP)
when=unknown
[[ "$ts" =~ ^[0-9]+$ ]] && when=$(date -u -d "@$ts" +%Y-%m-%dT%H:%M:%SZ)
{
  echo "# Build information of $label: volatile, never a content-hashed artifact."
  echo "report $label"
  echo "git_commit $(value "$stable" STABLE_GIT_COMMIT)"
  echo "git_tree $(value "$stable" STABLE_GIT_TREE)"
  echo "cache_salt $(value "$stable" STABLE_CACHE_SALT)"
  echo "built_at $when"
  # Sorted by short path (the report's files come as one expanded directory).
  printf '%s\n' "$@" | LC_ALL=C sort | while IFS= read -r pair; do
    short="${pair%%=*}"; path="${pair#*=}"
    echo "artifact $(sha256sum "$path" | cut -d' ' -f1) $short"
  done
} > "$out.tmp"
mv "$out.tmp" "$out"
