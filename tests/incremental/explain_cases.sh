# shellcheck shell=bash
# shellcheck disable=SC2154  # $copy and $NB_WORK are the sourcing test's
# The cases //tools/explain must get right (docs/explain.md), on the fixture
# grid built by incremental_test.sh in its workspace copy (sourced by it, so
# the builds are shared): each case changes one thing against the state of
# the cold build, rebuilds //reports:e04_fixture, and asserts the exact root
# causes and the exact moved, added and removed token keys that
# `explain <cold state> <report>` prints with --json. The harness case also
# runs `explain --since=HEAD` (stages/inspect/explain/since.sh, which builds the
# report of the cold commit in a temporary worktree) and expects the same.
#
# Uses from the sourcing test: nb_* (nested_bazel.sh), $copy, $NB_WORK and
# build <name>. The copy is made a git repository whose HEAD is the cold
# workspace, so that explain finds the old bytes of a changed file there.

EXPLAIN="${TEST_SRCDIR:?}/${TEST_WORKSPACE:?}/stages/inspect/explain/explain_tool"
[ -x "$EXPLAIN" ] || nb_fail "the explain binary is not in the runfiles"
SINCE="${TEST_SRCDIR:?}/${TEST_WORKSPACE:?}/stages/inspect/explain/since.sh"
[ -f "$SINCE" ] || nb_fail "stages/inspect/explain/since.sh is not in the runfiles"

explain_init() {  # after the cold build: the copy as a git repository, the cold state
  git -C "$copy" init -q
  git -C "$copy" add -A
  git -C "$copy" -c user.name=test -c user.email=test@localhost commit -qm cold
  "$EXPLAIN" --workspace="$copy" --write_state="$NB_WORK/cold.explain.jsonl" "$copy/bazel-bin/reports/e04_fixture" \
    || nb_fail "explain could not write the cold state"
}

explain_revert() {  # the copy's sources back to the cold build's
  git -C "$copy" checkout -q -- .
}

# explain_json <case>: explain --json of the cold state against the current
# report into $NB_WORK/<case>.json; its exit status into $NB_WORK/<case>.rc.
explain_json() {
  local rc=0
  "$EXPLAIN" --workspace="$copy" --json "$NB_WORK/cold.explain.jsonl" "$copy/bazel-bin/reports/e04_fixture" \
    > "$NB_WORK/$1.json" || rc=$?
  echo "$rc" > "$NB_WORK/$1.rc"
}

# explain_summary <case>: one line per root cause ("<kind>: <name>: <details joined by '; '>"),
# then "moved <keys>", "added <keys>", "removed <keys>" (space-separated, sorted).
explain_summary() {
  /usr/bin/python3 - "$NB_WORK/$1.json" <<'PY'
import json, sys
e = json.load(open(sys.argv[1]))
for c in e["root_causes"]:
    print(f'{c["kind"]}: {c["name"]}: {"; ".join(c["details"])}')
for what in ("moved", "added", "removed"):
    print(what, " ".join(sorted(t["key"] for t in e[what])))
PY
}

# explain_where <case>: the localization lines of "where it moved" (the
# file Acc@k groups, docs/explain.md), one per group: "<harness> <condition>
# <metric>: <up> up, <down> down: <moved unit ids>", then one
# "not compared <metric ...>" per metric one run does not record.
explain_where() {
  /usr/bin/python3 - "$NB_WORK/$1.json" <<'PY'
import json, sys
e = json.load(open(sys.argv[1]))
for g in e["where"]:
    if g["metric"].startswith("file_acc_at_"):
        moved = " ".join(sorted(u["cell_id"] for u in g["moved"]))
        print(f'{g["harness"]} {g["condition"]} {g["metric"]}: {g["up"]} up, {g["down"]} down: {moved}')
for m in e["where_not_compared"]:
    print("not compared", m)
PY
}

# explain_where_expect <case> <expected lines>: explain_where of the JSON
# already in $NB_WORK/<case>.json.
explain_where_expect() {
  local got
  got=$(explain_where "$1")
  if [ "$got" != "$2" ]; then
    diff <(echo "$2") <(echo "$got") >&2 || true
    nb_fail "explain case '$1': the file Acc@k moves differ from the expected ones (diff above: < expected, > got)"
  fi
  nb_log "explain case '$1': file Acc@k moves as expected"
}

# explain_expect <case> <expected exit> <expected summary>
explain_expect() {
  explain_json "$1"
  explain_check "$@"
}

# explain_check <case> <expected exit> <expected summary>: of the JSON and
# exit status already in $NB_WORK/<case>.json and .rc.
explain_check() {
  local name="$1" rc="$2" expected="$3" got
  [ "$(cat "$NB_WORK/$name.rc")" = "$rc" ] || nb_fail "explain case '$name': exit $(cat "$NB_WORK/$name.rc"), expected $rc"
  got=$(explain_summary "$name")
  # A rebuilt tool's digests depend on every source it links, so they are
  # checked for change, not spelled: any commit to those sources moves them.
  if grep -qE 'rebuilt: ([0-9a-f]{16}) -> \1$' <<< "$got"; then
    nb_fail "explain case '$name': a tool named as rebuilt kept its digest"
  fi
  got=$(sed -E 's/rebuilt: [0-9a-f]{16} -> [0-9a-f]{16}$/rebuilt: <old digest> -> <new digest>/' <<< "$got")
  if [ "$got" != "$expected" ]; then
    diff <(echo "$expected") <(echo "$got") >&2 || true
    nb_fail "explain case '$name': root causes or token keys differ from the expected ones (diff above: < expected, > got)"
  fi
  nb_log "explain case '$name': as expected"
}

# explain_since_json <case> <rev>: `explain --since=<rev> //reports:e04_fixture
# --json` (stages/inspect/explain/since.sh) in the copy, into $NB_WORK/<case>.json and
# .rc, its stderr in .err. since.sh runs `bazel` as a user would: here a
# wrapper on PATH gives each command the startup flags of this test's output
# base (or of the temporary one since.sh names) and the shared disk cache.
explain_since_json() {
  local name="$1" rev="$2" rc=0 bin="$NB_WORK/since_bin"
  mkdir -p "$bin"
  cat > "$bin/bazel" <<WRAPPER
#!/usr/bin/env bash
set -euo pipefail
NB_WORK='$NB_WORK'
source '$(dirname "$(readlink -f "$0")")/../remote_cache/nested_bazel.sh'
ob='$NB_WORK/ob-inc'
case "\$1" in --output_base=*) ob="\${1#--output_base=}"; shift ;; esac
args=()
for a in "\$@"; do
  case "\$a" in --disk_cache=*) args+=('--disk_cache=$NB_DISK_CACHE') ;; *) args+=("\$a") ;; esac
done
mapfile -t startup < <(nb_server_flags "\$ob")
HOME="\$NB_WORK/home" exec '$(command -v bazel)' "\${startup[@]}" "\${args[@]}"
WRAPPER
  chmod +x "$bin/bazel"
  PATH="$bin:$PATH" BUILD_WORKSPACE_DIRECTORY="$copy" timeout "$NB_BUILD_TIMEOUT_S" \
    "$SINCE" "$EXPLAIN" --since="$rev" //reports:e04_fixture --json > "$NB_WORK/$name.json" 2> "$NB_WORK/$name.err" || rc=$?
  echo "$rc" > "$NB_WORK/$name.rc"
  [ -z "$(ls -d "$NB_WORK/ob-inc"/explain_since.* 2> /dev/null)" ] || nb_fail "explain case '$name': since.sh left its temporary directory"
  [ "$(git -C "$copy" worktree list | wc -l)" = 1 ] || nb_fail "explain case '$name': since.sh left a worktree"
  if [ "$rc" != 1 ]; then tail -n 20 "$NB_WORK/$name.err" >&2; fi
}

# The cases: the expected summary (explain_summary's lines) of each change
# against the cold state, the copy reverted between them.
explain_cases() {
  explain_case_query
  explain_revert
  explain_case_harness
  explain_revert
  explain_case_dose
  explain_revert
  explain_case_comment
  explain_revert
  explain_case_tokenizer
  explain_revert
  # 6. A non-hermetic stage, simulated: one cell's outputs differ in a copy of
  #    the cold state, nothing else of it.
  explain_non_hermetic
}

# 1. One task's query edited (the incremental test's last change, F02).
explain_case_query() {
  explain_expect query 1 "$(cat <<'X'
source file: data/e04/fixture/tasks.textproto: tasks[F02].query: "A deploy job printed our registry password in clear text in its log. It only ha... -> "After the upgrade, A deploy job printed our registry password in clear text in ...
moved F02.H000.S004.rank F02.H000.ranks F02.H008.ranks F02.H010.ranks H000.S001.mrr H000.S002.d1.delta_mrr H000.S002.d1.mrr H000.S002.d10.delta_mrr H000.S002.d10.mrr H000.S002.d5.delta_mrr H000.S002.d5.mrr H000.S003.delta_mrr H000.S003.rank_delta_censored H000.S004.delta_mrr H000.S004.mrr H000.baseline.mrr H008-H000.S002.d5.delta_mrr H008-H000.S003.delta_mrr H008-H000.S004.delta_mrr H008-H000.baseline.mrr H008.S002.d10.delta_mrr H008.S002.d10.mrr H008.S002.d10.rank_delta_censored H008.S002.d5.delta_mrr H008.S002.d5.mrr H008.S002.d5.rank_delta_censored H010-H000.S002.d1.delta_mrr H010-H000.S002.d10.delta_mrr H010-H000.S002.d5.delta_mrr H010-H000.S003.delta_mrr H010-H000.S004.delta_mrr H010-H000.baseline.mrr H010-H008.S002.d10.delta_mrr H010-H008.S002.d5.delta_mrr H010.S002.d10.delta_mrr H010.S002.d10.delta_ndcg_at_10 H010.S002.d10.mrr H010.S002.d10.rank_delta_censored H010.S002.d5.delta_mrr H010.S002.d5.delta_ndcg_at_10 H010.S002.d5.mrr H010.S002.d5.rank_delta_censored all.S001.mrr all.S002.d1.mrr all.S002.d10.delta_mrr all.S002.d10.delta_ndcg_at_10 all.S002.d10.mrr all.S002.d10.rank_delta_censored all.S002.d5.delta_mrr all.S002.d5.delta_ndcg_at_10 all.S002.d5.mrr all.S002.d5.rank_delta_censored all.S003.delta_mrr all.S003.rank_delta_censored all.S004.mrr all.baseline.mrr
added 
removed 
X
)"
  # "Where it moved": F02's new query takes a gold file of F02 out of H010's
  # top 5 at distractor dose 5 (file Acc@5 1 -> 0); no other unit's.
  explain_where_expect query "H010 S002.d5 file_acc_at_5: 0 up, 1 down: F02/H010/S002.d5"
}

# 2. A harness parameter: H008's fusion.rrf_k 60 -> 30.
explain_case_harness() {
  sed -i 's/^  rrf_k: 60$/  rrf_k: 30/' "$copy/data/harnesses/H008.textproto"
  build explain_harness
  # The report describes the harness from its parameters, never the stale
  # authored text (the authored note still says k = 60, marked as such).
  grep -q "^- H008: .*fused by RRF k = 30;" "$copy/bazel-bin/reports/e04_fixture/report.md" \
    || nb_fail "report.md does not describe H008 with its new rrf_k (30)"
  local harness
  harness="$(cat <<'X'
source file: data/harnesses/H008.textproto: fusion.rrf_k: 60 -> 30
moved F03.H008.ranks H008-H000.S002.d10.delta_mrr H008.S002.d10.delta_mrr H008.S002.d10.delta_ndcg_at_10 H008.S002.d10.mrr H008.S002.d10.rank_delta_censored H010-H008.S002.d10.delta_mrr all.S002.d10.delta_mrr all.S002.d10.delta_ndcg_at_10 all.S002.d10.mrr all.S002.d10.rank_delta_censored
added 
removed 
X
)"
  explain_expect harness 1 "$harness"
  # 2b. The same change against the cold commit with --since=HEAD (since.sh:
  #     the report built at HEAD in a temporary worktree): the same summary.
  explain_since_json since_harness HEAD
  explain_check since_harness 1 "$harness"
}

# 3. A new distractor dose (20): its keys added; moved only the per-task rank
# lists (one rank more each) and the cell count. The experiment file is
# named, and the condition table generated from it at analysis.
explain_case_dose() {
  sed -i 's/^s002_doses: \[1, 5, 10\]$/s002_doses: [1, 5, 10, 20]/' "$copy/data/experiments/e04_fixture.textproto"
  build explain_dose
  explain_expect dose 1 "$(cat <<'X'
source file: data/experiments/e04_fixture.textproto (generated as external/experiments/e04_fixture.textproto): s002_doses[3] added: 20
source file: stages/grid/by_experiment/e04_fixture/condition_table.json: a file the build generates without a stage record: bytes 8758a34b19f462f9 -> f6e58e3d49ba18b9
moved F01.H000.ranks F01.H008.ranks F01.H010.ranks F02.H000.ranks F02.H008.ranks F02.H010.ranks F03.H000.ranks F03.H008.ranks F03.H010.ranks grid.cells
added H000.S002.d20.delta_mrr H000.S002.d20.delta_ndcg_at_10 H000.S002.d20.delta_recall_at_10 H000.S002.d20.distractor_outranks_first_gold H000.S002.d20.distractors_in_top10 H000.S002.d20.loss_of_all_top10_gold H000.S002.d20.mrr H000.S002.d20.rank_delta_censored H000.S002.d20.recall_at_10 H000.S002.d20.top10_gold_retention H008-H000.S002.d20.delta_mrr H008.S002.d20.delta_mrr H008.S002.d20.delta_ndcg_at_10 H008.S002.d20.delta_recall_at_10 H008.S002.d20.distractor_outranks_first_gold H008.S002.d20.distractors_in_top10 H008.S002.d20.loss_of_all_top10_gold H008.S002.d20.mrr H008.S002.d20.rank_delta_censored H008.S002.d20.recall_at_10 H008.S002.d20.top10_gold_retention H010-H000.S002.d20.delta_mrr H010-H008.S002.d20.delta_mrr H010.S002.d20.delta_mrr H010.S002.d20.delta_ndcg_at_10 H010.S002.d20.delta_recall_at_10 H010.S002.d20.distractor_outranks_first_gold H010.S002.d20.distractors_in_top10 H010.S002.d20.loss_of_all_top10_gold H010.S002.d20.mrr H010.S002.d20.rank_delta_censored H010.S002.d20.recall_at_10 H010.S002.d20.top10_gold_retention all.S002.d20.delta_mrr all.S002.d20.delta_ndcg_at_10 all.S002.d20.delta_recall_at_10 all.S002.d20.distractor_outranks_first_gold all.S002.d20.distractors_in_top10 all.S002.d20.loss_of_all_top10_gold all.S002.d20.mrr all.S002.d20.rank_delta_censored all.S002.d20.recall_at_10 all.S002.d20.top10_gold_retention
removed 
X
)"
}

# 4. A comment in the task file: no number moves, nothing is printed.
explain_case_comment() {
  sed -i '0,/^tasks {$/s//# A comment changes no number.\ntasks {/' "$copy/data/e04/fixture/tasks.textproto"
  build explain_comment
  explain_expect comment 0 "$(printf 'moved \nadded \nremoved ')"
  [ -z "$("$EXPLAIN" --workspace="$copy" "$NB_WORK/cold.explain.jsonl" "$copy/bazel-bin/reports/e04_fixture")" ] \
    || nb_fail "explain case 'comment': printed something for a change that moved no number"
}

# 5. A tokenizer change (tokens of 2 bytes dropped, in tokenizer.cc) with the
# grid cells' stage version bumped: the version and the rebuilt cell tool
# are named; so are the refrozen model pin and the other stages whose
# tool links the tokenizer and whose outputs changed with no version bump.
explain_case_tokenizer() {
  sed -i 's/^  return token.size() >= static_cast<size_t>(kMinTokenBytes) \&\&$/  return token.size() > static_cast<size_t>(kMinTokenBytes) \&\&/' \
    "$copy/stages/retrieval/tokenizer.cc"
  sed -i '/stage = "grid_cell",/{n;s/stage_version = "1",/stage_version = "2",/}' "$copy/stages/grid/defs.bzl"
  [ "$(git -C "$copy" diff --numstat | wc -l)" = 2 ] || nb_fail "explain case 'tokenizer': the edits did not apply"
  # The LSA model is trained on the tokens: its pin is refrozen, as a user would.
  nb_bazel_cmd "$copy" inc "$NB_WORK/explain_pins.log" run //reports:e04_fixture_pins_refreeze
  build explain_tokenizer
  explain_expect tokenizer 1 "$(cat <<'X'
source file: data/experiments/e04_fixture.pins.textproto: pins[0].sha256: "bf0bd966c6970cb2ca99eb24a66b70a39a92504bbd7b729a41c68ad9c74b4e19" -> "c6279ae7f7f73de453216ce13d705afc563ae6752649de096e6e74e0441d8084"
stage version: grid_cell: stage_version 1 -> 2
tool binary: stages/grid/cells/cell_tool: rebuilt: <old digest> -> <new digest>
tool binary: stages/retrieval/train_lsa: rebuilt: <old digest> -> <new digest>
moved F01.H000.S004.rank F01.H000.ranks F01.H008.S003.rank F01.H008.S004.rank F01.H008.ranks F01.H010.ranks F02.H008.S004.rank F02.H008.ranks F02.H010.S003.rank H000.S001.mrr H000.S001.ndcg_at_10 H000.S002.d1.delta_mrr H000.S002.d1.delta_ndcg_at_10 H000.S002.d1.mrr H000.S002.d10.delta_mrr H000.S002.d10.delta_ndcg_at_10 H000.S002.d10.mrr H000.S002.d5.delta_mrr H000.S002.d5.delta_ndcg_at_10 H000.S002.d5.mrr H000.S003.delta_mrr H000.S003.delta_ndcg_at_10 H000.S003.rank_delta_censored H000.S004.mrr H000.S004.ndcg_at_10 H000.baseline.mrr H000.baseline.ndcg_at_10 H008-H000.S002.d1.delta_mrr H008-H000.S002.d10.delta_mrr H008-H000.S002.d5.delta_mrr H008-H000.S003.delta_mrr H008-H000.S004.delta_mrr H008-H000.baseline.mrr H008-H000.baseline.mrr.p H008-H000.baseline.ndcg_at_10 H008.S001.file_acc_at_1 H008.S001.mrr H008.S001.ndcg_at_10 H008.S001.recall_at_1 H008.S002.d1.delta_mrr H008.S002.d1.delta_ndcg_at_10 H008.S002.d1.mrr H008.S002.d10.delta_mrr H008.S002.d10.delta_ndcg_at_10 H008.S002.d10.mrr H008.S002.d10.rank_delta_censored H008.S002.d5.delta_mrr H008.S002.d5.delta_ndcg_at_10 H008.S002.d5.mrr H008.S002.d5.rank_delta_censored H008.S003.delta_mrr H008.S003.delta_ndcg_at_10 H008.S003.mrr H008.S003.rank_delta_censored H008.S004.delta_mrr H008.S004.delta_ndcg_at_10 H008.S004.file_acc_at_1 H008.S004.mrr H008.S004.ndcg_at_10 H008.S004.rank_delta_censored H008.S004.recall_at_1 H008.baseline.file_acc_at_1 H008.baseline.mrr H008.baseline.ndcg_at_10 H008.baseline.recall_at_1 H010-H000.S002.d1.delta_mrr H010-H000.S002.d10.delta_mrr H010-H000.S002.d5.delta_mrr H010-H000.S003.delta_mrr H010-H000.baseline.mrr H010-H000.baseline.ndcg_at_10 H010-H008.S002.d1.delta_mrr H010-H008.S002.d10.delta_mrr H010-H008.S002.d5.delta_mrr H010-H008.S003.delta_mrr H010-H008.S004.delta_mrr H010-H008.baseline.mrr H010-H008.baseline.mrr.p H010-H008.baseline.ndcg_at_10 H010.S002.d5.delta_mrr H010.S002.d5.delta_ndcg_at_10 H010.S002.d5.mrr H010.S002.d5.rank_delta_censored H010.S003.delta_mrr H010.S003.mrr H010.S003.rank_delta_censored all.S001.file_acc_at_1 all.S001.mrr all.S001.ndcg_at_10 all.S001.recall_at_1 all.S002.d1.delta_mrr all.S002.d1.delta_ndcg_at_10 all.S002.d1.mrr all.S002.d10.delta_mrr all.S002.d10.delta_ndcg_at_10 all.S002.d10.mrr all.S002.d10.rank_delta_censored all.S002.d5.delta_mrr all.S002.d5.delta_ndcg_at_10 all.S002.d5.mrr all.S002.d5.rank_delta_censored all.S003.delta_mrr all.S003.delta_ndcg_at_10 all.S003.mrr all.S003.rank_delta_censored all.S004.delta_mrr all.S004.delta_ndcg_at_10 all.S004.file_acc_at_1 all.S004.mrr all.S004.ndcg_at_10 all.S004.rank_delta_censored all.S004.recall_at_1 all.baseline.file_acc_at_1 all.baseline.mrr all.baseline.ndcg_at_10 all.baseline.recall_at_1
added 
removed 
X
)"
  # F01's gold file leaves H008's top 1 in the baseline, S001 and S004 (the
  # file Acc@1 tokens of H008 and of all move with it).
  explain_where_expect tokenizer "$(cat <<'X'
H008 S001.k1 file_acc_at_1: 0 up, 1 down: F01/H008/S001.k1
H008 S004 file_acc_at_1: 0 up, 1 down: F01/H008/S004
H008 baseline file_acc_at_1: 0 up, 1 down: F01/H008/baseline
X
)"
}

explain_non_hermetic() {
  local cell="//stages/grid/by_experiment:e04_fixture/F01_H000_baseline"
  /usr/bin/python3 - "$NB_WORK/cold.explain.jsonl" "$NB_WORK/rerun.explain.jsonl" "$cell" <<'PY'
import json, sys
source, dest, cell = sys.argv[1:4]
lines, found = [], False
for line in open(source):
    j = json.loads(line)
    if j.get("label") == cell:
        j["out"], found = "0" * len(j["out"]), True
        line = json.dumps(j, separators=(",", ":")) + "\n"
    lines.append(line)
if not found:
    sys.exit(f"no stage {cell} in {source}")
open(dest, "w").writelines(lines)
PY
  local rc=0 got
  "$EXPLAIN" --json "$NB_WORK/cold.explain.jsonl" "$NB_WORK/rerun.explain.jsonl" > "$NB_WORK/non_hermetic.json" || rc=$?
  [ "$rc" = 1 ] || nb_fail "explain case 'non_hermetic': exit $rc, expected 1"
  got=$(explain_summary non_hermetic)
  [ "$got" = "$(printf 'not reproducible: %s: output changed with equal inputs: not reproducible\nmoved \nadded \nremoved ' "$cell")" ] \
    || { echo "$got" >&2; nb_fail "explain case 'non_hermetic': expected the cell named as not reproducible, alone"; }
  nb_log "explain case 'non_hermetic': as expected"
}
