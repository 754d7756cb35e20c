# shellcheck shell=bash
# find_python313: prints the path of a Python 3.13 interpreter, or fails
# naming where it looked (sourced, not run). BuildGrid 0.9.1 needs 3.13
# (tools/python/buildgrid.in). Looks at pyenv's versions ($PYENV_ROOT, else
# `pyenv root`, else ~/.pyenv; the newest 3.13.x), then python3.13 on PATH.
find_python313() {
  local root candidate found=""
  root="${PYENV_ROOT:-$(pyenv root 2> /dev/null || echo "$HOME/.pyenv")}"
  for candidate in "$root"/versions/3.13.*/bin/python3.13; do
    [ -x "$candidate" ] && found="$candidate"
  done
  [ -n "$found" ] || found=$(command -v python3.13 2> /dev/null || true)
  if [ -z "$found" ]; then
    echo "no Python 3.13: looked in $root/versions/3.13.*/bin and on PATH (install it with pyenv: pyenv install 3.13.0)" >&2
    return 1
  fi
  echo "$found"
}
