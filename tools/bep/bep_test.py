"""bep.py on small streams and execution logs written here."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

BEP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bep.py")


def run(kind, text):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        f.write(text)
    try:
        p = subprocess.run([sys.executable, "-B", BEP, kind, f.name], capture_output=True, text=True)
        return p.returncode, p.stdout, p.stderr.replace(f.name, "F")
    finally:
        os.unlink(f.name)


def event(key, value=None, last=False, **fields):
    e = {"id": {key: value or {}}}
    e.update(fields)
    if last:
        e["lastMessage"] = True
    return json.dumps(e) + "\n"


def summary(label, status, millis, runs=1, cached=0, log="/out/testlogs/x/test.log"):
    body = {"overallStatus": status, "totalRunCount": runs, "totalNumCached": cached,
            "totalRunDurationMillis": str(millis), "passed": [{"uri": "file://" + log}]}
    return event("testSummary", {"label": label}, testSummary=body)


class Tests(unittest.TestCase):
    def test_one_row_per_summary_in_stream_order(self):
        stream = (event("started") + summary("//a:t", "PASSED", 31250, cached=0) +
                  summary("//b:u", "FAILED", 400, runs=2, cached=2, log="/o/b%20c/test.log") +
                  event("progress", last=True))
        code, out, err = run("tests", stream)
        self.assertEqual((code, err), (0, ""))
        self.assertEqual(out.splitlines(), [
            "//a:t\tPASSED\t31.2\t0\t/out/testlogs/x/test.log",
            "//b:u\tFAILED\t0.4\t1\t/o/b c/test.log",
        ])

    def test_a_stream_without_its_last_message_is_refused(self):
        code, out, err = run("tests", event("started") + summary("//a:t", "PASSED", 1))
        self.assertEqual((code, out), (2, ""))
        self.assertIn("F: the stream has no last message", err)

    def test_bad_lines_and_values_name_the_line(self):
        code, _, err = run("tests", event("started") + "{not json\n" + event("p", last=True))
        self.assertEqual(code, 2)
        self.assertIn("F:2: not JSON", err)
        code, _, err = run("tests", summary("//a:t", "GREEN", 1) + event("p", last=True))
        self.assertIn("F:1: //a:t: unknown overallStatus 'GREEN'", err)
        code, _, err = run("tests", summary("//a:t", "PASSED", 1) * 2 + event("p", last=True))
        self.assertIn("F:2: //a:t: a second test summary", err)
        code, _, err = run("tests", "[1]\n")
        self.assertIn("F:1: expected a build event", err)


class Spawns(unittest.TestCase):
    def test_pretty_printed_objects_one_after_another(self):
        log = (json.dumps({"commandArgs": ["a"], "mnemonic": "CppCompile", "runner": "remote"}, indent=2) +
               json.dumps({"mnemonic": "EvalStage", "runner": "remote cache hit"}, indent=2) + "\n")
        code, out, err = run("spawns", log)
        self.assertEqual((code, err), (0, ""))
        self.assertEqual(out.splitlines(), ["CppCompile\tremote", "EvalStage\tremote cache hit"])
        self.assertEqual(run("spawns", ""), (0, "", ""))

    def test_broken_or_incomplete_spawns_are_refused(self):
        code, out, err = run("spawns", '{"mnemonic": "A", "runner": "x"}\n{"mnemonic": ')
        self.assertEqual((code, out), (2, ""))
        self.assertIn("F: spawn 1: not JSON", err)
        code, _, err = run("spawns", '{"mnemonic": "A"}')
        self.assertIn("F: spawn 0: expected an object with a mnemonic and a runner", err)


if __name__ == "__main__":
    unittest.main()
