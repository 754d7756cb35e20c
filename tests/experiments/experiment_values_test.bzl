"""Loading-time test of stages/experiments/experiment_values.bzl (the checks the
experiments repository rule runs before an environment variable name or a
vector cache reaches a repository, an environment lookup or a path, and the
defaults it applies).
"""

load(
    "//stages/experiments:experiment_values.bzl",
    "MAX_REASON_BYTES",
    "MAX_S001_DEPTH",
    "MAX_S002_DOSE",
    "MAX_TITLE_BYTES",
    "authored_text_error",
    "defaults_text",
    "env_name_error",
    "grid_ints",
    "vector_cache_env",
)
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

_S001 = "data/experiments/x.textproto, field s001_depths"

# (case, values as written, bound, expected message part or None): a value
# beyond the bound once reached a 32-bit repository attribute and stopped
# every command (2147483648), or the history extraction's own bound.
_GRID_INT_CASES = [
    ("depths within the bound", ["1", "100000"], MAX_S001_DEPTH, None),
    ("a depth of 2^31", ["1", "2147483648"], MAX_S001_DEPTH, _S001 + "[1]: expected an integer in [1, 100000], found 2147483648"),
    ("a depth of 1000001", ["1000001"], MAX_S001_DEPTH, _S001 + "[0]: expected an integer in [1, 100000], found 1000001"),
    ("a depth one over", ["100001"], MAX_S001_DEPTH, "found 100001"),
    ("a depth of 0", ["0"], MAX_S001_DEPTH, _S001 + "[0]: expected an integer in [1, 100000], found 0"),
    ("a negative depth", ["-3"], MAX_S001_DEPTH, "found -3"),
    ("a repeated depth", ["2", "2"], MAX_S001_DEPTH, _S001 + "[1]: expected distinct values, found 2 also at [0]"),
    ("a dose one over", ["1001"], MAX_S002_DOSE, "expected an integer in [1, 1000], found 1001"),
]

def _grid_ints_outcome(values, bound):
    out, errors = grid_ints("data/experiments/x.textproto", "s001_depths", values, bound)
    if not errors and out != [int(v) for v in values]:
        return ["expected %r, found %r" % (values, out)]
    if errors and out:
        return ["an invalid list gave values %r" % out]
    return errors

def grid_ints_test(name):
    """loading_cases_test over grid_ints (the depths' and doses' bounds).

    Args:
      name: the test's name.
    """
    loading_cases_test(name = name, cases = [
        (case, _grid_ints_outcome(values, bound), want)
        for case, values, bound, want in _GRID_INT_CASES
    ])

_CONTROL = "(authored text may hold tab and newline, no other control character)"

# (case, the value as protoc's canonical text writes it, bound, expected
# message part or None): the experiment's prose (title, exclude_tasks.reason,
# a harness's description) once reached report.md and the SVGs raw.
_PROSE_CASES = [
    ("plain prose", "\"GitLab Runner, comments removed\"", MAX_TITLE_BYTES, None),
    ("tab, newline, quotes and a backslash", "\"a\\tb\\nc \\\"d\\\" \\\\ e\"", MAX_TITLE_BYTES, None),
    ("UTF-8 letters", "\"caf\\303\\251 \\342\\200\\224 na\\303\\257ve\"", MAX_TITLE_BYTES, None),
    ("NUL", "\"a\\000b\"", MAX_TITLE_BYTES, "control character U+0000 at byte 1 " + _CONTROL),
    ("BEL", "\"\\007\"", MAX_TITLE_BYTES, "control character U+0007 at byte 0"),
    ("ESC [2J", "\"x\\033[2J\"", MAX_TITLE_BYTES, "control character U+001B at byte 1"),
    ("carriage return", "\"a\\rb\"", MAX_TITLE_BYTES, "control character U+000D at byte 1"),
    ("DEL", "\"ab\\177\"", MAX_TITLE_BYTES, "control character U+007F at byte 2"),
    ("C1 NEL", "\"\\302\\205\"", MAX_TITLE_BYTES, "control character U+0085 at byte 0"),
    ("right-to-left override", "\"gnp\\342\\200\\256exe\"", MAX_TITLE_BYTES, "explicit directional formatting character U+202E at byte 3"),
    ("first strong isolate", "\"\\342\\201\\250\"", MAX_TITLE_BYTES, "explicit directional formatting character U+2068 at byte 0"),
    ("a title at the bound", "\"%s\"" % ("t" * MAX_TITLE_BYTES), MAX_TITLE_BYTES, None),
    ("a title one over", "\"%s\"" % ("t" * (MAX_TITLE_BYTES + 1)), MAX_TITLE_BYTES, "expected at most 200 bytes, found more"),
    ("escaped bytes count once", "\"%s\"" % ("\\303\\251" * (MAX_TITLE_BYTES // 2)), MAX_TITLE_BYTES, None),
    ("a 1 MB reason", "\"%s\"" % ("r" * 1000000), MAX_REASON_BYTES, "expected at most 1000 bytes, found more (1000000 characters"),
    ("not a quoted string", "GitLab", MAX_TITLE_BYTES, "expected a string as protoc writes it, found GitLab"),
]

def authored_text_test(name):
    """loading_cases_test over authored_text_error (the experiment's prose).

    Args:
      name: the test's name.
    """
    cases = []
    for case, quoted, bound, want in _PROSE_CASES:
        e = authored_text_error(quoted, bound)
        cases.append((case, [e] if e else [], want))
    loading_cases_test(name = name, cases = cases)
