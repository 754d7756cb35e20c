# shellcheck shell=bash
# Where Bazel's linux-sandbox builds each action's input tree; sourced by
# tools/setup.sh. Writes .bazelrc.sandbox: `build --sandbox_base=/dev/shm`
# when /dev/shm is a tmpfs with at least 4 GiB free, else no flag (Bazel's
# default, the output base).
#
# Why: a sandbox is one symlink per input. An external cell whose program
# brings numpy's ~1,000 files spent 0.48 s a cell creating them on this
# machine's ext4, 0.02 s on tmpfs (docs/benchmarks.md, "External
# harnesses"). Outputs are moved to the output base afterwards (copied across
# file systems); their bytes do not depend on where the sandbox was.
# Written to a temporary file and renamed, as .bazelrc.salt is.
sandbox_rc() {
  local avail_kb
  echo "# Written by tools/setup.sh (tools/lib/sandbox_base.sh); do not commit."
  if [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ]; then
    avail_kb=$(df -k --output=avail /dev/shm | tail -1 | tr -d ' ')
    if [ "${avail_kb:-0}" -ge $((4 * 1024 * 1024)) ]; then
      echo "build --sandbox_base=/dev/shm"
    fi
  fi
}
sandbox_tmp=$(mktemp .bazelrc.sandbox.XXXXXX)
sandbox_rc > "$sandbox_tmp"
if cmp -s "$sandbox_tmp" .bazelrc.sandbox; then
  rm -f "$sandbox_tmp"
else
  chmod 644 "$sandbox_tmp" && mv -f "$sandbox_tmp" .bazelrc.sandbox
fi
echo "setup: sandbox base: $(grep -o '/dev/shm' .bazelrc.sandbox || echo 'the output base') (.bazelrc.sandbox)"
