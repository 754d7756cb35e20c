"""python_venv: the project virtual environment as a repository.

@python_venv//:python is a shell wrapper around <workspace>/.venv/bin/python,
the virtual environment that tools/setup.sh creates from
tools/python/requirements.lock (pinned by hash). The rule reads the lock file,
so the repository (and every test that uses it) is redone when the lock
changes; the wrapper carries the lock's sha256. When .venv is absent the
wrapper fails, naming the command that creates it. Only tests use it
(tests/trec): no build action runs Python.
"""

def _python_venv_impl(ctx):
    lock = ctx.path(Label("//tools/python:requirements.lock"))
    workspace = lock.dirname.dirname.dirname
    lock_sha = ctx.execute(["sha256sum", str(lock)]).stdout.split(" ")[0]
    python = "%s/.venv/bin/python" % workspace
    ctx.file("python.sh", """#!/usr/bin/env bash
# The project virtual environment (tools/python/requirements.lock sha256 {sha}).
if [ ! -x "{python}" ] || [ "$(cat "{venv}/.lock.sha256" 2>/dev/null)" != "{sha}" ]; then
  echo "the project virtual environment {venv} is missing or older than tools/python/requirements.lock: run tools/setup.sh" >&2
  exit 1
fi
exec "{python}" "$@"
""".format(sha = lock_sha, python = python, venv = "%s/.venv" % workspace), executable = True)
    ctx.file("BUILD", """package(default_visibility = ["//visibility:public"])

sh_binary(
    name = "python",
    srcs = ["python.sh"],
)
""")

python_venv = repository_rule(
    implementation = _python_venv_impl,
    local = True,
)
