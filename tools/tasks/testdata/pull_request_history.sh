#!/usr/bin/env bash
# Crafted pull requests for the SWE-bench records' test (mine_test.sh), on
# top of the polyglot fixture's history (built first by
# stages/corpus/build_fixture_history.sh).
#
#   pull_request_history.sh <git dir of the polyglot fixture>
#
# Adds, on the first-parent line from HEAD (c12), in this order:
#   readme    "README: say where the units live" (no pull request);
#   merge21   "Merge pull request #21 from dev/units" of readme and a
#             branch off c12 (units21: kitchen/units.py and
#             tests/test_units.py): base c12, not its first parent;
#   squash22  "Scale to whole servings (#22)": kitchen/scaling.py and a new
#             tests/test_scaling.py, with a body;
#   tests23   "Cover units with more tests (#23)": tests only;
#   notest24  "Tidy the shopping list (#24)": kitchen/shopping.py only;
#   binary25  "Ship a logo with the units fix (#25)": web/logo.png (binary)
#             and kitchen/units.py, tests/test_units.py;
#   crlf26    "Keep the kitchen notes (#26)": kitchen/notes.txt with CR LF
#             lines, kitchen/units.py, tests/test_units.py;
#   mode27    "Make the parser runnable (#27)": kitchen/parser.py's mode
#             only, tests/test_units.py;
#   merge28   "Keep the larger serving count (#28)", a merge of squash22's
#             line and a branch off mode27 (cart28: web/src/cart.js and
#             web/test/cart.test.js).
# HEAD (refs/heads/main) ends at merge28. Only plumbing is used, with a
# fixed environment and dates, so the ids depend on nothing but the fixture.
# Prints "<name><TAB><commit id>" lines, c12 first.
set -euo pipefail
(($# == 1)) || { echo "usage: pull_request_history.sh <git dir>" >&2; exit 2; }
# shellcheck source=tools/tasks/testdata/fixed_git_env.sh
source "$(dirname "${BASH_SOURCE[0]}")/fixed_git_env.sh" "$1" pull_requests.index 2024-07-01T00:00:00Z

# edit <path> <sed script>: the index's <path> edited (it must exist).
edit() {
  local blob
  blob=$(git cat-file blob ":$1" | sed "$2" | git hash-object -w --stdin)
  git update-index --cacheinfo "100644,$blob,$1"
}
# append <path> <line>: the index's <path> with one more line.
append() {
  local blob
  blob=$({ git cat-file blob ":$1"; printf '%s\n' "$2"; } | git hash-object -w --stdin)
  git update-index --cacheinfo "100644,$blob,$1"
}
# put <path> <printf format>: <path> written with the given bytes.
put() {
  local blob
  # shellcheck disable=SC2059 # the format is the file's content
  blob=$(printf "$2" | git hash-object -w --stdin)
  git update-index --add --cacheinfo "100644,$blob,$1"
}
# commit <name> <message> <parent>...: the index as a commit; prints its line.
commit() {
  local name=$1 message=$2 id parents=()
  shift 2
  for p in "$@"; do parents+=(-p "$p"); done
  id=$(printf '%s' "$message" | git commit-tree "$(git write-tree)" "${parents[@]}")
  printf '%s\t%s\n' "$name" "$id"
  last=$id
}
units_fix='s/name = name.strip().lower().rstrip(".")/name = name.strip().lower().rstrip(".s")/'

c12=$(git rev-parse HEAD)
printf 'c12\t%s\n' "$c12"
git read-tree "$c12"
edit kitchen/units.py "$units_fix"
append tests/test_units.py "# one more case"
commit units21 "normalize plural unit names" "$c12"
units21=$last
git read-tree "$c12"
append README.md "The units live in kitchen/units.py."
commit readme "README: say where the units live" "$c12"
git read-tree "$last"
edit kitchen/units.py "$units_fix"
append tests/test_units.py "# one more case"
commit merge21 "$(printf 'Merge pull request #21 from dev/units\n\nA plural unit is not recognised\n\n"2 cups" and "3 tbsps" stay unknown.\n')" "$last" "$units21"
edit kitchen/scaling.py 's/factor = new_servings \/ servings/factor = round(new_servings) \/ servings/'
put tests/test_scaling.py 'def test_scale():\n    pass\n'
commit squash22 "$(printf 'Scale to whole servings (#22)\n\nA recipe for 2.5 people asked for half an egg.\n')" "$last"
append tests/test_units.py "# and another"
commit tests23 "Cover units with more tests (#23)" "$last"
edit kitchen/shopping.py '1a\
# The shopping list.'
commit notest24 "Tidy the shopping list (#24)" "$last"
put web/logo.png '\211PNG\r\n\032\n\000\000\000'
edit kitchen/units.py 's/return _ALIASES.get(name, name)/return _ALIASES.get(name, name) or name/'
append tests/test_units.py "# logo"
commit binary25 "Ship a logo with the units fix (#25)" "$last"
put kitchen/notes.txt 'salt\r\npepper\r\n'
edit kitchen/units.py 's/return _ALIASES.get(name, name) or name/return _ALIASES.get(name, name)/'
append tests/test_units.py "# notes"
commit crlf26 "Keep the kitchen notes (#26)" "$last"
git update-index --cacheinfo "100755,$(git rev-parse :kitchen/parser.py),kitchen/parser.py"
append tests/test_units.py "# mode"
commit mode27 "Make the parser runnable (#27)" "$last"
mode27=$last
edit web/src/cart.js 's/existing.servings += servings;/existing.servings = Math.max(existing.servings, servings);/'
put web/test/cart.test.js 'test("cart", () => {});\n'
commit cart28 "keep the larger count" "$mode27"
commit merge28 "$(printf 'Keep the larger serving count (#28)\n\nAdding a recipe twice doubled its servings.\n')" "$mode27" "$last"
git update-ref refs/heads/main "$last"
rm -f "$GIT_INDEX_FILE"
