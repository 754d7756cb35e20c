"""Checks docs/languages.md against every language's rules.textproto and query files.

Usage: docs_table_check.py <docs/languages.md> <lang>/rules.textproto...

Each language folder has a section in the docs whose heading ends in
"(`<language>`)" and whose table has one row per checked field of
repro.corpus.languages.Rules: the row's first cell is the field name in
backticks, its second cell the values, each in backticks (or "none"; a
boolean such as nested_chunks is `true` or none).
Chunks and containers are listed by their node_type. The values are compared
as sets with those of the rules file; every difference is printed, naming the
docs file, the language, the field, what the rules file holds and what the
docs say. Exit status 1 on any difference, 0 when they agree.
The row `comments.scm` lists the node types that the folder's
queries/comments.scm (beside rules.textproto) captures, S003's data: the
type of each pattern a capture follows.
"""

import os
import re
import sys

CHECKED_FIELDS = (
    "extensions",
    "excluded_directories",
    "non_gold_basename_globs",
    "non_gold_path_globs",
    "chunks",
    "containers",
    "wrapper_types",
    "nested_chunks",
)
NESTED_BY_NODE_TYPE = ("chunks", "containers")
QUERY_ROWS = ("comments.scm",)
TOKEN = re.compile(
    r'\s+|#[^\n]*|"(?:[^"\\\n]|\\.)*"|[A-Za-z0-9_.+-]+|[{}:<>\[\],;]')


def tokens(text, path):
    """The tokens of a text proto, comments and white space dropped."""
    out, pos = [], 0
    while pos < len(text):
        match = TOKEN.match(text, pos)
        if not match:
            raise ValueError(f"{path}: cannot read the text proto at offset {pos}")
        token = match.group(0)
        pos = match.end()
        if not token[0].isspace() and token[0] != "#":
            out.append(token)
    return out


def unquote(token):
    return bytes(token[1:-1], "utf-8").decode("unicode_escape")


def parse_message(toks, i, path):
    """Parses fields from toks[i] up to '}' or the end: (fields, next index)."""
    fields = {}
    while i < len(toks) and toks[i] not in ("}", ">"):
        name = toks[i]
        i += 1
        if i < len(toks) and toks[i] == ":":
            i += 1
        if i < len(toks) and toks[i] in ("{", "<"):
            value, i = parse_message(toks, i + 1, path)
            i += 1  # the closing brace
        elif i < len(toks) and toks[i].startswith('"'):
            value = ""
            while i < len(toks) and toks[i].startswith('"'):
                value += unquote(toks[i])
                i += 1
        elif i < len(toks):
            value = toks[i]
            i += 1
        else:
            raise ValueError(f"{path}: field {name} has no value")
        fields.setdefault(name, []).append(value)
        if i < len(toks) and toks[i] in (",", ";"):
            i += 1
    return fields, i


def rules_values(path):
    """The checked fields of one rules file: {language, field -> set}."""
    with open(path, encoding="utf-8") as f:
        fields, _ = parse_message(tokens(f.read(), path), 0, path)
    values = {}
    for field in CHECKED_FIELDS:
        found = fields.get(field, [])
        if field in NESTED_BY_NODE_TYPE:
            found = [m["node_type"][0] for m in found]
        values[field] = set(found)
    for query in QUERY_ROWS:
        values[query] = captured_types(os.path.join(os.path.dirname(path), "queries", query))
    return fields["language"][0], values


def captured_types(path):
    """The node types a query file captures: of each pattern before an @name."""
    with open(path, encoding="utf-8") as f:
        text = "\n".join(line.split(";", 1)[0] for line in f.read().splitlines())
    out = set()
    for capture in re.finditer(r"\)\s*@[A-Za-z_][\w.-]*", text):
        depth = 0
        for j in range(capture.start(), -1, -1):
            depth += {")": 1, "(": -1}.get(text[j], 0)
            if depth == 0:
                out.add(re.match(r"\(\s*([A-Za-z_]\w*)", text[j:]).group(1))
                break
    return out


def docs_sections(path):
    """The tables of the docs: {language -> {field -> set}}."""
    sections, current = {}, None
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
    except OSError as error:
        raise SystemExit(f"FAIL: {path}: cannot read the docs: {error.strerror}")
    for line in lines:
        heading = re.match(r"#+ .*\(`([a-z0-9_]+)`\)\s*$", line)
        if heading:
            current = sections.setdefault(heading.group(1), {})
            continue
        row = re.match(r"\|\s*`([a-z_.]+)`\s*\|([^|]*)\|", line)
        if current is not None and row and row.group(1) in CHECKED_FIELDS + QUERY_ROWS:
            cell = row.group(2)
            current[row.group(1)] = set(re.findall(r"`([^`]+)`", cell))
    return sections


def differences(docs_path, sections, language, values):
    """One line per field on which the docs and the rules file disagree."""
    if language not in sections:
        return [f"{docs_path}: no section for language {language} "
                f"(a heading ending in (`{language}`))"]
    out = []
    for field in CHECKED_FIELDS + QUERY_ROWS:
        expected = values[field]
        found = sections[language].get(field)
        if found is None:
            out.append(f"{docs_path}: language {language}: no row for field "
                       f"`{field}` (rules file: {sorted(expected)})")
        elif found != expected:
            out.append(f"{docs_path}: language {language}: field {field}: "
                       f"rules file has {sorted(expected)}, docs say {sorted(found)}")
    return out


def main(argv):
    docs_path, rules_paths = argv[1], argv[2:]
    sections = docs_sections(docs_path)
    problems, languages = [], set()
    for path in rules_paths:
        language, values = rules_values(path)
        languages.add(language)
        problems += [f"{p} [{path}]" for p in differences(docs_path, sections, language, values)]
    for extra in sorted(set(sections) - languages):
        problems.append(f"{docs_path}: section for language {extra}, which has no rules file")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"FAIL: {len(problems)} difference(s) between {docs_path} and the rules files",
              file=sys.stderr)
        return 1
    print(f"{docs_path} agrees with {len(rules_paths)} rules files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
