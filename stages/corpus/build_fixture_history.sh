#!/usr/bin/env bash
# Builds the E04 fixture's git repository from its authored history.
#
#   build_fixture_history.sh <history.txt> <src dir> <out git dir>
#
# history.txt is a list of commit blocks (lines starting with '#' are comments):
#   commit <step>               starts a commit; its files come from <src dir>/<step>/
#   author <Name> <<email>>     author and committer
#   date <ISO 8601>             author and committer date
#   message <one line>          commit message
#   put <path>                  add or replace <path> with <src dir>/<step>/<path>
#   delete <path>               remove <path>
#   drop-blob <path>            after the build, delete the object of <path> as of
#                               this commit: a blob missing from the clone, as in
#                               some old GitLab Runner commits
#   end                         writes the commit (parent: the previous one)
# Only plumbing is used (hash-object, update-index, write-tree, commit-tree), every
# file is mode 100644 and the environment is fixed, so the commit ids depend on
# nothing but the history and the files. Prints "<step><TAB><commit id>" lines.
set -euo pipefail

if (($# != 3)); then
  echo "usage: build_fixture_history.sh <history.txt> <src dir> <out git dir>" >&2
  exit 2
fi
history=$1
src=$2
out=$3

export LC_ALL=C TZ=UTC
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null HOME=/nonexistent
unset GIT_WORK_TREE GIT_OBJECT_DIRECTORY GIT_ALTERNATE_OBJECT_DIRECTORIES

rm -rf "$out"
git init -q --bare "$out"
out=$(cd "$out" && pwd)
export GIT_DIR="$out" GIT_INDEX_FILE="$out/fixture.index"

die() {
  echo "$history:$lineno: $*" >&2
  exit 1
}

parent=""
step=""
author=""
date=""
msg=""
in_commit=0
drops=()
drop_oids=()
lineno=0
while IFS= read -r line || [[ -n $line ]]; do
  lineno=$((lineno + 1))
  [[ -z ${line//[[:space:]]/} || $line == \#* ]] && continue
  key=${line%% *}
  val=""
  [[ $line == *" "* ]] && val=${line#* }
  case $key in
    commit)
      ((in_commit == 0)) || die "'commit' inside an open commit block"
      [[ -n $val ]] || die "'commit' needs a step name"
      step=$val
      author=""
      date=""
      msg=""
      in_commit=1
      ;;
    author | date | message | put | delete | drop-blob)
      ((in_commit == 1)) || die "'$key' outside a commit block"
      [[ -n $val ]] || die "'$key' needs a value"
      case $key in
        author) author=$val ;;
        date) date=$val ;;
        message) msg=$val ;;
        put)
          f="$src/$step/$val"
          [[ -f $f ]] || die "put $val: no file $step/$val under the fixture's src/"
          oid=$(git hash-object -w --no-filters "$f")
          git update-index --add --cacheinfo "100644,$oid,$val"
          ;;
        delete) git update-index --force-remove "$val" ;;
        drop-blob) drops+=("$val") ;;
      esac
      ;;
    end)
      ((in_commit == 1)) || die "'end' outside a commit block"
      [[ -n $author && -n $date && -n $msg ]] || die "commit $step needs author, date and message"
      [[ $author =~ ^(.+)\ \<(.+)\>$ ]] || die "author must be 'Name <email>'"
      name=${BASH_REMATCH[1]}
      email=${BASH_REMATCH[2]}
      tree=$(git write-tree)
      commit=$(GIT_AUTHOR_NAME=$name GIT_AUTHOR_EMAIL=$email GIT_AUTHOR_DATE=$date \
        GIT_COMMITTER_NAME=$name GIT_COMMITTER_EMAIL=$email GIT_COMMITTER_DATE=$date \
        git commit-tree "$tree" ${parent:+-p "$parent"} -m "$msg")
      printf '%s\t%s\n' "$step" "$commit"
      for p in "${drops[@]+"${drops[@]}"}"; do
        oid=$(git rev-parse "$commit:$p") || die "drop-blob $p: not in commit $step"
        drop_oids+=("$oid")
      done
      drops=()
      parent=$commit
      in_commit=0
      ;;
    *) die "unknown directive '$key'" ;;
  esac
done <"$history"
((in_commit == 0)) || die "last commit block has no 'end'"
[[ -n $parent ]] || die "no commit"
git update-ref refs/heads/main "$parent"
git symbolic-ref HEAD refs/heads/main
rm -f "$GIT_INDEX_FILE"
for oid in "${drop_oids[@]+"${drop_oids[@]}"}"; do
  rm -f "$out/objects/${oid:0:2}/${oid:2}"
done
