"""Rule shorthand of the judge package (stages/studies/judge/BUILD)."""

load("@rules_cc//cc:defs.bzl", "cc_library", "cc_test")

def judge_library(name, deps, test = True, test_deps = [], test_data = [], testonly = False):
    """A cc_library from <name>.cc and <name>.h and, beside it, its unit test.

    Args:
      name: the library; its sources are <name>.cc and <name>.h.
      deps: deps of the library.
      test: whether the library has the cc_test <name>_test (source <name>_test.cc).
      test_deps: deps of the test besides the library itself and gtest_main.
      test_data: data files of the test.
      testonly: whether only tests may depend on the library.
    """
    cc_library(
        name = name,
        testonly = testonly,
        srcs = [name + ".cc"],
        hdrs = [name + ".h"],
        deps = deps,
    )
    if not test:
        return
    cc_test(
        name = name + "_test",
        srcs = [name + "_test.cc"],
        data = test_data,
        deps = [
            ":" + name,
            "@system//:gtest_main",
        ] + test_deps,
    )
