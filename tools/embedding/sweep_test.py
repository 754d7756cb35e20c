"""The fill sweep's pure parts: the settings table, the profile summary and
the results table (no server, no torch)."""

import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import fill_sweep  # noqa: E402
import profile_summary  # noqa: E402
import settings  # noqa: E402

HEADER = "name\tthreads\tserver_batch\twait_policy\tclient_batch\n"


def write(text):
    with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False, encoding="utf-8") as f:
        f.write(text)
    return f.name


class SettingsTest(unittest.TestCase):
    def read_error(self, text):
        path = write(text)
        try:
            with self.assertRaises(SystemExit) as e:
                settings.read_settings(path)
            return str(e.exception).replace(path, "F")
        finally:
            os.unlink(path)

    def test_rows_in_file_order_with_integers(self):
        path = write("# a comment\n" + HEADER + "b\t2\t16\tpassive\t256\na\t1\t32\tspin-then-sleep\t64\n")
        try:
            rows = settings.read_settings(path)
        finally:
            os.unlink(path)
        self.assertEqual([r["name"] for r in rows], ["b", "a"])
        self.assertEqual(rows[0], {"name": "b", "threads": 2, "server_batch": 16,
                                   "wait_policy": "passive", "client_batch": 256})

    def test_the_shipped_table_reads(self):
        rows = settings.read_settings(os.path.join(os.path.dirname(os.path.abspath(__file__)), "sweep.tsv"))
        self.assertGreater(len(rows), 1)

    def test_bad_values_name_the_line_column_expected_and_found(self):
        self.assertEqual(self.read_error(HEADER + "a\t2\t16\tlazy\t64\n"),
                         "F:2: column wait_policy: expected passive or active or spin-then-sleep, found 'lazy'")
        self.assertEqual(self.read_error(HEADER + "a\t0\t16\tpassive\t64\n"),
                         "F:2: column threads: expected an integer from 1 to 256, found '0'")
        self.assertEqual(self.read_error(HEADER + "a\t\u00b2\t16\tpassive\t64\n"),
                         "F:2: column threads: expected an integer from 1 to 256, found '\u00b2'")
        self.assertEqual(self.read_error(HEADER + "../x\t1\t16\tpassive\t64\n"),
                         "F:2: column name: expected a name of [A-Za-z0-9._-], found '../x'")
        self.assertEqual(self.read_error(HEADER + "a\t1\t16\tpassive\n"),
                         "F:2: expected 5 tab-separated columns (name, threads, server_batch, "
                         "wait_policy, client_batch), found 4")
        self.assertEqual(self.read_error(HEADER + "a\t1\t16\tpassive\t64\na\t2\t16\tpassive\t64\n"),
                         "F:3: column name: 'a' is given twice")
        self.assertEqual(self.read_error("name\tthreads\n"),
                         "F:1: expected the header name threads server_batch wait_policy "
                         "client_batch, found name threads")
        self.assertEqual(self.read_error(HEADER), "F: no settings")


class ProfileSummaryTest(unittest.TestCase):
    def test_busy_kinds_idle_leaves_and_the_model_thread(self):
        core = "thread (2): ThreadPoolExecutor-1_2;_core_batch (b.py:1);encode_core (s.py:2);"
        raw = "".join([
            core + "BertLayer.forward (m.py:3);Linear.forward (linear.py:134) 300\n",
            core + "BertSdpaSelfAttention.forward (m.py:413) 100\n",
            core + "GELUActivation.forward (a.py:85) 50\n",
            "thread (3): ThreadPoolExecutor-1_1;_preprocess_batch (b.py:9);encode_pre (s.py:4);"
            "_batch_encode_plus (t.py:5) 20\n",
            "thread (3): ThreadPoolExecutor-1_1;Condition.wait (threading.py:324) 400\n",
            "thread (1): MainThread;run (asyncio/runners.py:190);Runner.run (asyncio/runners.py:118) 500\n",
            "thread (1): MainThread;Runner.run (asyncio/runners.py:118);Response.render (r.py:7) 10\n",
            "thread (4): ThreadPoolExecutor-1_0;BatchHandler._publish_towards_model (b.py:396) 60\n",
        ])
        path = write(raw)
        try:
            summary = profile_summary.summarize(path)
        finally:
            os.unlink(path)
        self.assertEqual(summary["busy_seconds"], {
            "forward: dense layers": 3.0,
            "forward: attention": 1.0,
            "forward: the rest (GELU, layer norm, embeddings, pooling, module calls)": 0.5,
            "tokenization": 0.2,
            "HTTP handlers and JSON (Python)": 0.1,
        })
        self.assertEqual(summary["idle_seconds"], 9.6)
        self.assertEqual(summary["forward_seconds"], 4.5)
        table = profile_summary.markdown(summary, 5.0)
        self.assertIn("| forward: dense layers | 3.00 | 60 % |", table)
        self.assertIn("| the model thread, busy (all forward kinds) | 4.50 | 90 % |", table)


class ResultsTableTest(unittest.TestCase):
    def test_fastest_marked_and_equal_caches_grouped(self):
        def result(name, rate, sha):
            return {"name": name, "threads": 2, "server_batch": 16, "wait_policy": "passive",
                    "client_batch": 64, "texts_per_second": rate, "of_floor": rate / 100,
                    "server_cores_busy": 1.9, "cache_sha256": sha}

        table = fill_sweep.markdown([result("a", 50.0, "1" * 64), result("b", 60.0, "2" * 64),
                                     result("c", 55.0, "1" * 64)]).splitlines()
        self.assertEqual(table[2], "| a | 2 | 16 | passive | 64 | 50.0 | 50 % | 1.90 | A `11111111` |")
        self.assertTrue(table[3].startswith("| b (fastest) |"))
        self.assertTrue(table[4].endswith("| A `11111111` |"))


class ServerMessageTest(unittest.TestCase):
    def test_the_servers_own_message_not_a_traceback(self):
        with tempfile.TemporaryDirectory() as scratch:
            self.check_server_message(scratch)

    def check_server_message(self, scratch):
        server = os.path.join(scratch, "embedding_server.sh")
        with open(server, "w", encoding="utf-8") as f:
            f.write("#!/bin/sh\necho 'embedding_server: run tools/setup.sh --embedding-server' >&2\nexit 1\n")
        os.chmod(server, 0o755)
        table = write(HEADER + "a\t1\t32\tpassive\t64\n")
        saved, fill_sweep.SERVER = fill_sweep.SERVER, server
        try:
            with self.assertRaises(SystemExit) as e:
                fill_sweep.main(["--fill", "f", "--experiment", "x", "--limit", "1", "--settings", table,
                                 "--sample", "s", "--out", os.path.join(scratch, "out")])
        finally:
            fill_sweep.SERVER = saved
            os.unlink(table)
        self.assertEqual(str(e.exception), f"{server} digest: exit 1: embedding_server: run tools/setup.sh "
                         "--embedding-server")


if __name__ == "__main__":
    unittest.main()
