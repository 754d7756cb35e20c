#!/usr/bin/env bash
# .ci/real_histories.sh <tar dir> <scratch dir>: makes the real histories of
# .ci/real_histories.tsv available to the build, as a user's clones are.
#
# For each row whose tar is in <tar dir>: checks the tar's sha256 against the
# table, extracts it into <scratch dir>/<sha256>/ (reused when an earlier run
# finished extracting that digest), and prints "<variable>=<absolute path of
# the bare repository>" on stdout, one line a row. A row whose tar is absent
# prints nothing (its tests then say SKIPPED). An extraction goes to a
# temporary directory and is renamed into place only when complete, so no
# half-extracted repository is ever reused.
#
# Exit status: 0, or 1 naming the tar, the expected and the found digest (or
# the directory the tar failed to create); nothing is printed for any row then.
set -euo pipefail
die() { echo "real_histories: $*" >&2; exit 1; }
(($# == 2)) || die "usage: .ci/real_histories.sh <tar dir> <scratch dir>"
table="$(dirname "$0")/real_histories.tsv"
tars="$1"
mkdir -p "$2"
scratch="$(cd "$2" && pwd -P)"

# extract <tar> <sha256> <directory>: prints the repository's absolute path.
extract() {
  local tar="$1" sha="$2" dir="$3" tmp
  if [ ! -d "$scratch/$sha/$dir" ]; then
    tmp=$(mktemp -d "$scratch/.extract.XXXXXX")
    tar -C "$tmp" --no-same-owner -xf "$tar" || { rm -rf "$tmp"; die "$tar: tar -x failed"; }
    [ -d "$tmp/$dir" ] || { rm -rf "$tmp"; die "$tar: expected it to create '$dir/', it did not"; }
    rm -rf "${scratch:?}/$sha"
    mv "$tmp" "$scratch/$sha"
  fi
  git --git-dir="$scratch/$sha/$dir" rev-parse --verify --quiet HEAD > /dev/null \
    || die "$tar: '$scratch/$sha/$dir' is not a git repository with a HEAD"
  echo "$scratch/$sha/$dir"
}

lines=()
while IFS=$'\t' read -r file var dir sha; do
  [[ -z $file || $file == \#* ]] && continue
  [[ $var =~ ^[A-Z][A-Z0-9_]*$ && $dir =~ ^[A-Za-z0-9._-]+$ && $sha =~ ^[0-9a-f]{64}$ ]] \
    || die "$table: row '$file': bad variable, directory or sha256"
  [ -f "$tars/$file" ] || continue
  found=$(sha256sum "$tars/$file" | cut -d' ' -f1)
  [ "$found" = "$sha" ] || die "$tars/$file: sha256 expected $sha, found $found"
  lines+=("$var=$(extract "$tars/$file" "$sha" "$dir")")
done < "$table"
((${#lines[@]} == 0)) || printf '%s\n' "${lines[@]}"
