#!/usr/bin/env bash
# Builds a crafted git history whose trees hold file names that are not valid
# UTF-8 (git allows any bytes but NUL and '/'; a checked-in fixture cannot
# carry such a name, so it is written here with plumbing).
#
#   build_non_utf8_history.sh <out git dir>
#
# Two commits, each file mode 100644, authors and dates fixed (the ids depend
# on nothing else):
#   c1  a.go                 "package a"
#       l<E9>gacy/caf<E9>.go "package legacy" (Latin-1 bytes: not UTF-8)
#       notes<FF>.txt        not a file of any language
#   c2  a.go changed; the two others as in c1
# Prints "c1<TAB><id>" and "c2<TAB><id>".
set -euo pipefail

if (($# != 1)); then
  echo "usage: build_non_utf8_history.sh <out git dir>" >&2
  exit 2
fi
out=$1

export LC_ALL=C TZ=UTC
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null HOME=/nonexistent
unset GIT_WORK_TREE GIT_OBJECT_DIRECTORY GIT_ALTERNATE_OBJECT_DIRECTORIES
export GIT_AUTHOR_NAME=Fixture GIT_AUTHOR_EMAIL=fixture@example.com
export GIT_COMMITTER_NAME=Fixture GIT_COMMITTER_EMAIL=fixture@example.com
export GIT_AUTHOR_DATE=2020-01-01T00:00:00Z GIT_COMMITTER_DATE=2020-01-01T00:00:00Z

rm -rf "$out"
git init -q --bare "$out"
out=$(cd "$out" && pwd)
export GIT_DIR="$out" GIT_INDEX_FILE="$out/crafted.index"

blob() { printf '%s\n' "$1" | git hash-object -w --stdin; }

# put <content> <path, octal escapes \0nnn as printf %b reads them>: a 100644
# entry in the index.
put() {
  printf '100644 %s\t%b\0' "$(blob "$1")" "$2" | git update-index --add -z --index-info
}

put "package a" "a.go"
put "package legacy" 'l\0351gacy/caf\0351.go'
put "notes" 'notes\0377.txt'
c1=$(git commit-tree "$(git write-tree)" -m "c1: names that are not UTF-8")
put "package a // changed" "a.go"
c2=$(git commit-tree "$(git write-tree)" -p "$c1" -m "c2: a.go changed")
git update-ref refs/heads/main "$c2"
git symbolic-ref HEAD refs/heads/main
rm -f "$GIT_INDEX_FILE"
printf 'c1\t%s\nc2\t%s\n' "$c1" "$c2"
