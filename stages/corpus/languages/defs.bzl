"""grammar_tests(GRAMMARS, ERRORS): the tests of the language folders (languages.bzl)."""

load("@rules_cc//cc:defs.bzl", "cc_test")
load("//reports:invalid.bzl", "invalid_test")

def grammar_tests(grammars, errors):
    """<language>_grammar_test for every language folder; invalid_grammars_test for ERRORS.

    Args:
      grammars: GRAMMARS of @languages//:data.bzl.
      errors: ERRORS of the same file.
    """
    for g in grammars:
        lang = g["language"]
        cc_test(
            name = lang + "_grammar_test",
            size = "small",
            srcs = ["grammar_test.cc"],
            args = ["$(rootpath %s/%s)" % (lang, g["sample"])],
            data = ["%s/%s" % (lang, g["sample"])],
            local_defines = ["TS_LANGUAGE=tree_sitter_" + lang],
            deps = [
                "//stages/framework/pipeline:file_io",
                "@system//:tree_sitter",
                "@tree_sitter_%s//:tree_sitter_%s" % (lang, lang),
            ],
        )
    if errors:
        invalid_test(name = "invalid_grammars_test", message = "\n".join(errors))
