"""Loading-time test of stages/experiments/experiment_values.bzl (the checks the
experiments repository rule runs before an environment variable name or a
vector cache reaches a repository, an environment lookup or a path).
"""

load("//stages/experiments:experiment_values.bzl", "bootstrap_values", "env_name_error", "vector_cache_env")
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
    cases += [(case, _bootstrap_outcome(boot, want_values), want) for case, boot, want_values, want in _BOOTSTRAP_CASES]
    loading_cases_test(name = name, cases = cases)

def _boot(**fields):
    return {k: [str(v)] for k, v in fields.items()}

# (case, bootstrap message or None, (resamples, seed) expected, expected message or None).
# protoc keeps a written 0 now that the fields have presence (experiment.proto).
_BOOTSTRAP_CASES = [
    ("bootstrap absent: defaults", None, (10000, 20260704), None),
    ("bootstrap empty: defaults", _boot(), (10000, 20260704), None),
    ("resamples 0 is an error, as written", _boot(resamples = 0), None, "data/experiments/x.textproto, field bootstrap.resamples: expected 1..1000000, found 0"),
    ("resamples past the bound", _boot(resamples = 1000001), None, "field bootstrap.resamples: expected 1..1000000, found 1000001"),
    ("seed 0 is a legal seed, kept", _boot(seed = 0), (10000, 0), None),
    ("both written", _boot(resamples = 1, seed = 7), (1, 7), None),
]

def _bootstrap_outcome(boot, want_values):
    resamples, seed, errors = bootstrap_values(_WHERE, boot)
    if errors or want_values == None or (resamples, seed) == want_values:
        return errors
    return ["expected (resamples, seed) %r, found %r" % (want_values, (resamples, seed))]
