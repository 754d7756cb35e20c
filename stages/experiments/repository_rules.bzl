"""The repository rules of the experiments: task_commits, git_history and vector_cache.

Bazel 4.2.3 fixes a repository rule's `environ` when the rule is defined, so
the rules are defined here with every clone and cache variable that the
experiments name (@experiments//:repository_envs.bzl): setting or changing
one refetches the repositories that read it.

Bazel also refetches every repository of a rule whose definition changed,
and a rule's definition is this file with everything it loads. So this file
loads the variables and nothing else the experiments write: adding a task
set or an experiment (a new entry of HISTORIES, loaded by repositories.bzl,
which only calls the rules) refetches that set's repository alone, not every
set's history.
"""

load("@experiments//:repository_envs.bzl", "CACHE_ENVS", "CLONE_ENVS")
load("//stages/corpus:history.bzl", "GIT_HISTORY_ATTRS", "git_history_impl")
load("//stages/corpus:history_task_commits.bzl", "TASK_COMMITS_ATTRS", "task_commits_impl")
load("//stages/experiments:vector_cache.bzl", "VECTOR_CACHE_ATTRS", "vector_cache_impl")

# Reads no variable: a set's task file alone decides its commits.json.
task_commits = repository_rule(
    implementation = task_commits_impl,
    attrs = TASK_COMMITS_ATTRS,
)

git_history = repository_rule(
    implementation = git_history_impl,
    attrs = GIT_HISTORY_ATTRS,
    environ = CLONE_ENVS,
)

vector_cache = repository_rule(
    implementation = vector_cache_impl,
    attrs = VECTOR_CACHE_ATTRS,
    environ = CACHE_ENVS,
)
