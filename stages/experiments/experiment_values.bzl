"""Checks of the experiment values that reach a repository name, an environment
lookup or a path (the experiments repository rule, experiments.bzl, runs them
before generating anything; tests/experiments/experiment_values_test.bzl
covers them), and the defaults of the experiment's optional fields.

Each returns messages "<file>, field <field>: expected ..., found ..." so an
error names the file, the field, expected vs found.
"""

load("//stages/corpus:spec_values.bzl", "all_chars_in")
load("//tools/starlark:text_format.bzl", "one")

_ENV_FIRST = "ABCDEFGHIJKLMNOPQRSTUVWXYZ_"
_ENV_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"

def env_name_error(value):
    """None if `value` is an environment variable name [A-Z_][A-Z0-9_]*, else why not.

    Args:
      value: the name (a string).

    Returns:
      None, or "expected ..., found ...".
    """
    if value and value[0] in _ENV_FIRST and all_chars_in(value, _ENV_CHARS):
        return None
    return "expected an environment variable name [A-Z_][A-Z0-9_]*, found %r" % value

def vector_cache_env(where, cache, readers):
    """The path_env of an experiment's vector_cache field, and its errors.

    The field is required exactly when some harness has a
    DENSE_BACKEND_SERVER_CACHE leg (`readers`), and its path_env must be an
    environment variable name.

    Args:
      where: the experiment file, for messages ("data/experiments/x.textproto").
      cache: the parsed vector_cache message (text_format.bzl), or None.
      readers: names of the experiment's server-cache harnesses.

    Returns:
      (path_env or "", [error messages]).
    """
    if cache == None:
        if not readers:
            return "", []
        return "", ["%s, field vector_cache: expected one (harness %s reads a server model's vectors from a " % (
            where,
            ", ".join(readers),
        ) + "vector cache: vector_cache { path_env: \"<NAME>_VECTOR_CACHE\" }), found none"]
    env = one(cache, "path_env", "")
    errors = []
    e = env_name_error(env)
    if e:
        errors.append("%s, field vector_cache.path_env: %s" % (where, e))
    if not readers:
        errors.append("%s, field vector_cache: expected none (no harness of the experiment has a " % where +
                      "DENSE_BACKEND_SERVER_CACHE leg), found path_env %r" % env)
    return (env if not errors else ""), errors

# The defaults of the experiment's optional fields (experiment.proto), the
# only place they are written. The experiments rule applies them (the resolved
# experiment file it writes holds every field) because the depths and doses
# name targets; the C++ validator (stages/grid/grid_spec.h) then reads every
# value as set.
DEFAULT_S001_DEPTHS = [1]
DEFAULT_S002_DOSES = [1, 5, 10]
DEFAULT_RESAMPLES = 10000
DEFAULT_SEED = 20260704

# The bounds of the depths and doses, the only place they are written: the
# experiments rule checks them where it reads the file (a value reaches a
# repository rule attribute, a 32-bit int, and the history extraction), and
# //stages/grid:grid_spec gets them as the defines REPRO_MAX_S001_DEPTH and
# REPRO_MAX_S002_DOSE (its kMaxS001Depth, kMaxS002Dose).
MAX_S001_DEPTH = 100000
MAX_S002_DOSE = 1000
GRID_BOUND_DEFINES = [
    "REPRO_MAX_S001_DEPTH=%d" % MAX_S001_DEPTH,
    "REPRO_MAX_S002_DOSE=%d" % MAX_S002_DOSE,
]

def grid_ints(where, field, values, bound):
    """The depths or doses of an experiment as integers, and their errors.

    They name targets (cell suffixes, stages/grid/conditions.bzl) and reach a repository rule
    attribute and the history extraction, so each must be an integer in
    [1, bound] and the values distinct; their order is checked by the
    validator (stages/grid/grid_spec.h).

    Args:
      where: the experiment file, for messages ("data/experiments/x.textproto").
      field: "s001_depths" or "s002_doses".
      values: the field's values as written (strings of the canonical text).
      bound: MAX_S001_DEPTH or MAX_S002_DOSE.

    Returns:
      ([int] in the file's order, or [] when any value is invalid;
       ["<where>, field <field>[i]: expected ..., found ..."]).
    """
    out = []
    errors = []
    seen = {}
    for i, v in enumerate(values):
        if not v.isdigit() or int(v) < 1 or int(v) > bound:
            errors.append("%s, field %s[%d]: expected an integer in [1, %d], found %s" % (where, field, i, bound, v))
            continue
        if v in seen:
            errors.append("%s, field %s[%d]: expected distinct values, found %s also at [%d]" % (where, field, i, v, seen[v]))
        seen[v] = i
        out.append(int(v))
    return ([] if errors else out), errors

def defaults_text(msg):
    """The defaults of the fields `msg` leaves out, as Experiment text format.

    The experiments rule merges the experiment file over this text (protobuf
    merge of the two encodings, text_format.bzl: merged_text): a field the
    file sets wins, a 0 it writes included (Bootstrap's fields have presence),
    so only the repeated fields, which a merge would concatenate, are given
    here when the file leaves them empty.

    Args:
      msg: the parsed experiment (text_format.bzl: parse_canonical).

    Returns:
      Experiment text format, one field a line.
    """
    lines = ["bootstrap { resamples: %d seed: %d }" % (DEFAULT_RESAMPLES, DEFAULT_SEED)]
    if not msg.get("s001_depths"):
        lines += ["s001_depths: %d" % d for d in DEFAULT_S001_DEPTHS]
    if not msg.get("s002_doses"):
        lines += ["s002_doses: %d" % d for d in DEFAULT_S002_DOSES]
    return "\n".join(lines) + "\n"
