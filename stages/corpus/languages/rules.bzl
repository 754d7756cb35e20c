"""Where a language's rules and query files are (language.proto: Rules), for the stages that read them.

A task set's files are read by its languages' rules (TaskSetRef.languages
of the experiment files; DEFAULT_LANGUAGES when none is written).
"""

# The languages of a task set that does not write any: the one default,
# read by the experiments rule and the history repository.
DEFAULT_LANGUAGES = ["go"]

def rules_label(language):
    """The label of stages/corpus/languages/<language>/rules.textproto."""
    return "//stages/corpus/languages:%s/rules.textproto" % language

# The query files every language folder holds, <language>/queries/<name>.scm
# (language.proto: Rules.queries): what S003 (comments) and S004
# (identifiers) capture.
QUERY_FILES = ["comments", "identifiers"]

def query_label(language, name):
    """The label of stages/corpus/languages/<language>/queries/<name>.scm."""
    return "//stages/corpus/languages:%s/queries/%s.scm" % (language, name)

def rules_roles(languages):
    """A stage's inputs of `languages` (language_set.h): their rules and query files.

    Args:
      languages: the task set's languages.

    Returns:
      {rules label: "rules/<language>"} and, for each of QUERY_FILES,
      {query label: "queries/<language>/<name>"}.
    """
    roles = {rules_label(lang): "rules/" + lang for lang in languages}
    for lang in languages:
        for name in QUERY_FILES:
            roles[query_label(lang, name)] = "queries/%s/%s" % (lang, name)
    return roles
