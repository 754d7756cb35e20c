#!/usr/bin/env bash
# Bad experiment files and task sets stop only their own targets, each
# naming file and field, while every other report, the libraries and
# `bazel query` still load (nested Bazel in a workspace copy; analysis only,
# nothing is compiled). All the bad inputs are present at once:
#  1. two experiments that declare one task set differently: the field that
#     differs, with both values;
#  2. a `tasks` label to a missing file (once Bazel's bare "Not a regular
#     file");
#  3. a `tasks` label into a package that is a symlink out of the workspace
#     (once accepted: the check read only the label's text);
#  4. an experiment file that is not a valid text proto;
#  5. s001_depths: [1, 2147483648] (once a WORKSPACE load error that stopped
#     every command, naming neither file nor field);
#  6. a JSON Lines task file with a trailing comma, a duplicate key, two
#     objects on a line, a byte order mark and a missing fix_commit (once
#     Starlark's json.decode errors without file or line, and an error of
#     the history extraction): each as <file>:<line>, before any git call;
#  7. a task lock that is a symlink into the output base (once it disabled
#     the lock gate: the derivation was compared with itself);
#  8. a relative clone path: one set's fetch error (once it stopped every
#     target of //reports, w04 and judge included);
#  9. an annotated tag's id as fix_commit (once "not in the clone; fetch it"),
#     as base_commit (and so as the derived LSA training commit; once "not in
#     the clone" too), and a root commit as fix_commit (once an error naming
#     the placeholder missing_<id>_k1);
# 10. task_set.languages naming no language folder, and a name that is not
#     one (it reaches a label and the history extraction);
# 11. an explicit base_commit that is not an ancestor of its fix_commit;
# 12. exclude_tasks: an entry without a reason, and a task excluded twice;
# 13. the prose a report shows: an ESC in the title and a 10 MB
#     exclude_tasks reason (once raw in report.md and the SVGs, and 4 minutes
#     of every fetch), a BEL in a harness's description.
# 14. many repositories: a task whose repo is not its set's; a set whose
#     clone is not in the directory of clones; clones_dir_env without a
#     repo; two sets of one experiment that share a task id.
# The refreeze commands of a bad set or experiment print the errors under
# `bazel run` as under `bazel build` (once only "Cannot run target ...: Not
# executable").
# And a plain `bazel sync` (no --only) passes offline, with all of the above
# present (it once stopped, rc 7, downloading Bazel's own JDKs and rules_proto).
set -euo pipefail
# shellcheck source=tests/remote_cache/nested_bazel.sh
source "$(dirname "$(readlink -f "$0")")/../remote_cache/nested_bazel.sh"
nb_init
copy="$NB_WORK/ws"
nb_copy_workspace "$copy"
exp="$copy/data/experiments"

experiment() {  # experiment <name> <task set name> <tasks label>: a copy of e04_fixture
  sed -e "s|^name: \"e04_fixture\"|name: \"$1\"|" -e "s|^  name: \"e04_fixture\"|  name: \"$2\"|" \
    -e "s|^  tasks: .*|  tasks: \"$3\"|" "$exp/e04_fixture.textproto" > "$exp/$1.textproto"
}

# A fixture task set of its own in data/zz_<name>/ (tasks.<ext> and BUILD).
task_set_dir() {  # task_set_dir <name> <ext>: prints the tasks label
  mkdir -p "$copy/data/$1"
  echo 'exports_files(glob(["*"]))' > "$copy/data/$1/BUILD"
  echo "//data/$1:tasks.$2"
}

experiment zz_conflict e04_fixture //data/e04/tasks:tasks.textproto
experiment zz_missing zz_missing_set //data/e04/fixture:no_such_tasks.textproto
mkdir -p "$NB_WORK/outside"
cp "$copy/data/e04/fixture/tasks.textproto" "$NB_WORK/outside/tasks.textproto"
echo 'exports_files(["tasks.textproto"])' > "$NB_WORK/outside/BUILD"
ln -s "$NB_WORK/outside" "$copy/data/outside"
experiment zz_outside zz_outside_set //data/outside:tasks.textproto
echo 'name: "zz_bad" title: oops' > "$exp/zz_bad.textproto"
experiment zz_depth zz_depth_set //data/e04/fixture:tasks.textproto
sed -i 's/^s001_depths: 1$/s001_depths: [1, 2147483648]/' "$exp/zz_depth.textproto"

fix=$(grep -m1 -o 'fix_commit: "[0-9a-f]*"' "$copy/data/e04/fixture/tasks.textproto" | cut -d'"' -f2)
experiment zz_jsonl zz_jsonl "$(task_set_dir zz_jsonl jsonl)"
{
  printf '\xef\xbb\xbf{"id":"A1","query":"q","fix_commit":"%s"}\n' "$fix"
  printf '{"id":"A2","query":"q","fix_commit":"%s",}\n' "$fix"
  printf '{"id":"A3","id":"A4","query":"q","fix_commit":"%s"}\n' "$fix"
  printf '{"id":"A5","query":"q","fix_commit":"%s"}{"id":"A6"}\n' "$fix"
  printf '{"id":"A7","query":"q"}\n'
} > "$copy/data/zz_jsonl/tasks.jsonl"

experiment zz_lock zz_lock "$(task_set_dir zz_lock textproto)"
cp "$copy/data/e04/fixture/tasks.textproto" "$copy/data/zz_lock/tasks.textproto"
cp "$copy/data/e04/fixture/tasks.lock.textproto" "$NB_WORK/outside/derived.lock.textproto"
ln -s "$NB_WORK/outside/derived.lock.textproto" "$copy/data/zz_lock/tasks.lock.textproto"

# An annotated tag's id as fix_commit, in a clone of the fixture history.
tag_git="$NB_WORK/tagged.git"
bash "$copy/stages/corpus/build_fixture_history.sh" "$copy/data/e04/fixture/history.txt" \
  "$copy/data/e04/fixture/src" "$tag_git" > "$NB_WORK/tagged_ids.tsv"
git -C "$tag_git" -c user.name=t -c user.email=t@t tag -a -m "a release" v1 "$fix"
tag=$(git -C "$tag_git" rev-parse v1)
experiment zz_tag zz_tag "$(task_set_dir zz_tag jsonl)"
sed -i -e 's|^    fixture_history: .*|    clone_env: "ZZ_TAG_GIT"|' -e '/frozen_snapshot_hashes/d' "$exp/zz_tag.textproto"
root=$(sed -n 's/^c01-import\t//p' "$NB_WORK/tagged_ids.tsv")
later_fix=$(grep -o 'fix_commit: "[0-9a-f]*"' "$copy/data/e04/fixture/tasks.textproto" | tail -1 | cut -d'"' -f2)
{
  printf '{"id":"G1","query":"q","fix_commit":"%s"}\n' "$tag"
  printf '{"id":"G2","query":"q","fix_commit":"%s","base_commit":"%s"}\n' "$later_fix" "$tag"
  printf '{"id":"G3","query":"q","fix_commit":"%s"}\n' "$root"
} > "$copy/data/zz_tag/tasks.jsonl"

# An explicit base_commit that is not an ancestor of the fix: a later fix.
experiment zz_base zz_base "$(task_set_dir zz_base jsonl)"
later=$(grep -o 'fix_commit: "[0-9a-f]*"' "$copy/data/e04/fixture/tasks.textproto" | tail -1 | cut -d'"' -f2)
printf '{"id":"B1","query":"q","fix_commit":"%s","base_commit":"%s"}\n' "$fix" "$later" > "$copy/data/zz_base/tasks.jsonl"

experiment zz_kinds e04_fixture //data/e04/fixture:tasks.textproto
printf 'conditions: "S009"\nconditions: "S004"\n' >> "$exp/zz_kinds.textproto"

experiment zz_exclude e04_fixture //data/e04/fixture:tasks.textproto
printf 'exclude_tasks { task: "F01" reason: " " }\nexclude_tasks { task: "F02" reason: "r" }\nexclude_tasks { task: "F02" reason: "r" }\n' >> "$exp/zz_exclude.textproto"

experiment zz_cobol zz_cobol //data/e04/fixture:tasks.textproto
sed -i 's|^  frozen_snapshot_hashes: .*|  languages: "cobol"\n  languages: "Go Lang"|' "$exp/zz_cobol.textproto"

experiment zz_clone zz_clone //data/e04/fixture:tasks.textproto
sed -i -e 's|^    fixture_history: .*|    clone_env: "ZZ_CLONE_GIT"|' -e '/frozen_snapshot_hashes/d' "$exp/zz_clone.textproto"

experiment zz_prose e04_fixture //data/e04/fixture:tasks.textproto
sed -i 's|^title: .*|title: "Fixture\\033[2J"|' "$exp/zz_prose.textproto"
printf 'exclude_tasks { task: "F01" reason: "%s" }\n' "$(head -c 10000000 /dev/zero | tr '\0' r)" >> "$exp/zz_prose.textproto"
experiment zz_describe e04_fixture //data/e04/fixture:tasks.textproto
mkdir -p "$copy/data/zz_describe"
echo 'exports_files(glob(["*"]))' > "$copy/data/zz_describe/BUILD"
sed 's|^description: .*|description: "BM25\\007"|' "$copy/data/harnesses/H000.textproto" > "$copy/data/zz_describe/H000.textproto"
sed -i 's|//data/harnesses:H000.textproto|//data/zz_describe:H000.textproto|' "$exp/zz_describe.textproto"

# Many repositories: a directory of clones (docs/tasks.md, "Many repositories").
mkdir -p "$NB_WORK/clones"
ln -s "$tag_git" "$NB_WORK/clones/example-org__runner.git"
repo_set() {  # repo_set <set name> <repo> <task line>: a task_set block of a clones_dir_env set
  local repo=""
  printf '%s\n' "$3" > "$copy/data/$1/tasks.jsonl"
  if [ -n "$2" ]; then repo="  repo: \"$2\""; fi
  printf 'task_set {\n  name: "%s"\n  tasks: "//data/%s:tasks.jsonl"\n  source {\n    clones_dir_env: "ZZ_REPOS"\n  }\n%s\n}\n' \
    "$1" "$1" "$repo"
}
many() {  # many <experiment> <task_set block>...: an experiment over the given sets
  local name=$1
  shift
  { printf 'name: "%s"\ntitle: "many"\n' "$name"; printf '%s\n' "$@"
    printf 'harnesses: "//data/harnesses:H000.textproto"\n'; } > "$exp/$name.textproto"
}
task_set_dir zz_repo_a jsonl > /dev/null
task_set_dir zz_repo_b jsonl > /dev/null
task_set_dir zz_repo_c jsonl > /dev/null
many zz_repos "$(repo_set zz_repo_a example-org/runner "{\"id\":\"R1\",\"repo\":\"other-org/other\",\"query\":\"q\",\"fix_commit\":\"$fix\"}")" \
  "$(repo_set zz_repo_b example-org/missing "{\"id\":\"R2\",\"query\":\"q\",\"fix_commit\":\"$fix\"}")"
many zz_norepo "$(repo_set zz_repo_c "" "{\"id\":\"R3\",\"query\":\"q\",\"fix_commit\":\"$fix\"}")"
fixture_set() {  # fixture_set <set name>: a task_set block of an e04 fixture set with task D1
  task_set_dir "$1" jsonl > /dev/null
  printf '{"id":"D1","query":"q","fix_commit":"%s"}\n' "$fix" > "$copy/data/$1/tasks.jsonl"
  printf 'task_set {\n  name: "%s"\n  tasks: "//data/%s:tasks.jsonl"\n  source {\n    fixture_history: "//data/e04/fixture:history.txt"\n  }\n}\n' "$1" "$1"
}
many zz_dup "$(fixture_set zz_dup_a)" "$(fixture_set zz_dup_b)"

nb_bazel_cmd "$copy" errors "$NB_WORK/sync.log" sync --only=experiments
# The clone variable reaches the history repository through the client env.
export ZZ_CLONE_GIT=relative/clone.git ZZ_TAG_GIT="$tag_git" ZZ_REPOS="$NB_WORK/clones"

# expect_error <case> <target> <expected message part>... [-- run]: analysing
# only the target fails, with every part in the message; with "-- run",
# `bazel run` of the target fails so.
expect_error() {
  local name=$1 target=$2 log="$NB_WORK/$1.log" want command=(build --nobuild)
  local wants=()
  shift 2
  while (($#)); do
    if [ "$1" = -- ]; then command=("$2"); break; fi
    wants+=("$1")
    shift
  done
  if (nb_bazel_cmd "$copy" errors "$log" "${command[@]}" "$target") 2>/dev/null; then
    nb_fail "$name: $target was accepted"
  fi
  for want in "${wants[@]}"; do
    grep -qF -- "$want" "$log" || { tail -30 "$log" >&2; nb_fail "$name: expected '$want'"; }
  done
  nb_log "ok: $name: $(grep -F -- "${wants[0]}" "$log" | head -1 | sed 's/^ *//')"
}

expect_error conflict //reports:zz_conflict \
  "data/experiments/zz_conflict.textproto: task set \"e04_fixture\" is declared differently in data/experiments/e04_fixture.textproto (experiments that name one set must agree on every field): field task_set.tasks: \"//data/e04/tasks:tasks.textproto\" here, \"//data/e04/fixture:tasks.textproto\" in data/experiments/e04_fixture.textproto"
expect_error missing //reports:zz_missing \
  "data/experiments/zz_missing.textproto, field task_set.tasks: expected an existing file, found none at //data/e04/fixture:no_such_tasks.textproto"
expect_error outside //reports:zz_outside_tokens_test \
  "data/experiments/zz_outside.textproto, field task_set.tasks: expected a file inside the workspace, found //data/outside:tasks.textproto resolving outside it (a symlink)"
expect_error invalid_file //reports:zz_bad "data/experiments/zz_bad.textproto: not a valid repro.experiments.Experiment text proto"
expect_error depth //reports:zz_depth \
  "data/experiments/zz_depth.textproto, field s001_depths[1]: expected an integer in [1, 100000], found 2147483648"
expect_error jsonl //reports:zz_jsonl \
  "data/zz_jsonl/tasks.jsonl:1: the file starts with a UTF-8 byte order mark" \
  "data/zz_jsonl/tasks.jsonl:2: not valid JSON: Expecting property name enclosed in double quotes at column" \
  "data/zz_jsonl/tasks.jsonl:3: key \"id\" appears twice in the object" \
  "data/zz_jsonl/tasks.jsonl:4: expected one JSON object a line, found more after column" \
  "data/zz_jsonl/tasks.jsonl:5: task A7 (tasks[1]), field fix_commit: expected exactly one of fix_commit (a commit id) and patch (a unified diff), found neither"
lock_error="data/zz_lock/tasks.lock.textproto (the task lock of data/zz_lock/tasks.textproto): expected a regular file, found a symlink"
expect_error lock //reports:zz_lock_tasks_refreeze "$lock_error"
expect_error lock_run //reports:zz_lock_tasks_refreeze "$lock_error" -- run
expect_error depth_pins_run //reports:zz_depth_pins_refreeze "field s001_depths[1]: expected an integer" -- run
expect_error clone //reports:zz_clone "ZZ_CLONE_GIT=relative/clone.git: give the absolute path of the clone"
expect_error languages //reports:zz_cobol \
  "data/experiments/zz_cobol.textproto, field task_set.languages: expected a language folder of stages/corpus/languages (go, java, javascript, python, ruby, rust), found \"cobol\"" \
  "data/experiments/zz_cobol.textproto, field task_set.languages: expected a language folder's name ([a-z][a-z0-9_]{0,29}), found \"Go Lang\""
expect_error base //reports:zz_base \
  "data/zz_base/tasks.jsonl:1: task B1, field base_commit: expected an ancestor of fix_commit $fix (a fix that spans several commits is \`git diff base_commit fix_commit\`), found $later, which is not (git merge-base --is-ancestor $later $fix fails)"
expect_error kinds //reports:zz_kinds \
  "data/experiments/zz_kinds.textproto, field conditions[2]: expected an optional condition kind of stages/grid/conditions.bzl (S003, S004), found \"S009\"" \
  "data/experiments/zz_kinds.textproto, field conditions[3]: \"S004\" is listed twice"
expect_error exclude //reports:zz_exclude \
  "data/experiments/zz_exclude.textproto, field exclude_tasks[0].reason: expected why task F01 is left out, found none" \
  "data/experiments/zz_exclude.textproto, field exclude_tasks[2].task: task F02 is excluded twice"
expect_error prose //reports:zz_prose \
  "data/experiments/zz_prose.textproto, field title: control character U+001B at byte 7 (authored text may hold tab and newline, no other control character)" \
  "data/experiments/zz_prose.textproto, field exclude_tasks[0].reason: expected at most 1000 bytes, found more (10000000 characters"
expect_error description //reports:zz_describe \
  "//data/zz_describe:H000.textproto, field description: control character U+0007 at byte 4"
expect_error tag //reports:zz_tag \
  "data/zz_tag/tasks.jsonl:1: task G1, field fix_commit: $tag is an annotated tag of commit $fix, not a commit; give the commit's id (git rev-parse $tag^{commit})" \
  "data/zz_tag/tasks.jsonl:2: task G2, field base_commit: $tag is an annotated tag of commit $fix, not a commit; give the commit's id (git rev-parse $tag^{commit})" \
  "data/zz_tag/tasks.jsonl:3: task G3, field fix_commit: expected a commit with a parent (base_commit = fix_commit~1), found $root, which has none in the clone"
expect_error repos //reports:zz_repos \
  "data/zz_repo_a/tasks.jsonl:1: task R1 (tasks[0]), field repo: expected \"example-org/runner\", the task set's repo (task_set.repo), found \"other-org/other\"" \
  "ZZ_REPOS=<the directory you gave>: task set zz_repo_b, field task_set.repo: expected a clone of example-org/missing named example-org__missing.git in it, found none"
expect_error norepo //reports:zz_norepo \
  "data/experiments/zz_norepo.textproto, field task_set.repo: expected <owner>/<name> (source.clones_dir_env names a directory of <owner>__<name>.git clones), found none"
expect_error dup //reports:zz_dup \
  "task set zz_dup_b (//data/zz_dup_b:tasks.jsonl), task D1: field id: expected an id unique across the experiment's task sets, found the id of a task of set zz_dup_a"
if grep -q "missing_[0-9a-f]\{12\}_k" "$NB_WORK/tag.log"; then nb_fail "tag: a placeholder id in the errors: $(grep -m1 "missing_" "$NB_WORK/tag.log")"; fi

# Everything else loads and analyses: the other reports, the libraries, a query.
nb_bazel_cmd "$copy" errors "$NB_WORK/others.log" build --nobuild //reports:w04 //reports:e04_fixture //reports:judge_fixture
libraries="//stages/corpus/... + //stages/retrieval/... + //stages/framework/metrics/... + //stages/framework/stats/..."
libraries+=" + //stages/framework/pipeline/... + //stages/framework/schemas/... + //stages/framework/report/..."
nb_bazel_cmd "$copy" errors "$NB_WORK/libraries.log" query "deps($libraries)" --output=package
nb_bazel_cmd "$copy" errors "$NB_WORK/query.log" query //reports:all
nb_bazel_cmd "$copy" errors "$NB_WORK/plain_sync.log" sync
nb_log "ok: the other reports, $(grep -c '^stages/' "$NB_WORK/libraries.log") library packages and //reports:all load; a plain sync passes"
echo "PASS: bad experiments and task sets stop only their own targets, naming file and field"
