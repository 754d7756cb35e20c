"""cc_fuzz_target: a libFuzzer target that is also a regression test.

cc_fuzz_target(name, srcs, deps, corpus) defines

  <name>              the fuzzer binary. Its sources define
                      `extern "C" int LLVMFuzzerTestOneInput(const uint8_t*, size_t)`.
                      Under --config=fuzz (clang, ASan + UBSan, see .bazelrc)
                      it links libFuzzer's main; in every other configuration
                      it links //tools/fuzz:replay_main, which runs the function
                      once on each file named on the command line.
  <name>_corpus       the seed corpus (files, any labels), a filegroup.
  <name>_seeds        the same files in one tar (<name>_seeds.tar, each
                      file's workspace path with '/' turned into '_'), which
                      tools/fuzz/run.sh unpacks into the working corpus.
  <name>_corpus_test  a cc_test that replays every seed file (with the
                      default toolchain, so `bazel test //...` keeps each
                      target compiling and its seeds passing).

The fuzzer binary is tagged "fuzz_target" (tools/fuzz/run.sh and
//tests/fuzz:fuzz_smoke_test find the targets by that tag) and "manual", so
that `bazel build //...` builds it through its corpus test only.
"""

load("@rules_cc//cc:defs.bzl", "cc_binary", "cc_test")

_LIBFUZZER = "//tools/fuzz:libfuzzer"

def cc_fuzz_target(name, srcs, deps = [], corpus = [], data = [], testonly = True, **kwargs):
    cc_binary(
        name = name,
        srcs = srcs,
        data = data,
        deps = deps + select({
            _LIBFUZZER: [],
            "//conditions:default": ["//tools/fuzz:replay_main"],
        }),
        linkopts = select({
            _LIBFUZZER: ["-fsanitize=fuzzer"],
            "//conditions:default": [],
        }),
        testonly = testonly,
        tags = ["fuzz_target", "manual"],
        **kwargs
    )
    native.filegroup(
        name = name + "_corpus",
        srcs = corpus,
        testonly = testonly,
    )
    native.genrule(
        name = name + "_seeds",
        srcs = corpus,
        outs = [name + "_seeds.tar"],
        cmd = ("tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner " +
               "--dereference --transform='s#/#_#g' -cf $@ $(SRCS)"),
        testonly = testonly,
        tags = ["manual"],
    )
    cc_test(
        name = name + "_corpus_test",
        srcs = srcs,
        deps = deps + ["//tools/fuzz:replay_main"],
        args = ["$(rootpaths :%s_corpus)" % name],
        data = data + [":%s_corpus" % name],
        size = "small",
        **kwargs
    )
