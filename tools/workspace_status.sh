#!/usr/bin/env bash
# Bazel --workspace_status_command (see .bazelrc): key/value lines for stamped
# targets only (tools/build_info). STABLE_ keys rerun the stamped action when
# they change; other keys are volatile (Bazel adds BUILD_TIMESTAMP itself).
# Never fails: outside a git checkout the git keys read "unknown".
#
# Keys:
#   STABLE_GIT_COMMIT   the checked-out commit (40 hex) or "unknown"
#   STABLE_GIT_TREE     "clean", "modified" (tracked or untracked changes) or "unknown"
#   STABLE_CACHE_SALT   the cache-key salt from .bazelrc.salt (tools/setup.sh) or "none"
commit=unknown
tree=unknown
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)
  # --no-optional-locks: a status query must never rewrite .git/index.
  if [ -z "$(git --no-optional-locks status --porcelain --untracked-files=normal 2>/dev/null)" ]; then
    tree=clean
  else
    tree=modified
  fi
fi
salt=$(sed -n 's/^build --action_env=CACHE_SALT=//p' .bazelrc.salt 2>/dev/null | head -n 1)
echo "STABLE_GIT_COMMIT ${commit}"
echo "STABLE_GIT_TREE ${tree}"
echo "STABLE_CACHE_SALT ${salt:-none}"
exit 0
