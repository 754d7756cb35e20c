"""A Remote Workers API bot for BuildGrid: the session loop of one worker.

BuildGrid schedules actions on bots that speak the Remote Workers API
(google.devtools.remoteworkers.v1test2, "RWAPI"). Its own bot was removed
upstream in favour of buildbox-worker, which no registry reachable here
carries; this program is that one missing piece, and on a real cluster
buildbox-worker replaces it unchanged (docs/remote_execution.md). It
schedules, retries and stores nothing: scheduling, re-queueing of lost
leases, the CAS and the action cache are BuildGrid's; inputs and outputs go
through the worker's own buildbox-casd (a CAS proxy to BuildGrid's, started
by tools/cluster/cluster.sh); the action runs in buildbox-run's bubblewrap sandbox.

The loop:
  1. CreateBotSession with the worker's platform properties on its device
     (BuildGrid matches them against an action's platform: OSFamily).
  2. UpdateBotSession, which BuildGrid answers when it has a lease for the bot
     or its wait ends (the call's deadline bounds it).
  3. For each lease PENDING or ACTIVE not yet run: the payload is the
     build.bazel.remote.execution.v2.Action itself; write it to a file, run
     `buildbox-run --remote=<casd> --action=<file> --action-result=<file>
     <runner args>`, and return the lease COMPLETED with the ActionResult
     (an action that exits non-zero is a result, not an error). When
     buildbox-run writes no result, the lease is COMPLETED with status
     INTERNAL naming its exit status and log. buildbox-run 1.3.11 may exit 1
     under this loop after writing a correct result: the result file decides.
     A result is returned only once every blob it names (output files, output
     trees, stdout, stderr) is in BuildGrid's CAS (FindMissingBlobs): BuildGrid
     stores a COMPLETED result in its action cache, and an entry naming a
     missing blob fails every build that hits it ("errors during bulk
     transfer"). Otherwise the lease is COMPLETED with status UNAVAILABLE
     naming the missing digests: nothing is cached, and Bazel retries the
     action.
  4. Back to 2. On SIGTERM or SIGINT, the bot reports BOT_TERMINATING and
     exits 0 after the lease it runs.

Takes (all required but --property and --runner-arg):
  --server HOST:PORT   BuildGrid's bots endpoint (loopback, insecure)
  --instance NAME      the instance ("" by default)
  --casd URL           the worker's casd, e.g. unix:/dir/casd.sock
  --runner PATH        buildbox-run
  --work DIR           scratch for the action and result files
  --bot-id ID          this bot's id (unique in the cluster)
  --property K=V       a platform property of the bot (repeatable)
  --runner-arg ARG     an argument passed on to buildbox-run (repeatable)
Writes one line per lease to stdout:
  "lease <id> action <sha256>/<bytes> exit <code> <seconds>s"
(seconds: wall time of the run; the log is volatile, never hashed).
Exit status: 0 after SIGTERM/SIGINT; 1 when BuildGrid cannot be reached for
RETRY_LIMIT_S seconds in a row.

The REAPI and RWAPI messages and stubs come from buildgrid._protos: BuildGrid
0.9.1 has no public module for them and nothing else in its environment
(.venv-buildgrid) installs them, so that private package is the one place
they are; worker_test.py pins the calls the bot makes.
"""

import argparse
import hashlib
import os
import signal
import subprocess
import sys
import time
import uuid

import grpc
from buildgrid._protos.build.bazel.remote.execution.v2 import remote_execution_pb2 as re_pb2
from buildgrid._protos.build.bazel.remote.execution.v2 import remote_execution_pb2_grpc as re_pb2_grpc
from buildgrid._protos.google.devtools.remoteworkers.v1test2 import bots_pb2
from buildgrid._protos.google.devtools.remoteworkers.v1test2 import bots_pb2_grpc
from buildgrid._protos.google.devtools.remoteworkers.v1test2 import worker_pb2

# Deadline of one RWAPI call; BuildGrid holds CreateBotSession and
# UpdateBotSession open until it has work or the deadline nears. It bounds how
# long a new bot waits for its session and a stopping bot for its last call;
# work that is queued reaches a waiting bot at once.
CALL_DEADLINE_S = 4
# How long BuildGrid may be unreachable before the worker gives up.
RETRY_LIMIT_S = 60
# How often a bot running an action tells BuildGrid it is alive. An idle bot
# calls every CALL_DEADLINE_S; the keepalive timeout in
# tools/cluster/buildgrid.yml.in (12 s) is three times the longer of the two.
KEEPALIVE_PING_S = 2
_INTERNAL = 13  # google.rpc.Code.INTERNAL
_UNAVAILABLE = 14  # google.rpc.Code.UNAVAILABLE


class Worker:
    def __init__(self, args):
        self.args = args
        self.stopping = False
        channel = grpc.insecure_channel(args.server)
        self.bots = bots_pb2_grpc.BotsStub(channel)
        self.cas = re_pb2_grpc.ContentAddressableStorageStub(channel)
        self.done = set()  # ids of leases run, until BuildGrid drops them

    def new_session(self):
        """Creates this bot's session (retried until BuildGrid answers)."""
        worker = worker_pb2.Worker()
        device = worker.devices.add(handle=str(uuid.uuid4()))
        for prop in self.args.property:
            key, _, value = prop.partition("=")
            device.properties.add(key=key, value=value)
        session = bots_pb2.BotSession(bot_id=self.args.bot_id, status=bots_pb2.BotStatus.OK, worker=worker)
        request = bots_pb2.CreateBotSessionRequest(parent=self.args.instance, bot_session=session)
        while True:
            answer = self.call(self.bots.CreateBotSession, request)
            if answer is not None:
                return answer

    def call(self, method, request, deadline=CALL_DEADLINE_S):
        """One RWAPI call, retried while BuildGrid is unreachable (RETRY_LIMIT_S).

        Returns the answer, or None when the call's deadline passed first (a
        long poll that found no work).
        """
        first_failure = None
        while True:
            try:
                return method(request, timeout=deadline)
            except grpc.RpcError as e:
                if e.code() == grpc.StatusCode.DEADLINE_EXCEEDED and first_failure is None:
                    return None  # no work within the wait: not a failure
                now = time.monotonic()
                first_failure = first_failure or now
                if now - first_failure > RETRY_LIMIT_S:
                    sys.exit(f"worker {self.args.bot_id}: BuildGrid at {self.args.server} unreachable "
                             f"for {RETRY_LIMIT_S}s: {e.code().name}: {e.details()}")
                time.sleep(1)

    def missing_blobs(self, result):
        """The digests `result` names that BuildGrid's CAS lacks, as "<hash>/<size>" strings.

        Names: each output file, each output directory's Tree and every file
        of that tree, stdout and stderr. A Tree that cannot be read counts as
        missing, and so does everything when BuildGrid does not answer.
        """
        digests = [f.digest for f in result.output_files]
        digests += [result.stdout_digest, result.stderr_digest]
        trees = [d.tree_digest for d in result.output_directories]
        missing = []
        if trees:
            request = re_pb2.BatchReadBlobsRequest(instance_name=self.args.instance, digests=trees)
            answer = self.call(self.cas.BatchReadBlobs, request)
            for blob in answer.responses if answer is not None else []:
                if blob.status.code != 0:
                    missing.append(blob.digest)
                    continue
                tree = re_pb2.Tree()
                tree.ParseFromString(blob.data)
                for directory in [tree.root] + list(tree.children):
                    digests += [f.digest for f in directory.files]
            if answer is None:
                missing += trees
        # The empty blob is never stored or fetched (REAPI: always present).
        digests = [d for d in digests if d.size_bytes > 0]
        if digests:
            request = re_pb2.FindMissingBlobsRequest(instance_name=self.args.instance, blob_digests=digests)
            answer = self.call(self.cas.FindMissingBlobs, request)
            missing += digests if answer is None else answer.missing_blob_digests
        return [f"{d.hash}/{d.size_bytes}" for d in missing]

    def run_lease(self, session, lease):
        """Runs one lease of `session`; fills lease.result or lease.status; marks it COMPLETED."""
        action_bytes = lease.payload.value
        action_file = os.path.join(self.args.work, "action.pb")
        result_file = os.path.join(self.args.work, "result.pb")
        with open(action_file, "wb") as f:
            f.write(action_bytes)
        if os.path.exists(result_file):
            os.remove(result_file)
        start = time.monotonic()
        with open(os.path.join(self.args.work, "runner.log"), "ab") as log:
            runner = subprocess.Popen(
                [self.args.runner, "--remote=" + self.args.casd, "--action=" + action_file,
                 "--action-result=" + result_file] + self.args.runner_arg,
                stdout=log, stderr=log, stdin=subprocess.DEVNULL)
            # While the action runs, the bot keeps telling BuildGrid it is
            # alive (the lease ACTIVE): BuildGrid re-queues the leases of a
            # bot it has not heard from for its keepalive timeout.
            while True:
                try:
                    code = runner.wait(timeout=KEEPALIVE_PING_S)
                    break
                except subprocess.TimeoutExpired:
                    self.call(self.bots.UpdateBotSession,
                              bots_pb2.UpdateBotSessionRequest(name=session.name, bot_session=session),
                              deadline=KEEPALIVE_PING_S)
        seconds = time.monotonic() - start
        exit_code = "-"
        if os.path.exists(result_file):
            result = re_pb2.ActionResult()
            with open(result_file, "rb") as f:
                result.ParseFromString(f.read())
            missing = self.missing_blobs(result)
            if missing:
                lease.status.code = _UNAVAILABLE
                lease.status.message = (f"worker {self.args.bot_id}: {len(missing)} output blob(s) of the result "
                                        f"are not in the CAS, first {missing[0]}; run the action again")
            else:
                lease.result.Pack(result)
            exit_code = str(result.exit_code) if not missing else "missing-outputs"
        else:
            lease.status.code = _INTERNAL
            lease.status.message = (f"buildbox-run exited {code} without an ActionResult "
                                    f"(worker {self.args.bot_id}, log {self.args.work}/runner.log)")
        lease.state = bots_pb2.LeaseState.COMPLETED
        digest = hashlib.sha256(action_bytes).hexdigest()
        print(f"lease {lease.id} action {digest}/{len(action_bytes)} exit {exit_code} {seconds:.2f}s", flush=True)

    def loop(self):
        session = self.new_session()
        print(f"worker {self.args.bot_id}: session {session.name}", flush=True)
        while True:
            for lease in session.leases:
                if self.stopping:
                    break
                if lease.id in self.done:
                    continue
                if lease.state in (bots_pb2.LeaseState.PENDING, bots_pb2.LeaseState.ACTIVE):
                    self.run_lease(session, lease)
                    self.done.add(lease.id)
            self.done &= {lease.id for lease in session.leases}
            # Read once: a signal during the call below must not end the loop
            # before BuildGrid has heard BOT_TERMINATING.
            stopping = self.stopping
            if stopping:
                session.status = bots_pb2.BotStatus.BOT_TERMINATING
            answer = self.call(self.bots.UpdateBotSession,
                               bots_pb2.UpdateBotSessionRequest(name=session.name, bot_session=session))
            if stopping:
                print(f"worker {self.args.bot_id}: terminating", flush=True)
                return
            if answer is not None:
                session = answer


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", required=True)
    parser.add_argument("--instance", default="")
    parser.add_argument("--casd", required=True)
    parser.add_argument("--runner", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--bot-id", required=True)
    parser.add_argument("--property", action="append", default=[])
    parser.add_argument("--runner-arg", action="append", default=[])
    args = parser.parse_args()
    for prop in args.property:
        if "=" not in prop or prop.startswith("="):
            parser.error(f"--property: expected KEY=VALUE, found '{prop}'")
    os.makedirs(args.work, exist_ok=True)
    worker = Worker(args)

    def stop(signum, frame):
        worker.stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    worker.loop()


if __name__ == "__main__":
    main()
