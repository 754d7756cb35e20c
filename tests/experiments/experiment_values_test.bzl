"""Loading-time test of stages/experiments/experiment_values.bzl (the checks the
experiments repository rule runs before an environment variable name or a
vector cache reaches a repository, an environment lookup or a path, and the
defaults it applies).
"""

load("//stages/experiments:experiment_values.bzl", "defaults_text", "env_name_error", "vector_cache_env")
load("//tools/testing:loading_cases.bzl", "loading_cases_test")

_WHERE = "data/experiments/x.textproto"

def _cache(env):
    return {"path_env": [env]}

# (case, vector_cache message or None, server-cache harnesses, expected message or None)
_CACHE_CASES = [
    ("no cache, no server harness", None, [], None),
    ("a cache for a server harness", _cache("X_VECTOR_CACHE"), ["H008_minilm"], None),
    (
        "a server harness without a cache",
        None,
        ["H008_minilm", "H010_minilm"],
        "data/experiments/x.textproto, field vector_cache: expected one (harness H008_minilm, H010_minilm reads a server model's vectors",
    ),
    (
        "a cache no harness reads",
        _cache("X_VECTOR_CACHE"),
        [],
        "field vector_cache: expected none (no harness of the experiment has a DENSE_BACKEND_SERVER_CACHE leg), found path_env \"X_VECTOR_CACHE\"",
    ),
    (
        "a path in place of the variable name",
        _cache("/tmp/x.sqlite"),
        ["H008_minilm"],
        "field vector_cache.path_env: expected an environment variable name [A-Z_][A-Z0-9_]*, found \"/tmp/x.sqlite\"",
    ),
    ("a shell expansion", _cache("$(rm -rf ~)"), ["H008_minilm"], "found \"$(rm -rf ~)\""),
    ("lower case", _cache("x_cache"), ["H008_minilm"], "found \"x_cache\""),
    ("empty", _cache(""), ["H008_minilm"], "field vector_cache.path_env: expected an environment variable name"),
    ("a leading digit", _cache("1CACHE"), ["H008_minilm"], "found \"1CACHE\""),
]

def _env_errors(value):
    e = env_name_error(value)
    return [e] if e else []

def experiment_values_test(name):
    """loading_cases_test over vector_cache_env and env_name_error.

    Args:
      name: the test's name.
    """
    cases = [(case, vector_cache_env(_WHERE, cache, readers)[1], want) for case, cache, readers, want in _CACHE_CASES]
    cases.append(("a valid cache names its variable", [] if vector_cache_env(_WHERE, _cache("E04_MINILM_VECTOR_CACHE"), ["H"])[0] == "E04_MINILM_VECTOR_CACHE" else ["path_env lost"], None))
    cases.append(("an invalid cache names none", [] if vector_cache_env(_WHERE, _cache("a/b"), ["H"])[0] == "" else ["path_env kept"], None))
    cases += [
        ("clone variable", _env_errors("GITLAB_RUNNER_GIT"), None),
        ("clone variable with a dash", _env_errors("GITLAB-RUNNER"), "found \"GITLAB-RUNNER\""),
    ]
    cases += [(case, _defaults_outcome(msg, want), None) for case, msg, want in _DEFAULTS_CASES]
    loading_cases_test(name = name, cases = cases)

_BOOT = "bootstrap { resamples: 10000 seed: 20260704 }"

# (case, parsed experiment, expected defaults text): the repeated fields only
# when left empty (a merge would append to the written ones); the bootstrap
# always (a merge keeps every bootstrap field the file writes, a 0 included).
_DEFAULTS_CASES = [
    ("nothing written", {}, "\n".join([_BOOT, "s001_depths: 1", "s002_doses: 1", "s002_doses: 5", "s002_doses: 10"]) + "\n"),
    ("doses written", {"s002_doses": ["2"]}, _BOOT + "\ns001_depths: 1\n"),
    ("both written", {"s001_depths": ["1", "10"], "s002_doses": ["2"], "bootstrap": [{"resamples": ["0"]}]}, _BOOT + "\n"),
]

def _defaults_outcome(msg, want):
    found = defaults_text(msg)
    return [] if found == want else ["expected %r, found %r" % (want, found)]
