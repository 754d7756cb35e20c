"""experiment_repositories(): the repositories the experiments name, from data.

Called from WORKSPACE after the experiments repository rule
(experiments.bzl) has written @experiments//:repositories_data.bzl, which
holds only data: one git_history repository per task set (@<set>_history,
stages/corpus/history.bzl) and one vector_cache repository per experiment
with a vector cache (@<name>_vector_cache, vector_cache.bzl).

Bazel 4.2.3 fixes a repository rule's `environ` when the rule is defined, so
the two rules are defined here with every clone and cache variable that the
experiments name (CLONE_ENVS, CACHE_ENVS): setting or changing one refetches
the repositories that read it.
"""

load("@experiments//:repositories_data.bzl", "CACHE_ENVS", "CLONE_ENVS", "HISTORIES", "VECTOR_CACHES")
load("//stages/corpus:history.bzl", "GIT_HISTORY_ATTRS", "git_history_impl")
load("//stages/experiments:vector_cache.bzl", "VECTOR_CACHE_ATTRS", "vector_cache_impl")

_git_history = repository_rule(
    implementation = git_history_impl,
    attrs = GIT_HISTORY_ATTRS,
    environ = CLONE_ENVS,
)

_vector_cache = repository_rule(
    implementation = vector_cache_impl,
    attrs = VECTOR_CACHE_ATTRS,
    environ = CACHE_ENVS,
)

def experiment_repositories():
    """Declares @<set>_history for every task set and @<e>_vector_cache for every cache."""
    for c in VECTOR_CACHES:
        _vector_cache(**c)
    for h in HISTORIES:
        _git_history(**h)
