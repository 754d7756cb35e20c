"""experiment_repositories(): the repositories the experiments name, from data.

Called from WORKSPACE after the experiments repository rule
(experiments.bzl) has written @experiments//:repositories_data.bzl, which
holds only data: per task set, one task_commits repository
(@<set>_task_commits, stages/corpus/history_task_commits.bzl: the task
file's commit fields) and one git_history repository (@<set>_history,
stages/corpus/history.bzl, which reads the former) and one vector_cache repository per experiment
with a vector cache (@<name>_vector_cache, vector_cache.bzl) or a run cache (@<name>_run_cache,
the same rule of kind "run_cache"). The rules are
defined apart (repository_rules.bzl), so that this data is no part of their
definition.
"""

load("@experiments//:repositories_data.bzl", "HISTORIES", "TASK_COMMITS", "VECTOR_CACHES")
load("//stages/experiments:repository_rules.bzl", "git_history", "task_commits", "vector_cache")

def experiment_repositories():
    """Declares @<set>_task_commits and @<set>_history for every task set, @<e>_vector_cache (_run_cache) for every cache."""
    for c in VECTOR_CACHES:
        vector_cache(**c)
    for t in TASK_COMMITS:
        task_commits(**t)
    for h in HISTORIES:
        git_history(**h)
