"""The sweep's settings table (tools/embedding/sweep.tsv): one row a setting.

  python3 tools/embedding/settings.py <table>   # checks it: exit 0, or 1 naming the bad row

read_settings(path) returns the rows as dicts with the keys of COLUMNS, in
file order, each value checked; a bad row is a SystemExit naming the file,
the line, the column, what was expected and what was found. Lines starting
with '#' are comments; the first other line is the header and must be
COLUMNS exactly.
"""

import re

COLUMNS = ("name", "threads", "server_batch", "wait_policy", "client_batch")
WAIT_POLICIES = ("passive", "active", "spin-then-sleep")
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def _positive(value, upper):
    return re.fullmatch(r"[0-9]{1,9}", value) is not None and 1 <= int(value) <= upper


CHECKS = {
    "name": (lambda v: NAME.fullmatch(v) is not None, "a name of [A-Za-z0-9._-]"),
    "threads": (lambda v: _positive(v, 256), "an integer from 1 to 256"),
    "server_batch": (lambda v: _positive(v, 9999), "an integer from 1 to 9999"),
    "wait_policy": (lambda v: v in WAIT_POLICIES, " or ".join(WAIT_POLICIES)),
    "client_batch": (lambda v: _positive(v, 9999), "an integer from 1 to 9999"),
}
INTEGER_COLUMNS = ("threads", "server_batch", "client_batch")


def _row(path, n, fields):
    if len(fields) != len(COLUMNS):
        raise SystemExit(f"{path}:{n}: expected {len(COLUMNS)} tab-separated columns "
                         f"({', '.join(COLUMNS)}), found {len(fields)}")
    row = dict(zip(COLUMNS, fields))
    for column, (ok, expected) in CHECKS.items():
        if not ok(row[column]):
            raise SystemExit(f"{path}:{n}: column {column}: expected {expected}, found {row[column]!r}")
    for column in INTEGER_COLUMNS:
        row[column] = int(row[column])
    return row


def read_settings(path):
    rows, header = [], None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            fields = line.split("\t")
            if header is None:
                header = tuple(fields)
                if header != COLUMNS:
                    raise SystemExit(f"{path}:{n}: expected the header {' '.join(COLUMNS)}, "
                                     f"found {' '.join(header)}")
                continue
            row = _row(path, n, fields)
            if any(r["name"] == row["name"] for r in rows):
                raise SystemExit(f"{path}:{n}: column name: {row['name']!r} is given twice")
            rows.append(row)
    if not rows:
        raise SystemExit(f"{path}: no settings")
    return rows


if __name__ == "__main__":
    import sys

    if len(sys.argv) != 2:
        raise SystemExit("usage: settings.py <settings table>")
    print(f"{sys.argv[1]}: {len(read_settings(sys.argv[1]))} settings")
