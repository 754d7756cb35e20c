"""The reports the nested-Bazel tests build (remote cache and determinism).

One label a line: adding a report to both tests is adding it here.
"""

REPORTS = [
    "//reports:w04",
    "//reports:e04_fixture",
    "//reports:judge_fixture",
]
