#!/usr/bin/env python3
"""Python's independent check of the chunker: every function of every .py
corpus file of one commit, found with Python's own ast module.

Usage: pycheck.py -tree <tree.z> -blobs <blobs.batch>

Inputs are the plain files that stages/corpus/extract_history.sh writes
(`git ls-tree -r -z --full-tree` and `git cat-file --batch`). The corpus
rule is applied here, independently of the C++ code: regular blobs (100644,
100755) whose path ends in ".py" and has no "__pycache__" or
"site-packages" directory. Output: the TSV of stages/corpus/agreement.h,
sorted by path, "# check v1 python ast <version>" first.

A function is every def (or async def) of the module, at any depth: in the
module's body or a statement of it (an `if`, a `try`), in a class body, in
a function; its name is the def's, prefixed by the enclosing classes and
functions ("Outer.Inner.method", "Queue.push.check",
"make_counter.Counter.bump"); its lines are the ast's lineno (the def line:
decorators excluded) and end_lineno. A nested function is listed after the
function that holds it, which keeps its lines. A file that does not parse (a syntax
error, a Python 2 file, bytes that are not valid in its encoding) is
"F <path> error <message>" with no function.

Run with the system python3 (the interpreter the project's .venv is made
from, tools/setup.sh); only the standard library is used.
"""

import argparse
import ast
import platform
import sys
import warnings

_CORPUS_MODES = {b"100644", b"100755"}
_EXCLUDED = {"__pycache__", "site-packages"}


def parse_tree(data):
    """[(mode, type, oid, path)] of `git ls-tree -r -z` output."""
    out = []
    for i, rec in enumerate(data.split(b"\0")):
        if not rec:
            continue
        meta, tab, path = rec.partition(b"\t")
        fields = meta.split()
        if not tab or len(fields) != 3:
            raise ValueError(f"tree record {i + 1}: expected '<mode> <type> <oid>\\t<path>'")
        out.append((fields[0], fields[1], fields[2].decode(), path.decode("utf-8", "surrogateescape")))
    return out


def parse_batch(data):
    """oid -> bytes, or None for a blob missing from the clone."""
    out = {}
    pos = 0
    while pos < len(data):
        nl = data.find(b"\n", pos)
        if nl < 0:
            raise ValueError(f"batch byte {pos}: no header line")
        header = data[pos:nl].split()
        pos = nl + 1
        if len(header) == 2 and header[1] == b"missing":
            out[header[0].decode()] = None
            continue
        if len(header) != 3:
            raise ValueError(f"batch byte {pos}: bad header {header!r}")
        size = int(header[2])
        if pos + size + 1 > len(data) or data[pos + size : pos + size + 1] != b"\n":
            raise ValueError(f"batch: truncated object {header[0].decode()}")
        out[header[0].decode()] = data[pos : pos + size]
        pos += size + 1
    return out


def is_corpus(mode, kind, path):
    if kind != b"blob" or mode not in _CORPUS_MODES or not path.endswith(".py"):
        return False
    return not any(part in _EXCLUDED for part in path.split("/")[:-1])


def functions(tree):
    """(name, start, end) of the functions under an ast node, in source order.

    An explicit stack: the depth of the tree costs no recursion."""
    stack = [(tree, "")]
    while stack:
        node, prefix = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield prefix + node.name, node.lineno, node.end_lineno
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            prefix = f"{prefix}{node.name}."
        children = list(ast.iter_child_nodes(node))
        stack.extend((child, prefix) for child in reversed(children))


def one_line(text):
    return " ".join(str(text).split())


def check(out, path, source):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarning of invalid escapes: not errors
            module = ast.parse(source, filename=path)
    except (SyntaxError, ValueError, UnicodeDecodeError) as e:
        out.append(f"F\t{path}\terror\t{one_line(e)}")
        return
    out.append(f"F\t{path}\tok")
    for name, start, end in functions(module):
        out.append(f"D\t{path}\t{name}\t{start}\t{end}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-tree", required=True, help="git ls-tree -r -z output")
    parser.add_argument("-blobs", required=True, help="git cat-file --batch output")
    args = parser.parse_args()
    with open(args.tree, "rb") as f:
        tree = parse_tree(f.read())
    with open(args.blobs, "rb") as f:
        blobs = parse_batch(f.read())
    files = sorted((path, oid) for mode, kind, oid, path in tree if is_corpus(mode, kind, path))
    out = [f"# check v1 python ast {platform.python_version()}"]
    for path, oid in files:
        if oid not in blobs:
            sys.exit(f"{path}: blob {oid} not in the dump")
        if blobs[oid] is None:
            out.append(f"M\t{path}")
            continue
        check(out, path, blobs[oid])
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
