"""One checked reader of what Bazel writes about a build, for the scripts.

Infrastructure reads Bazel's structured outputs, never its console text:

  bep.py tests <build_event_json_file>
      the build-event stream of `bazel test --build_event_json_file=F`:
      one line per test target, "<label>\t<status>\t<seconds>\t<cached>\t<log>"
      (status: overallStatus, PASSED, FAILED, TIMEOUT, NO_STATUS, FLAKY,
      FAILED_TO_BUILD, INCOMPLETE, REMOTE_FAILURE, TOOL_HALTED_BEFORE_TESTING;
      seconds: totalRunDurationMillis / 1000 with one decimal; cached: 1 when
      every run came from a cache; log: the first test.log path, or "-"),
      in the stream's order.
  bep.py spawns <execution_log_json_file>
      the execution log of `--execution_log_json_file=F` (SpawnExec objects
      one after another): one line per spawn, "<mnemonic>\t<runner>".

Checks, each a message naming the file and the line (or the spawn's index)
and exit status 2, with nothing printed to stdout: a line of the stream that
is not a JSON object with an "id"; a stream without its last message
(lastMessage: true; a build that is still running or was cut short); an
unknown overallStatus; a test target with two summaries; text in the
execution log that is not a JSON object; a spawn without a string mnemonic or
runner.
"""

import json
import sys
from urllib.parse import unquote, urlparse

STATUSES = {
    "PASSED", "FLAKY", "TIMEOUT", "FAILED", "INCOMPLETE", "REMOTE_FAILURE",
    "FAILED_TO_BUILD", "TOOL_HALTED_BEFORE_TESTING", "NO_STATUS",
}


class Bad(Exception):
    """Input that is not what Bazel writes: the message names where."""


def read_events(path):
    """The events of a build-event JSON file, each with its line number."""
    events = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            try:
                event = json.loads(line)
            except json.JSONDecodeError as e:
                raise Bad(f"{path}:{number}: not JSON ({e.msg} at column {e.colno})")
            if not isinstance(event, dict) or not isinstance(event.get("id"), dict):
                raise Bad(f"{path}:{number}: expected a build event (an object with an id)")
            events.append((number, event))
    if not events or events[-1][1].get("lastMessage") is not True:
        raise Bad(f"{path}: the stream has no last message (the build is still running or was cut short)")
    return events


def log_path(summary):
    """The first test.log of a test summary, as a local path ("-" when none)."""
    for key in ("passed", "failed"):
        for f in summary.get(key, []):
            uri = urlparse(f.get("uri", ""))
            if uri.scheme == "file":
                return unquote(uri.path)
    return "-"


def tests(path):
    rows, seen = [], set()
    for number, event in read_events(path):
        if "testSummary" not in event["id"]:
            continue
        label = event["id"]["testSummary"].get("label", "")
        summary = event.get("testSummary", {})
        status = summary.get("overallStatus", "NO_STATUS")
        if status not in STATUSES:
            raise Bad(f"{path}:{number}: {label}: unknown overallStatus {status!r}")
        if label in seen:
            raise Bad(f"{path}:{number}: {label}: a second test summary")
        seen.add(label)
        runs = int(summary.get("totalRunCount", 0))
        cached = 1 if runs > 0 and int(summary.get("totalNumCached", 0)) == runs else 0
        seconds = int(summary.get("totalRunDurationMillis", 0)) / 1000
        rows.append(f"{label}\t{status}\t{seconds:.1f}\t{cached}\t{log_path(summary)}")
    return rows


def spawns(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    decoder, rows, pos, index = json.JSONDecoder(), [], 0, 0
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos == len(text):
            return rows
        try:
            spawn, pos = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as e:
            raise Bad(f"{path}: spawn {index}: not JSON ({e.msg} at line {e.lineno})")
        if not isinstance(spawn, dict) or not all(
                isinstance(spawn.get(k), str) for k in ("mnemonic", "runner")):
            raise Bad(f"{path}: spawn {index}: expected an object with a mnemonic and a runner")
        rows.append(f"{spawn['mnemonic']}\t{spawn['runner']}")
        index += 1


def main(argv):
    readers = {"tests": tests, "spawns": spawns}
    if len(argv) != 3 or argv[1] not in readers:
        print("usage: bep.py tests <build_event_json_file> | spawns <execution_log_json_file>",
              file=sys.stderr)
        return 2
    try:
        rows = readers[argv[1]](argv[2])
    except (Bad, OSError, UnicodeDecodeError) as e:
        print(f"bep.py: {e}", file=sys.stderr)
        return 2
    for row in rows:
        print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
