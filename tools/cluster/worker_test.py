"""Unit test of tools/cluster/worker.py against a fake BuildGrid.

The fake serves the two services the bot calls, on a free loopback port:
Bots (CreateBotSession hands out one lease; UpdateBotSession records what
the bot returns) and ContentAddressableStorage (FindMissingBlobs and
BatchReadBlobs over a dict of blobs the test fills). buildbox-run is
replaced by a script that copies a prepared ActionResult to --action-result,
or writes none. Runs under the cluster's Python (.venv-buildgrid), which has
grpc and BuildGrid's generated protos: worker_test.sh starts it.
"""

import argparse
import hashlib
import os
import stat
import sys
import tempfile
import threading
import unittest
from concurrent import futures

import grpc
from buildgrid._protos.build.bazel.remote.execution.v2 import remote_execution_pb2 as re_pb2
from buildgrid._protos.build.bazel.remote.execution.v2 import remote_execution_pb2_grpc as re_pb2_grpc
from buildgrid._protos.google.devtools.remoteworkers.v1test2 import bots_pb2
from buildgrid._protos.google.devtools.remoteworkers.v1test2 import bots_pb2_grpc

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import worker  # noqa: E402  (tools/cluster/worker.py, beside this file)

_OK, _INTERNAL, _UNAVAILABLE = 0, 13, 14
_NOT_FOUND = 5


def digest_of(data):
    return re_pb2.Digest(hash=hashlib.sha256(data).hexdigest(), size_bytes=len(data))


class FakeCas(re_pb2_grpc.ContentAddressableStorageServicer):
    """A CAS holding `blobs` (hash -> bytes)."""

    def __init__(self):
        self.blobs = {}

    def put(self, data):
        self.blobs[hashlib.sha256(data).hexdigest()] = data
        return digest_of(data)

    def FindMissingBlobs(self, request, context):
        missing = [d for d in request.blob_digests if d.hash not in self.blobs]
        return re_pb2.FindMissingBlobsResponse(missing_blob_digests=missing)

    def BatchReadBlobs(self, request, context):
        answer = re_pb2.BatchReadBlobsResponse()
        for d in request.digests:
            blob = answer.responses.add(digest=d)
            if d.hash in self.blobs:
                blob.data = self.blobs[d.hash]
            else:
                blob.status.code = _NOT_FOUND
        return answer


class FakeBots(bots_pb2_grpc.BotsServicer):
    """Hands one PENDING lease to the first session; keeps every update."""

    def __init__(self, action):
        self.action = action
        self.updates = []
        self.completed = threading.Event()

    def CreateBotSession(self, request, context):
        session = bots_pb2.BotSession()
        session.CopyFrom(request.bot_session)
        session.name = "sessions/1"
        lease = session.leases.add(id="lease-1", state=bots_pb2.LeaseState.PENDING)
        lease.payload.Pack(self.action)
        return session

    def UpdateBotSession(self, request, context):
        self.updates.append(request.bot_session)
        if any(l.state == bots_pb2.LeaseState.COMPLETED for l in request.bot_session.leases):
            self.completed.set()
        return request.bot_session


class WorkerTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="worker_test.")
        self.action = re_pb2.Action(command_digest=digest_of(b"command"), do_not_cache=False)
        self.cas = FakeCas()
        self.bots = FakeBots(self.action)
        self.server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
        re_pb2_grpc.add_ContentAddressableStorageServicer_to_server(self.cas, self.server)
        bots_pb2_grpc.add_BotsServicer_to_server(self.bots, self.server)
        port = self.server.add_insecure_port("127.0.0.1:0")
        self.server.start()
        self.result_source = os.path.join(self.dir, "prepared_result.pb")
        runner = os.path.join(self.dir, "fake-buildbox-run")
        with open(runner, "w") as f:
            # Copies the prepared result to --action-result=<file>, if there is one.
            f.write(f"#!{sys.executable}\n"
                    "import os, shutil, sys\n"
                    "out = [a.split('=', 1)[1] for a in sys.argv if a.startswith('--action-result=')][0]\n"
                    f"if os.path.exists({self.result_source!r}): shutil.copy({self.result_source!r}, out)\n")
        os.chmod(runner, os.stat(runner).st_mode | stat.S_IXUSR)
        self.args = argparse.Namespace(server=f"127.0.0.1:{port}", instance="", casd="unix:/nonexistent",
                                       runner=runner, work=os.path.join(self.dir, "work"), bot_id="bot-test",
                                       property=["OSFamily=linux"], runner_arg=[])
        os.makedirs(self.args.work)

    def tearDown(self):
        self.server.stop(0)

    def prepare(self, result):
        with open(self.result_source, "wb") as f:
            f.write(result.SerializeToString())

    def run_one_lease(self):
        """Runs the bot's loop until it returns its lease; returns that lease."""
        bot = worker.Worker(self.args)
        thread = threading.Thread(target=bot.loop, daemon=True)
        thread.start()
        self.assertTrue(self.bots.completed.wait(30), "the bot returned no COMPLETED lease within 30 s")
        bot.stopping = True
        thread.join(30)
        self.assertFalse(thread.is_alive(), "the bot did not stop after SIGTERM's flag")
        self.assertEqual(self.bots.updates[-1].status, bots_pb2.BotStatus.BOT_TERMINATING)
        leases = [l for u in self.bots.updates for l in u.leases if l.state == bots_pb2.LeaseState.COMPLETED]
        self.assertEqual({l.id for l in leases}, {"lease-1"})
        return leases[0]

    def result_with_tree(self, file_in_tree):
        result = re_pb2.ActionResult(exit_code=0)
        result.output_files.add(path="out/a.txt", digest=self.cas.put(b"a\n"))
        result.stdout_digest.CopyFrom(self.cas.put(b"said something\n"))
        tree = re_pb2.Tree()
        tree.root.files.add(name="b.txt", digest=file_in_tree)
        tree.root.files.add(name="empty.txt", digest=digest_of(b""))
        result.output_directories.add(path="out/dir", tree_digest=self.cas.put(tree.SerializeToString()))
        return result

    def test_result_returned_when_every_blob_is_in_the_cas(self):
        result = self.result_with_tree(self.cas.put(b"b\n"))
        self.prepare(result)
        lease = self.run_one_lease()
        self.assertEqual(lease.status.code, _OK)
        returned = re_pb2.ActionResult()
        self.assertTrue(lease.result.Unpack(returned))
        self.assertEqual(returned, result)

    def test_missing_output_file_is_unavailable_not_a_result(self):
        result = self.result_with_tree(self.cas.put(b"b\n"))
        gone = result.output_files[0].digest
        del self.cas.blobs[gone.hash]
        self.prepare(result)
        lease = self.run_one_lease()
        self.assertEqual(lease.status.code, _UNAVAILABLE)
        self.assertIn(f"{gone.hash}/{gone.size_bytes}", lease.status.message)
        self.assertEqual(lease.result.type_url, "")

    def test_missing_file_inside_an_output_tree_is_unavailable(self):
        gone = digest_of(b"never uploaded\n")
        self.prepare(self.result_with_tree(gone))
        lease = self.run_one_lease()
        self.assertEqual(lease.status.code, _UNAVAILABLE)
        self.assertIn(gone.hash, lease.status.message)
        self.assertEqual(lease.result.type_url, "")

    def test_missing_tree_is_unavailable(self):
        result = self.result_with_tree(self.cas.put(b"b\n"))
        del self.cas.blobs[result.output_directories[0].tree_digest.hash]
        self.prepare(result)
        lease = self.run_one_lease()
        self.assertEqual(lease.status.code, _UNAVAILABLE)
        self.assertIn(result.output_directories[0].tree_digest.hash, lease.status.message)

    def test_no_result_file_is_internal(self):
        lease = self.run_one_lease()
        self.assertEqual(lease.status.code, _INTERNAL)
        self.assertIn("without an ActionResult", lease.status.message)
        self.assertEqual(lease.result.type_url, "")


if __name__ == "__main__":
    unittest.main()
