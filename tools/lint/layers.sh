#!/usr/bin/env bash
# The layer check of the lint gate: for each layer of tools/lint/layers.tsv,
# `bazel query` lists every workspace target its packages depend on and every
# .bzl file they load (buildfiles), and each must belong to a layer the row
# allows. A package no row names (//reports, //tests, the other //tools
# packages) is above every layer. Prints one line per violation:
#   layers: <layer> uses <label> (layer <its layer>; allowed: <list>)
# and exits 1 when there is any, 2 when a query fails, 0 otherwise.
#
#   tools/lint/layers.sh [<layers.tsv>]
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
table="${1:-tools/lint/layers.tsv}"

# layer_of <package>: the layer of the longest folder prefix, or "above".
layer_of() {
  awk -F'\t' -v pkg="$1" '
    /^#/ || NF < 3 { next }
    { n = split($2, folders, " ")
      for (i = 1; i <= n; i++) {
        f = folders[i]
        if ((pkg == f || index(pkg, f "/") == 1) && length(f) > best) { best = length(f); layer = $1 }
      } }
    END { print (layer == "" ? "above" : layer) }' "$table"
}

# reached <query expression>: the workspace labels a layer reaches.
reached() {
  local out
  out=$(bazel query --noshow_progress "deps($1) + buildfiles(deps($1))" 2> /dev/null) || return 1
  grep '^//' <<< "$out" | sort -u
}

status=0
while IFS=$'\t' read -r layer folders allowed; do
  case "$layer" in '#'* | '') continue ;; esac
  read -ra folder_list <<< "$folders"
  patterns=$(printf '//%s/...:* + ' "${folder_list[@]}")
  labels=$(reached "${patterns% + }") || { echo "layers: bazel query of layer $layer failed (run it: bazel query 'deps(${patterns% + })')" >&2; exit 2; }
  # One layer lookup per package, then every label of a package not allowed.
  while read -r pkg; do
    [ -n "$pkg" ] || continue
    used=$(layer_of "$pkg")
    case " $allowed " in
      *" $used "*) ;;
      *)
        grep "^//$pkg:" <<< "$labels" | sed "s|^|layers: $layer uses |; s|\$| (layer $used; allowed: $allowed)|"
        status=1
        ;;
    esac
  done < <(sed 's|^//||; s|:.*||' <<< "$labels" | sort -u)
done < "$table"
exit "$status"
