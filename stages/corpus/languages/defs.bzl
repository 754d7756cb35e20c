"""The targets of the language folders (languages.bzl): grammar libraries and tests."""

load("@rules_cc//cc:defs.bzl", "cc_library", "cc_test")
load("//stages/framework/pipeline:invalid.bzl", "invalid_test")

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
            local_defines = [
                "TS_LANGUAGE=tree_sitter_" + lang,
                "GRAMMAR_FETCH_ERROR=tree_sitter_%s_fetch_error" % lang,
            ],
            deps = [
                "//stages/framework/pipeline:file_io",
                "@system//:tree_sitter",
                "@tree_sitter_%s//:tree_sitter_%s" % (lang, lang),
            ],
        )
    if errors:
        invalid_test(name = "invalid_grammars_test", message = "\n".join(errors))

def grammar_libraries(grammars):
    """<language>_grammar for every language folder, and `grammars` linking them all.

    Each compiles the checked-in register_grammar.cc with the folder's data
    as defines, so that linking it registers the grammar (grammar_registry.h).

    Args:
      grammars: GRAMMARS of @languages//:data.bzl.
    """
    for g in grammars:
        lang = g["language"]
        cc_library(
            name = lang + "_grammar",
            srcs = ["register_grammar.cc"],
            local_defines = [
                "TS_LANGUAGE=tree_sitter_" + lang,
                # local_defines are Bourne-tokenized: the single quotes keep
                # the double quotes of the C string literal.
                "GRAMMAR_LANGUAGE='\"%s\"'" % lang,
                "GRAMMAR_ID='\"%s %s\"'" % (g["npm_package"], g["version"]),
                "GRAMMAR_FETCH_ERROR=tree_sitter_%s_fetch_error" % lang,
            ],
            alwayslink = True,
            deps = [
                ":grammar_registry",
                "@tree_sitter_%s//:tree_sitter_%s" % (lang, lang),
            ],
        )
    cc_library(
        name = "grammars",
        deps = [":%s_grammar" % g["language"] for g in grammars],
    )
