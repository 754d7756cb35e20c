# Shell functions longer than a bound, for the lint gate (tools/lint/check.sh):
#
#   awk -v max=60 -f tools/lint/long_functions.awk <shell script>...
#
# prints "<file>:<line>: <name> is <n> lines (at most <max>)" for each
# function whose definition, from its `name() {` line to its closing brace,
# spans more than max lines, and nothing otherwise. A function starts at a
# line `name() {` (or `function name() {`) that does not also close it; it
# ends at the first later line that is `}` at the same indentation, so
# functions defined inside it count as its lines, and one-line functions are
# never long. Exit status 0 either way (the caller reads the output).
FNR == 1 { open = 0 }

!open && /^[ \t]*(function[ \t]+)?[A-Za-z_][A-Za-z0-9_:.-]*[ \t]*\(\)[ \t]*\{/ && !/\}[ \t]*(#.*)?$/ {
  indent = $0
  sub(/[^ \t].*$/, "", indent)
  name = $0
  sub(/^[ \t]*(function[ \t]+)?/, "", name)
  sub(/[ \t]*\(.*$/, "", name)
  start = FNR
  open = 1
  next
}

open && $0 ~ ("^" indent "\\}") {
  n = FNR - start + 1
  if (n > max) printf "%s:%d: %s is %d lines (at most %d)\n", FILENAME, start, name, n, max
  open = 0
}
