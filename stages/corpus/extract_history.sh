#!/usr/bin/env bash
# Dumps what the E04 corpus needs from a git repository into plain files.
#
#   extract_history.sh <git dir or work tree> <requests.tsv> <out dir>
#
# Run by the repository rule in history.bzl at fetch time (never by an action).
# It only reads the repository. requests.tsv has lines
#   commit<TAB><id>                     a commit the spec names (any field)
#   snapshot<TAB><id><TAB><refs>        a commit whose corpus is dumped; refs
#                                       ("T01.base_commit,...") name its uses
#   diff<TAB><base id><TAB><fix id>     a fix diff (the fix: a commit, or the
#                                       tree of a patch request before it)
#   patch<TAB><base id><TAB><file>      a task given as a patch: the file
#                                       (patch_requests/<n>.diff, relative to the
#                                       working directory) applied to base's
#                                       tree in a private index
#   ancestor<TAB><id><TAB><depth>        the depth-th first-parent ancestor of id
#                                       (S001 staleness depths)
#   is_ancestor<TAB><base id><TAB><id>  whether base is an ancestor of id (any
#                                       path; an explicit base_commit)
#   time<TAB><id>                       the committer time of id
#   type<TAB><id>                       the type of the object id names
#   extension<TAB><.ext>                a file name ending of the task set's
#                                       languages (their rules files)
#   excluded_directory<TAB><name>       a directory name that keeps a path
#                                       out of the corpus
#   keyframes<TAB><K><TAB><K0>          store snapshots against references
#                                       (below); without it, every one whole
# (a snapshot needs at least one extension) and the output is
#   git_version.txt                   `git --version` (git decides diff bytes)
#   index.tsv                         <commit> <status> <parents...>, sorted;
#                                     status is present | missing; a root
#                                     commit has no parent field
#   commits/<id>/status               "present", or "missing<TAB><refs>"
#   commits/<id>/tree.z               the corpus records of
#                                     git ls-tree -r -z --full-tree <id>
#   commits/<id>/blobs.batch          git cat-file --batch of the blobs of the
#                                     corpus paths: ending in an extension, no
#                                     excluded directory ("<oid> missing" for a
#                                     blob absent from the clone); with a
#                                     reference, only the blobs the reference's
#                                     corpus lacks
#   references.tsv                    <id> <reference id>, sorted: the commit a
#                                     snapshot is stored against (docs/storage.md).
#                                     With generation g (first-parent commits
#                                     before id): none when g is a multiple of
#                                     K0 (a whole keyframe); else the
#                                     first-parent ancestor at generation
#                                     floor(g/K)*K, or g-K when g is a multiple
#                                     of K; none when the clone lacks it. Every
#                                     reference is dumped as a snapshot too
#                                     ("reference of <id>"), and stored the
#                                     same way. The choice depends on the commit
#                                     alone: adding a task changes no other
#                                     commit's reference.
#   diffs/<base>_<fix>/status         "present", or "missing<TAB>base_commit,fix_commit"
#                                     naming the fields whose commit is absent
#   diffs/<base>_<fix>/name_status.z  git diff-tree -r -z --name-status -M base fix
#   diffs/<base>_<fix>/u0.diff        git diff -U0 base fix -- <file>, for every
#                                     `M` row ending in an extension, in row order
#   ancestors.tsv                     <id> <depth> <ancestor id | missing>, one
#                                     line per ancestor request (missing: the
#                                     history is too short, or the clone shallow;
#                                     when id is present a fourth column gives
#                                     the first-parent commits before it)
#   is_ancestor.tsv                   <base id> <id> <yes | no | missing>, one
#                                     line per is_ancestor request (missing:
#                                     either commit is absent; base = id is no)
#   times.tsv                         <id> <committer time, Unix seconds | missing>,
#                                     one line per time request
#   types.tsv                         <id> <commit | tag | tree | blob | missing>
#                                     [<the commit a tag peels to>], one line per
#                                     type request
#   patches.tsv                       <file> <base id> <sha256 of the file>
#                                     <tree id | failed | missing>, one line per
#                                     patch request: the tree of base's tree with
#                                     the patch applied (git read-tree, git apply
#                                     --cached, git write-tree, in a private
#                                     index and object directory, so the clone is
#                                     never written), failed (then
#                                     <out>/<file>.error holds git apply's messages),
#                                     or missing (base is absent)
#   diffs/<base>_<tree>/patch.sha256  for the diff of a patch's tree: the
#                                     sha256 of the patch
# The selection and every interpretation of these bytes happen later, in
# hermetic stage actions (stages/corpus/*_main.cc). Missing objects are data,
# never a failure of this script; a path that is not a git repository is, and
# so is any id that is not 40 lowercase hex characters: every request is
# checked before anything is written (the repository rule checks them first,
# stages/corpus/spec_values.bzl; this is the second line of defence, since
# ids become directory names and git arguments).
set -euo pipefail

if (($# != 3)); then
  echo "usage: extract_history.sh <git dir> <requests.tsv> <out dir>" >&2
  exit 2
fi
src=$1
requests=$2
out=$3

# Git's behaviour must not depend on the user's configuration or environment.
export LC_ALL=C
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null HOME=/nonexistent
export GIT_NO_REPLACE_OBJECTS=1 GIT_NO_LAZY_FETCH=1 GIT_TERMINAL_PROMPT=0
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_OBJECT_DIRECTORY GIT_ALTERNATE_OBJECT_DIRECTORIES

if [[ -e "$src/.git" ]]; then
  gitdir="$src/.git"
else
  gitdir="$src"
fi
g() { git --git-dir="$gitdir" -c protocol.allow=never -c core.quotePath=true "$@"; }
if ! g rev-parse --git-dir >/dev/null 2>&1; then
  echo "not a git repository (bare clone or work tree expected)" >&2
  exit 3
fi

is_hex40() { [[ $1 =~ ^[0-9a-f]{40}$ ]]; }
extensions=()
excluded_directories=()
keyframe_k=0
keyframe_k0=0
snapshots=0
line=0
while IFS=$'\t' read -r kind a b; do
  line=$((line + 1))
  case $kind in
    keyframes)
      if ! [[ $a =~ ^[1-9][0-9]{0,5}$ && $b =~ ^[1-9][0-9]{0,5}$ ]] || ((b % a != 0)); then
        echo "requests.tsv line $line (keyframes): expected K and K0, K0 a multiple of K, found '$a' '$b'; nothing was written" >&2
        exit 2
      fi
      keyframe_k=$a
      keyframe_k0=$b
      continue
      ;;
    extension | excluded_directory)
      if [[ $kind == extension && ! $a =~ ^\.[A-Za-z0-9_+-]+$ ]] \
        || [[ $kind == excluded_directory && ! $a =~ ^[A-Za-z0-9_+-][A-Za-z0-9_.+-]*$ ]]; then
        echo "requests.tsv line $line ($kind): expected a file name ending such as .py or a directory name, found '$a'; nothing was written" >&2
        exit 2
      fi
      if [[ $kind == extension ]]; then extensions+=("$a"); else excluded_directories+=("$a"); fi
      continue
      ;;
    snapshot)
      ids=("$a")
      snapshots=$((snapshots + 1))
      ;;
    commit | time | type) ids=("$a") ;;
    diff | is_ancestor) ids=("$a" "$b") ;;
    patch)
      ids=("$a")
      if ! [[ $b =~ ^patch_requests/[0-9]{1,6}\.diff$ && -f $b ]]; then
        echo "requests.tsv line $line (patch): expected a file patch_requests/<n>.diff, found '$b'; nothing was written" >&2
        exit 2
      fi
      ;;
    ancestor)
      ids=("$a")
      if ! [[ $b =~ ^[1-9][0-9]{0,5}$ ]]; then
        echo "requests.tsv line $line (ancestor): expected a depth of 1-999999, found '$b'; nothing was written" >&2
        exit 2
      fi
      ;;
    "") continue ;;
    *)
      echo "requests.tsv line $line: unknown kind '$kind' (expected commit, snapshot, diff, patch, ancestor, is_ancestor, time, type, extension or excluded_directory); nothing was written" >&2
      exit 2
      ;;
  esac
  for id in "${ids[@]}"; do
    if ! is_hex40 "$id"; then
      echo "requests.tsv line $line ($kind): expected a commit id of 40 lowercase hex characters, found '$id'; nothing was written" >&2
      exit 2
    fi
  done
done <"$requests"
if ((snapshots > 0 && ${#extensions[@]} == 0)); then
  echo "requests.tsv: $snapshots snapshot request(s) and no extension: no file would be in the corpus; nothing was written" >&2
  exit 2
fi

mkdir -p "$out/commits" "$out/diffs"
git --version >"$out/git_version.txt"
: >"$out/ancestors.tsv"
: >"$out/is_ancestor.tsv"
: >"$out/times.tsv"
: >"$out/types.tsv"
: >"$out/patches.tsv"

# status_of <id>: sets $status to present (a commit in the clone) or missing;
# git is asked once per id.
declare -A status_cache=()
status_of() {
  if [[ -z ${status_cache[$1]:-} ]]; then
    if [[ "$(g cat-file -t "$1" 2>/dev/null)" == commit ]]; then
      status_cache[$1]=present
    else
      status_cache[$1]=missing
    fi
  fi
  status=${status_cache[$1]}
}

# has_extension <path>: the path ends in one of the requested extensions.
has_extension() {
  local e
  for e in "${extensions[@]}"; do
    [[ $1 == *"$e" ]] && return 0
  done
  return 1
}

# The corpus rule (kept in step with language_set.cc, which is
# authoritative): regular blobs whose path ends in an extension and has no
# excluded directory. (A path ends in one language's extension; the
# excluded directories of all requested languages apply: a set's languages
# exclude each other's build directories alike.) select_tree keeps the
# records of a `git ls-tree -r -z` stream that are in the corpus, as they
# are; oids_of prints the object id of each record, a line each.
select_tree() {
  local e d alternatives="" directories=""
  for e in "${extensions[@]}"; do
    alternatives+="${alternatives:+|}$(regex_quote "$e")"
  done
  for d in "${excluded_directories[@]}"; do
    directories+="${directories:+|}$(regex_quote "$d")"
  done
  # Records are "<mode> <type> <oid>\t<path>", NUL-terminated (grep -z).
  grep_z -E $'^[0-7]+ blob [0-9a-f]{40}\t.*('"$alternatives"')$' |
    grep_z -vE '^120000 ' |
    if [[ -n $directories ]]; then grep_z -vE $'\t(.*/)?('"$directories"')/'; else cat; fi
}
# grep_z <grep flags...>: grep -z, where no record selected is no error.
grep_z() {
  grep -z "$@" || (($? == 1))
}
oids_of() {
  sed -z 's/^[0-7]* blob \([0-9a-f]*\)\t.*/\1/' | tr '\0' '\n'
}
# regex_quote <name>: the name as an extended regular expression matching
# itself (names are [A-Za-z0-9_.+-], checked above).
regex_quote() {
  local q=${1//./\\.}
  printf '%s' "${q//+/\\+}"
}

# The private index and object directory of the patch requests: git writes
# the trees of applied patches there, reading the clone's objects as an
# alternate. They live in <out>/.patch_index (inside the repository rule's
# directory, never outside the output base) and are removed on exit. gp runs
# git with them.
patch_home=""
declare -A patch_of_tree=()
gp() {
  GIT_INDEX_FILE="$patch_home/index" GIT_OBJECT_DIRECTORY="$patch_home/objects" \
    GIT_ALTERNATE_OBJECT_DIRECTORIES="$clone_objects" g "$@"
}
# apply_patch <base> <file>: appends its patches.tsv line (above).
apply_patch() {
  local base=$1 file=$2 sha tree
  sha=$(sha256sum <"$file" | cut -d' ' -f1)
  status_of "$base"
  if [[ $status != present ]]; then
    printf '%s\t%s\t%s\tmissing\n' "$file" "$base" "$sha" >>"$out/patches.tsv"
    return 0
  fi
  if [[ -z $patch_home ]]; then
    patch_home="$out/.patch_index"
    trap 'rm -rf "$patch_home"' EXIT
    mkdir -p "$patch_home/objects"
    clone_objects=$(cd "$gitdir" && cd "$(g rev-parse --git-path objects)" && pwd)
  fi
  gp read-tree "$base"
  if ! gp apply --cached --whitespace=nowarn "$file" 2>"$out/$file.error"; then
    printf '%s\t%s\t%s\tfailed\n' "$file" "$base" "$sha" >>"$out/patches.tsv"
    return 0
  fi
  rm "$out/$file.error"
  tree=$(gp write-tree)
  patch_of_tree[$tree]=$sha
  printf '%s\t%s\t%s\t%s\n' "$file" "$base" "$sha" "$tree" >>"$out/patches.tsv"
}

declare -A seen_commit=()
index_lines=()
add_index() {
  local c=$1 st parents
  [[ -n ${seen_commit[$c]:-} ]] && return 0
  seen_commit[$c]=1
  status_of "$c"
  st=$status
  if [[ $st == present ]]; then
    # A root commit has no parent field (no trailing tab).
    parents=$(g rev-list --parents -n 1 "$c" | cut -d' ' -f2- -s | tr ' ' '\t')
    index_lines+=("$c	$st${parents:+	$parents}")
  else
    index_lines+=("$c	$st")
  fi
}

# reference_of <id>: sets $reference to the commit id is stored against,
# or "" (stored whole); see references.tsv above.
reference_of() {
  reference=""
  ((keyframe_k > 0)) || return 0
  local gen skip
  gen=$(($(g rev-list --first-parent --count "$1") - 1))
  ((gen % keyframe_k0 != 0)) || return 0
  skip=$((gen % keyframe_k))
  ((skip != 0)) || skip=$keyframe_k
  reference=$(g rev-list --first-parent --max-count=1 --skip="$skip" "$1" 2>/dev/null || true)
}

# dump_snapshot <id> <uses>: commits/<id>/{status,tree.z,blobs.batch}, and
# the same for the commit it is stored against, down the chain.
declare -A dumped=()
pending=()
dump_snapshot() {
  local c=$1 uses=$2 d
  [[ -z ${dumped[$c]:-} ]] || return 0
  dumped[$c]=1
  add_index "$c"
  d="$out/commits/$c"
  mkdir -p "$d"
  status_of "$c"
  if [[ $status != present ]]; then
    printf '%s\t%s\n' "$status" "$uses" >"$d/status"
    : >"$d/tree.z"
    : >"$d/blobs.batch"
    return 0
  fi
  echo present >"$d/status"
  g ls-tree -r -z --full-tree "$c" | select_tree >"$d/tree.z"
  reference_of "$c"
  if [[ -z $reference ]]; then
    oids_of <"$d/tree.z" | g cat-file --batch >"$d/blobs.batch"
    return 0
  fi
  printf '%s\t%s\n' "$c" "$reference" >>"$out/references.unsorted"
  # Only the blobs the reference's corpus lacks (by object id).
  oids_of <"$d/tree.z" | LC_ALL=C sort -u >"$d/oids"
  g ls-tree -r -z --full-tree "$reference" | select_tree | oids_of | LC_ALL=C sort -u >"$d/reference_oids"
  LC_ALL=C comm -23 "$d/oids" "$d/reference_oids" | g cat-file --batch >"$d/blobs.batch"
  rm "$d/oids" "$d/reference_oids"
  pending+=("$reference")
}

: >"$out/references.unsorted"
while IFS=$'\t' read -r kind a b; do
  case $kind in
    commit)
      add_index "$a"
      ;;
    snapshot)
      dump_snapshot "$a" "$b"
      ;;
    patch)
      mkdir -p "$out/patch_requests"
      apply_patch "$a" "$b"
      ;;
    diff)
      add_index "$a"
      d="$out/diffs/${a}_${b}"
      mkdir -p "$d"
      : >"$d/name_status.z"
      : >"$d/u0.diff"
      status_of "$a"
      st_base=$status
      # git of the diff: the private object directory for a patch's tree.
      gd=g
      if [[ -n ${patch_of_tree[$b]:-} ]]; then
        st_fix=present
        gd=gp
        echo "${patch_of_tree[$b]}" >"$d/patch.sha256"
      else
        add_index "$b"
        status_of "$b"
        st_fix=$status
      fi
      if [[ $st_base == present && $st_fix == present ]]; then
        echo present >"$d/status"
        $gd diff-tree -r -z --name-status -M "$a" "$b" >"$d/name_status.z"
        # Rows are "<status>\0<path>\0" (R and C rows carry two paths).
        mapfile -d '' fields <"$d/name_status.z"
        i=0
        while ((i < ${#fields[@]})); do
          st=${fields[i]}
          if [[ $st == R* || $st == C* ]]; then
            i=$((i + 3))
            continue
          fi
          path=${fields[i + 1]}
          i=$((i + 2))
          { [[ $st == M ]] && has_extension "$path"; } || continue
          $gd diff -U0 --no-color --no-ext-diff --no-textconv --diff-algorithm=myers \
            --indent-heuristic --full-index --src-prefix=a/ --dst-prefix=b/ "$a" "$b" -- ":(literal)$path" >>"$d/u0.diff"
        done
      else
        absent=()
        [[ $st_base == present ]] || absent+=(base_commit)
        [[ $st_fix == present ]] || absent+=(fix_commit)
        (IFS=,; printf 'missing\t%s\n' "${absent[*]}") >"$d/status"
      fi
      ;;
    ancestor)
      add_index "$a"
      status_of "$a"
      if [[ $status != present ]]; then
        printf '%s\t%s\tmissing\n' "$a" "$b" >>"$out/ancestors.tsv"
      else
        anc=$(g rev-list --first-parent --max-count=1 --skip="$b" "$a" 2>/dev/null || true)
        if [[ -n $anc ]]; then
          printf '%s\t%s\t%s\n' "$a" "$b" "$anc" >>"$out/ancestors.tsv"
        else
          # The history ends first: the first-parent commits before id.
          before=$(($(g rev-list --first-parent --count "$a") - 1))
          printf '%s\t%s\tmissing\t%s\n' "$a" "$b" "$before" >>"$out/ancestors.tsv"
        fi
      fi
      ;;
    is_ancestor)
      status_of "$a"
      base_status=$status
      status_of "$b"
      if [[ $base_status != present || $status != present ]]; then
        answer=missing
      elif [[ $a != "$b" ]] && g merge-base --is-ancestor "$a" "$b"; then
        answer=yes
      else
        answer=no
      fi
      printf '%s\t%s\t%s\n' "$a" "$b" "$answer" >>"$out/is_ancestor.tsv"
      ;;
    time)
      status_of "$a"
      if [[ $status == present ]]; then
        printf '%s\t%s\n' "$a" "$(g show -s --format=%ct "$a")" >>"$out/times.tsv"
      else
        printf '%s\tmissing\n' "$a" >>"$out/times.tsv"
      fi
      ;;
    type)
      t=$(g cat-file -t "$a" 2>/dev/null || echo missing)
      if [[ $t == tag ]]; then
        printf '%s\ttag\t%s\n' "$a" "$(g rev-parse --verify -q "$a^{commit}" || echo none)" >>"$out/types.tsv"
      else
        printf '%s\t%s\n' "$a" "$t" >>"$out/types.tsv"
      fi
      ;;
    "") ;;
  esac
done <"$requests"

# The references, down every chain (each dumped once).
while ((${#pending[@]} > 0)); do
  next=${pending[-1]}
  unset 'pending[-1]'
  dump_snapshot "$next" "reference"
done
LC_ALL=C sort "$out/references.unsorted" >"$out/references.tsv"
rm "$out/references.unsorted"

printf '%s\n' "${index_lines[@]}" | LC_ALL=C sort >"$out/index.tsv"
