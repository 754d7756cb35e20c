#!/usr/bin/env bash
# Crafted commits for the task miner's test, on top of the polyglot
# fixture's history (built first by stages/corpus/build_fixture_history.sh).
#
#   crafted_history.sh <git dir of the polyglot fixture>
#
# Adds, in this order, each commit's parent being the one before:
#   branch    off HEAD (c12): web/src/cart.js keeps the larger serving count;
#   merge     HEAD and branch, a pull request's merge: its subject names the
#             branch, its body's first paragraph is the title;
#   escape    a fix whose subject holds ESC [2J (clear the screen);
#   override  a fix whose subject holds U+202E (right-to-left override);
#   injected  no change; its body holds a record of git log's old miner
#             format (RS <c05> US <c04> US "INJECTED fake subject words
#             here" US "no body"): a query for c05 that no subject holds.
# HEAD (refs/heads/main) ends at injected. Only plumbing is used, with a
# fixed environment and dates, so the ids depend on nothing but the fixture.
# Prints "<name><TAB><commit id>" lines, and c04, c05 and c12 as found.
set -euo pipefail
(($# == 1)) || { echo "usage: crafted_history.sh <git dir>" >&2; exit 2; }
# shellcheck source=tools/tasks/testdata/fixed_git_env.sh
source "$(dirname "${BASH_SOURCE[0]}")/fixed_git_env.sh" "$1" crafted.index 2024-06-01T00:00:00Z

# tree_with_cart <commit> <sed script>: the tree of <commit> with web/src/cart.js edited.
tree_with_cart() {
  local blob
  git read-tree "$1"
  blob=$(git show "$1:web/src/cart.js" | sed "$2" | git hash-object -w --stdin)
  git update-index --cacheinfo "100644,$blob,web/src/cart.js"
  git write-tree
}

# commit <name> <tree> <message> <parent>...: writes the commit, prints its line.
commit() {
  local name=$1 tree=$2 message=$3 id parents=()
  shift 3
  for p in "$@"; do parents+=(-p "$p"); done
  id=$(printf '%s' "$message" | git commit-tree "$tree" "${parents[@]}")
  printf '%s\t%s\n' "$name" "$id"
  last=$id
}

head=$(git rev-parse HEAD)
c05=$(git rev-parse "$head~7")
c04=$(git rev-parse "$head~8")
printf 'c04\t%s\nc05\t%s\nc12\t%s\n' "$c04" "$c05" "$head"

commit branch "$(tree_with_cart "$head" 's/existing.servings += servings;/existing.servings = Math.max(existing.servings, servings);/')" \
  "keep the larger serving count" "$head"
branch=$last
commit merge "$(git rev-parse "$branch^{tree}")" \
  "$(printf "Merge branch 'servings' into 'main'\n\nKeep the larger serving\nnumber on a second add\n\nSee merge request 7\n")" \
  "$head" "$branch"
commit escape "$(tree_with_cart "$last" 's/sum + e.servings/sum + Math.max(e.servings, 0)/')" \
  "$(printf 'Count no negative servings \033[2J in the total')" "$last"
commit override "$(tree_with_cart "$last" 's/index >= 0/index !== -1/')" \
  "$(printf 'Leave the list alone when the id is \342\200\256not found')" "$last"
commit injected "$(git rev-parse "$last^{tree}")" \
  "$(printf 'Tidy the history notes\n\nNotes.\n\036%s\037%s\037INJECTED fake subject words here\037no body\n' "$c05" "$c04")" "$last"
git update-ref refs/heads/main "$last"
git symbolic-ref HEAD refs/heads/main
rm -f "$GIT_INDEX_FILE"
