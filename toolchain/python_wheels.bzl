"""python_wheels: one repository per wheel of a hashed lock, as rules_python's
hub repositories do (docs/external_harness.md, "Programs with packages").

For each struct(name, version, url, sha256) of a generated wheels list
(tools/python/engines_wheels.bzl, written by tools/python/relock.sh beside
the lock), declares @<prefix>_<name> (dashes as underscores): the wheel
fetched by Bazel with its sha256 and unpacked, its modules compiled to byte
code once, and exposing `:pkg`, a py_library with the wheel's root on the
import path and its shared objects (e.g. numpy.libs/) and byte code as data.
A repository is fetched only when a target needs it. The wheels are cp311
manylinux x86_64, for the py_binary toolchain's /usr/bin/python3
(toolchain/BUILD).

Byte code: the external cells run their programs with
PYTHONDONTWRITEBYTECODE=1 on read-only inputs, so without it every cell
compiled every module it imports again (numpy and bm25s: 0.5 to 0.7 s a cell
of 1.0 to 1.4). `compileall --invalidation-mode unchecked-hash` writes
__pycache__/<module>.cpython-311.pyc beside each module: no timestamp, the
recorded file name `@<repository>/<path>` (not this machine's path), read
without checking the source (the source is the wheel's, pinned by sha256).
Two compilations give the same bytes (checked on the engines' four wheels).
"""

_PYTHON = "/usr/bin/python3"  # the py_binary toolchain's (toolchain/BUILD)

# The wheel's files that a program loads: not its test suites, type stubs
# (.pyi), C, Cython and header sources or static libraries (never loaded at run
# time; each file is one more input of every action that runs the program, and
# an external cell's action stages and hashes each one: docs/benchmarks.md,
# "External harnesses"), not the dist-info's RECORD (it names every file;
# nothing reads it at run time), not names a label cannot hold, and not the
# repository's own BUILD and WORKSPACE files.
_BUILD = """package(default_visibility = ["//visibility:public"])

py_library(
    name = "pkg",
    srcs = glob(["**/*.py"], exclude = _EXCLUDE),
    data = glob(["**/*"], exclude = _EXCLUDE + ["**/*.py", "**/*.dist-info/RECORD"]),
    imports = ["."],
)
"""

_EXCLUDE = [
    "**/tests/**",
    "**/include/**",
    "**/*.pyi",
    "**/*.c",
    "**/*.h",
    "**/*.pxd",
    "**/*.pyx",
    "**/*.a",
    "**/* *",
    "BUILD.bazel",
    "WORKSPACE",
]

def _python_wheel_impl(rctx):
    rctx.download_and_extract(url = rctx.attr.url, sha256 = rctx.attr.sha256, type = "zip")
    compiled = rctx.execute([
        _PYTHON,
        "-m",
        "compileall",
        "-q",
        "-d",
        "@" + rctx.attr.name,
        "--invalidation-mode",
        "unchecked-hash",
        ".",
    ])
    if compiled.return_code != 0:
        fail("python_wheels: %s: compileall of %s exited %d: %s%s" % (
            rctx.attr.name,
            rctx.attr.url,
            compiled.return_code,
            compiled.stdout[-2000:],
            compiled.stderr[-2000:],
        ))
    rctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % rctx.attr.name)
    rctx.file("BUILD.bazel", "_EXCLUDE = %r\n\n" % _EXCLUDE + _BUILD)

_python_wheel = repository_rule(
    implementation = _python_wheel_impl,
    attrs = {
        "sha256": attr.string(mandatory = True),
        "url": attr.string(mandatory = True),
    },
    doc = "One wheel, unpacked and compiled to byte code, as @<name>//:pkg.",
)

def python_wheels(prefix, wheels):
    """Declares one repository per wheel.

    Args:
      prefix: the repositories' name prefix ("engines_wheel").
      wheels: structs with name, version, url and sha256.

    Returns:
      None.
    """
    for w in wheels:
        _python_wheel(
            name = "%s_%s" % (prefix, w.name.replace("-", "_")),
            url = w.url,
            sha256 = w.sha256,
        )
