"""cc_library_with_test(): a library of <name>.cc and <name>.h and its unit test beside it.

The shape most libraries of stages/corpus and stages/retrieval have; a target
of another shape is written out in its BUILD file.
"""

load("@rules_cc//cc:defs.bzl", "cc_library", "cc_test")

def cc_library_with_test(name, deps, test_deps = [], test_size = "small"):
    """A cc_library from <name>.cc and <name>.h and, beside it, its unit test.

    Args:
      name: the library; its sources are <name>.cc and <name>.h.
      deps: deps of the library.
      test_deps: deps of the cc_test <name>_test (source <name>_test.cc)
        besides the library itself and gtest_main.
      test_size: the test's size; None for Bazel's default.
    """
    cc_library(
        name = name,
        srcs = [name + ".cc"],
        hdrs = [name + ".h"],
        deps = deps,
    )
    cc_test(
        name = name + "_test",
        size = test_size,
        srcs = [name + "_test.cc"],
        deps = [
            ":" + name,
            "@system//:gtest_main",
        ] + test_deps,
    )
