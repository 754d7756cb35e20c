# shellcheck shell=bash
# Sourced by the crafted histories' scripts: git's environment fixed, so
# that a commit's id depends on nothing but its tree, parents and message.
#
#   source fixed_git_env.sh <git dir> <index name> <date>
#
# Exports GIT_DIR, a private GIT_INDEX_FILE in it, one author and committer
# with <date> (ISO 8601), LC_ALL=C and TZ=UTC, and no user or system
# configuration.
export LC_ALL=C TZ=UTC GIT_DIR=$1
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null HOME=/nonexistent
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t
export GIT_AUTHOR_DATE=$3 GIT_COMMITTER_DATE=$3
export GIT_INDEX_FILE=$GIT_DIR/$2
unset GIT_WORK_TREE GIT_OBJECT_DIRECTORY GIT_ALTERNATE_OBJECT_DIRECTORIES
