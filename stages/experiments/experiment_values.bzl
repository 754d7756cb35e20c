"""Checks of the experiment values that reach a repository name, an environment
lookup or a path (the experiments repository rule, experiments.bzl, runs them
before generating anything; tests/experiments/experiment_values_test.bzl
covers them).

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

DEFAULT_RESAMPLES = 10000
DEFAULT_SEED = 20260704
_MAX_RESAMPLES = 1000000

def bootstrap_values(where, boot):
    """The bootstrap settings as written, defaults only for absent fields.

    Bootstrap's fields have presence (experiment.proto: `optional`), so protoc
    keeps a 0 the user wrote: resamples 0 is an error, seed 0 a legal seed.

    Args:
      where: the experiment file, for messages.
      boot: the parsed bootstrap message (text_format.bzl), or None.

    Returns:
      (resamples, seed, [error messages]).
    """
    boot = boot or {}
    resamples = int(one(boot, "resamples", str(DEFAULT_RESAMPLES)))
    seed = int(one(boot, "seed", str(DEFAULT_SEED)))
    errors = []
    if resamples < 1 or resamples > _MAX_RESAMPLES:
        errors.append("%s, field bootstrap.resamples: expected 1..%d, found %d" % (where, _MAX_RESAMPLES, resamples))
    return resamples, seed, errors
