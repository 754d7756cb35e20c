"""engines_wheels.bzl (the wheels WORKSPACE fetches, toolchain/python_wheels.bzl)
agrees with engines.lock: the same packages, versions and sha256s, each URL a
wheel of files.pythonhosted.org named for its package and version. Both are
written by tools/python/relock.sh <lock's stem>; this catches a hand edit of one.

Args: <engines.lock> <engines_wheels.bzl>
"""
import os
import re
import sys


def lock_rows(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return re.findall(r"^([a-z0-9-]+)==(\S+) \\\n\s+--hash=sha256:([0-9a-f]{64})$", text, re.M)


def wheel_rows(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return re.findall(r'name = "([^"]+)",\s+version = "([^"]+)",\s+url = "([^"]+)",\s+'
                      r'sha256 = "([0-9a-f]{64})"', text)


def main(argv):
    lock, wheels = lock_rows(argv[1]), wheel_rows(argv[2])
    if not lock:
        sys.exit(f"FAIL: {argv[1]}: expected pinned packages, found none")
    found = [(n, v, s) for n, v, _, s in wheels]
    if found != lock:
        sys.exit(f"FAIL: {argv[2]}: expected the packages of {argv[1]} (run tools/python/relock.sh "
                 f"{os.path.basename(argv[1]).removesuffix('.lock')}), found:\n  lock:   {lock}\n  wheels: {found}")
    for name, version, url, _ in wheels:
        stem = f"{name.replace('-', '_')}-{version}-"
        if not url.startswith("https://files.pythonhosted.org/") or stem not in url or not url.endswith(".whl"):
            sys.exit(f"FAIL: {argv[2]}: {name}: expected a files.pythonhosted.org URL of a wheel "
                     f"{stem}*.whl, found {url}")
    print(f"{len(lock)} wheels agree with {argv[1]}")


if __name__ == "__main__":
    main(sys.argv)
