"""Where a language's rules file is (language.proto: Rules), for the stages that read one.

A task set's files are read by its languages' rules (TaskSetRef.languages
of the experiment files; DEFAULT_LANGUAGES when none is written).
"""

# The languages of a task set that does not write any: the one default,
# read by the experiments rule and the history repository.
DEFAULT_LANGUAGES = ["go"]

def rules_label(language):
    """The label of stages/corpus/languages/<language>/rules.textproto."""
    return "//stages/corpus/languages:%s/rules.textproto" % language

def rules_roles(languages):
    """{rules label: "rules/<language>"} of `languages`: a stage's inputs (language_set.h)."""
    return {rules_label(lang): "rules/" + lang for lang in languages}
