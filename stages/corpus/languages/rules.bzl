"""Where a language's rules file is (language.proto: Rules), for the stages that read one.

A task set's files are read by one language's rules; every set is Go today
(DEFAULT_LANGUAGE), until task sets declare their languages.
"""

DEFAULT_LANGUAGE = "go"

def rules_label(language):
    """The label of stages/corpus/languages/<language>/rules.textproto."""
    return "//stages/corpus/languages:%s/rules.textproto" % language
