"""Checks of the experiment values that reach a repository name, an environment
lookup or a path, and of the prose a report shows (authored_text_error) (the
experiments repository rule, experiments.bzl, runs them
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
    return _cache_env(where, "vector_cache", cache, readers, struct(
        reads = "reads a server model's vectors from a vector cache",
        example = "<NAME>_VECTOR_CACHE",
        none = "DENSE_BACKEND_SERVER_CACHE leg",
    ))

def run_cache_env(where, cache, readers):
    """The path_env of an experiment's run_cache field, and its errors.

    The field is required exactly when some harness has pinned_runs
    (`readers`; docs/run_cache.md), and its path_env must be an environment
    variable name.

    Args:
      where: the experiment file, for messages ("data/experiments/x.textproto").
      cache: the parsed run_cache message (text_format.bzl), or None.
      readers: names of the experiment's pinned-runs harnesses.

    Returns:
      (path_env or "", [error messages]).
    """
    return _cache_env(where, "run_cache", cache, readers, struct(
        reads = "reads its runs from a run cache",
        example = "<NAME>_RUN_CACHE",
        none = "pinned_runs block",
    ))

def _cache_env(where, field, cache, readers, words):
    """The path_env of a cache field and its errors (vector_cache_env, run_cache_env).

    Args:
      where: the experiment file, for messages.
      field: the field's name.
      cache: the parsed message, or None.
      readers: names of the harnesses that read the cache.
      words: struct(reads, example, none) of the messages.

    Returns:
      (path_env or "", [error messages]).
    """
    if cache == None:
        if not readers:
            return "", []
        return "", ["%s, field %s: expected one (harness %s %s: %s { path_env: \"%s\" }), found none" % (
            where,
            field,
            ", ".join(readers),
            words.reads,
            field,
            words.example,
        )]
    env = one(cache, "path_env", "")
    errors = []
    e = env_name_error(env)
    if e:
        errors.append("%s, field %s.path_env: %s" % (where, field, e))
    if not readers:
        errors.append("%s, field %s: expected none (no harness of the experiment has a " % (where, field) +
                      "%s), found path_env %r" % (words.none, env))
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

# The longest text each prose field of an experiment may hold, in bytes of
# UTF-8 (the report shows it whole; a bound keeps a runaway paste from
# slowing every fetch: a 10 MB reason once took 4 minutes to read).
MAX_TITLE_BYTES = 200
MAX_REASON_BYTES = 1000
MAX_DESCRIPTION_BYTES = 500

_ESCAPED = {"n": 10, "t": 9, "r": 13, "\"": 34, "'": 39, "\\": 92}
_OCTAL = "01234567"
_HEX = "0123456789ABCDEF"

def _code_point(c):
    """U+XXXX, at least four upper-case hex digits."""
    digits = ""
    for _ in range(8):
        digits = _HEX[c & 15] + digits
        c = c >> 4
        if c == 0 and len(digits) >= 4:
            break
    return "U+" + digits

def _canonical_bytes(quoted, limit):
    """The bytes of a string as protoc's canonical text writes it, as ints.

    Printable ASCII stands for itself (as 65, whatever the character: only
    control and non-ASCII bytes matter here), the escapes protoc writes
    (\\n \\t \\r \\" \\' \\\\ and three octal digits for any other byte) for
    their byte. Stops after `limit` + 1 bytes.

    Returns:
      The list of ints, or None when `quoted` is not such a string.
    """
    if len(quoted) < 2 or quoted[0] != "\"" or quoted[-1] != "\"":
        return None
    v = quoted[1:-1]
    out = []
    i = 0
    for _ in range(len(v)):
        if i >= len(v) or len(out) > limit:
            break
        if v[i] != "\\":
            out.append(65)
            i += 1
        elif v[i + 1:i + 2] in _ESCAPED:
            out.append(_ESCAPED[v[i + 1]])
            i += 2
        elif len(v[i + 1:i + 4]) == 3 and all_chars_in(v[i + 1:i + 4], _OCTAL):
            out.append(int(v[i + 1:i + 4], 8))
            i += 4
        else:
            return None
    return out

def _forbidden_character(b):
    """The rule of task files (stages/corpus/authored_text.h) over bytes `b`."""
    for i, c in enumerate(b):
        if (c < 32 and c != 9 and c != 10) or c == 127:
            point = c
        elif c == 0xC2 and i + 1 < len(b) and b[i + 1] >= 0x80 and b[i + 1] <= 0x9F:
            point = b[i + 1]
        else:
            point = None
        if point != None:
            return "control character %s at byte %d (authored text may hold tab and newline, no other control character)" % (_code_point(point), i)
        third = b[i + 2] if i + 2 < len(b) else 0
        if c == 0xE2 and i + 2 < len(b) and ((b[i + 1] == 0x80 and third >= 0xAA and third <= 0xAE) or
                                             (b[i + 1] == 0x81 and third >= 0xA6 and third <= 0xA9)):
            point = 0x2000 + (b[i + 1] - 0x80) * 64 + (third - 0x80)
            return "explicit directional formatting character %s at byte %d (an embedding, override or isolate: it makes text display in an order other than the one it is stored in)" % (_code_point(point), i)
    return None

def authored_text_error(quoted, max_bytes):
    """None if a prose field obeys the task files' rule, else why not.

    The rule of task files (stages/corpus/authored_text.h): no control
    character but tab and newline (C0, DEL, C1), no explicit directional
    formatting character (U+202A..U+202E, U+2066..U+2069); and at most
    `max_bytes` bytes. Checked on the string as protoc's canonical text
    writes it (text_format.bzl's parse_canonical with raw_strings), where
    every such byte is an escape, so that a value is judged by its bytes.

    Args:
      quoted: the field's value in canonical text, quotes included.
      max_bytes: the most bytes of UTF-8 the field may hold.

    Returns:
      None, or "expected ..., found ..." / the character and its byte offset.
    """
    b = _canonical_bytes(quoted, max_bytes)
    if b == None:
        return "expected a string as protoc writes it, found %s" % quoted[:80]
    if len(b) > max_bytes:
        return "expected at most %d bytes, found more (%d characters as protoc writes them)" % (max_bytes, len(quoted) - 2)
    return _forbidden_character(b)
