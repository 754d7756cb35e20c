"""experiment_repositories(): the repositories the experiments name, from data.

Called from WORKSPACE after the experiments repository rule
(experiments.bzl) has written @experiments//:repositories_data.bzl, which
holds only data: one git_history repository per task set (@<set>_history,
stages/corpus/history.bzl) and one vector_cache repository per experiment
with a vector cache (@<name>_vector_cache, vector_cache.bzl). The rules are
defined apart (repository_rules.bzl), so that this data is no part of their
definition.
"""

load("@experiments//:repositories_data.bzl", "HISTORIES", "VECTOR_CACHES")
load("//stages/experiments:repository_rules.bzl", "git_history", "vector_cache")

def experiment_repositories():
    """Declares @<set>_history for every task set and @<e>_vector_cache for every cache."""
    for c in VECTOR_CACHES:
        vector_cache(**c)
    for h in HISTORIES:
        git_history(**h)
