"""A reader of protoc's canonical text format, for repository rules.

Repository rules cannot link a proto library, so they run the authored text
proto through `protoc --encode | --decode` (which rejects any syntax or schema
error with file:line:col) and read protoc's canonical output here: one field
a line, `name: value` or `name {` ... `}`, two-space indents.

parse_canonical(text) returns a dict from field name to a list of values, in
file order: a scalar is its unquoted string (numbers and enum names as
written), a message is a dict of the same shape. Only the escapes protoc
writes for printable ASCII (\\", \\\\, \\') are undone; any other escape is
kept verbatim, so that a caller's character validation rejects it.
With raw_strings = True a scalar is kept as protoc wrote it (quotes and
escapes included), for a caller that judges a string's bytes.

canonical_text(rctx, proto, message, src, what) runs protoc and returns the
canonical text, or fails naming `what` with protoc's message.

merged_text(rctx, proto, message, under, text) is `text` merged over `under`
(both text format of `message`): protobuf's merge of the two encodings, so a
field set in `text` wins and a repeated field of both is concatenated.
"""

def _unquote(value):
    v = value.strip()
    if len(v) >= 2 and v.startswith('"') and v.endswith('"'):
        v = v[1:-1]
        out = []
        i = 0
        n = len(v)
        for _ in range(n):
            if i >= n:
                break
            c = v[i]
            if c == "\\" and i + 1 < n and v[i + 1] in "\"\\'":
                out.append(v[i + 1])
                i += 2
            else:
                out.append(c)
                i += 1
        return "".join(out)
    return v

def parse_canonical(text, raw_strings = False):
    """See the module docstring.

    Args:
      text: canonical text format (canonical_text's output).
      raw_strings: keep every scalar as protoc wrote it (a string quoted,
        each escape as written; cheap: nothing is unquoted), for a check of
        a string's bytes that must tell an escape from its characters.

    Returns:
      The message as a dict: field name -> list of values (scalars or dicts).
    """
    root = {}
    stack = [root]
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line == "}":
            stack.pop()
            continue
        if line.endswith("{"):
            key = line[:-1].strip()
            child = {}
            stack[-1].setdefault(key, []).append(child)
            stack.append(child)
            continue
        key, sep, value = line.partition(":")
        if not sep:
            fail("unexpected line in protoc's canonical output: %r" % line)
        stack[-1].setdefault(key.strip(), []).append(value.strip() if raw_strings else _unquote(value))
    return root

def one(d, key, default = None):
    """The single value of `key` in a parsed message, or `default`."""
    values = d.get(key, [])
    return values[-1] if values else default

def canonical_text(rctx, proto, message, src, what, errors = None):
    """Canonical text of the text proto at `src` (a path) as `message`.

    Args:
      rctx: the repository context.
      proto: workspace-relative path of the .proto file ("stages/x/y.proto").
      message: full message name ("repro.experiments.Experiment").
      src: path of the text proto.
      what: how to name the file in an error ("data/experiments/e04.textproto").
      errors: None (a protoc error fails the rule), or a list the error is
        appended to (then None is returned).

    Returns:
      The canonical text (protoc --decode of its --encode), a string, or None.
    """
    root = rctx.path(Label("//:WORKSPACE")).dirname
    protoc = _protoc(rctx)
    cmd = ("'{protoc}' --proto_path='{root}' --encode={msg} {proto} < '{src}' > canonical.binpb && " +
           "'{protoc}' --proto_path='{root}' --decode={msg} {proto} < canonical.binpb").format(
        protoc = protoc,
        root = root,
        msg = message,
        proto = proto,
        src = src,
    )
    res = rctx.execute(["/bin/sh", "-c", cmd])
    rctx.delete("canonical.binpb")
    if res.return_code != 0:
        error = "%s: not a valid %s text proto:\n%s" % (what, message, res.stderr.replace(str(root) + "/", ""))
        if errors == None:
            fail(error)
        errors.append(error.strip())
        return None
    return res.stdout

def _protoc(rctx):
    protoc = rctx.which("protoc")
    if protoc == None:
        fail("protoc not found (install protobuf-compiler; run tools/setup.sh)")
    return protoc

def merged_text(rctx, proto, message, under, text):
    """Canonical text of `text` merged over `under` (see the module docstring).

    Args:
      rctx: the repository context.
      proto: workspace-relative path of the .proto file.
      message: full message name.
      under: text format of `message` (the defaults).
      text: canonical text of `message` (canonical_text's output).

    Returns:
      The canonical text of the merge; fails with protoc's message (both
      inputs are protoc's own or checked-in text, so a failure is a bug).
    """
    root = rctx.path(Label("//:WORKSPACE")).dirname
    rctx.file("under.txtpb", under)
    rctx.file("over.txtpb", text)
    cmd = ("'{protoc}' --proto_path='{root}' --encode={msg} {proto} < under.txtpb > merged.binpb && " +
           "'{protoc}' --proto_path='{root}' --encode={msg} {proto} < over.txtpb >> merged.binpb && " +
           "'{protoc}' --proto_path='{root}' --decode={msg} {proto} < merged.binpb").format(
        protoc = _protoc(rctx),
        root = root,
        msg = message,
        proto = proto,
    )
    res = rctx.execute(["/bin/sh", "-c", cmd])
    for f in ["under.txtpb", "over.txtpb", "merged.binpb"]:
        rctx.delete(f)
    if res.return_code != 0:
        fail("merging the defaults of %s: %s" % (message, res.stderr))
    return res.stdout
