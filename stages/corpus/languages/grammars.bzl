"""language_grammars(): one tree-sitter grammar repository per language folder.

Called from WORKSPACE after the `languages` repository rule (languages.bzl)
has written @languages//:data.bzl, which holds only data. Declares
@tree_sitter_<language> (toolchain/tree_sitter_grammar.bzl) for every valid
stages/corpus/languages/<language>/grammar.textproto.
"""

load("@languages//:data.bzl", "GRAMMARS")
load("//toolchain:tree_sitter_grammar.bzl", "tree_sitter_grammar")

def language_grammars():
    """Declares @tree_sitter_<language> for every language folder."""
    for g in GRAMMARS:
        tree_sitter_grammar(
            name = "tree_sitter_" + g["language"],
            package = g["npm_package"],
            version = g["version"],
            sha256 = g["sha256"],
            pinned_in = g["pinned_in"],
        )
