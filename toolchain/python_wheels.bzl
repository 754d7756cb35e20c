"""python_wheels: one repository per wheel of a hashed lock, as rules_python's
hub repositories do (docs/external_harness.md, "Programs with packages").

For each struct(name, version, url, sha256) of a generated wheels list
(tools/python/engines_wheels.bzl, written by tools/python/relock.sh beside
the lock), declares @<prefix>_<name> (dashes as underscores): the wheel
fetched by Bazel's http_archive with its sha256 and unpacked, exposing
`:pkg`, a py_library with the wheel's root on the import path and its shared
objects (e.g. numpy.libs/) as data. A repository is fetched only when a
target needs it. The wheels are cp311 manylinux x86_64, for the py_binary
toolchain's /usr/bin/python3 (toolchain/BUILD).
"""

load("@bazel_tools//tools/build_defs/repo:http.bzl", "http_archive")

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
    data = glob(["**/*"], exclude = _EXCLUDE + ["**/*.py", "**/*.pyc", "**/*.dist-info/RECORD"]),
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

def python_wheels(prefix, wheels):
    """Declares one repository per wheel.

    Args:
      prefix: the repositories' name prefix ("engines_wheel").
      wheels: structs with name, version, url and sha256.

    Returns:
      None.
    """
    for w in wheels:
        http_archive(
            name = "%s_%s" % (prefix, w.name.replace("-", "_")),
            type = "zip",
            urls = [w.url],
            sha256 = w.sha256,
            build_file_content = "_EXCLUDE = %r\n\n" % _EXCLUDE + _BUILD,
        )
