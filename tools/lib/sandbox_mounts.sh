# shellcheck shell=bash
# sandbox_mounts: the read-only bind mounts of the remote-execution sandbox, one
# "host:sandbox" a line (sourced, not run). buildbox-run gets one
# --ro-bind-mount=<line> each, from tools/remote_exec/remote_exec.sh
# (buildbox-casd's local execution) and from tools/cluster/cluster.sh (the
# cluster's workers): the two engines run actions in the same sandbox, so they
# give the same bytes.
#
# /usr (compilers, headers, libraries, bash), /bin, /lib and /lib64 (on
# Debian's merged /usr: links into /usr, bound as directories from their
# targets since bwrap cannot bind the links; /bin/bash runs every shell
# action, /lib64 holds the ELF interpreter, /lib the paths in libc.so), and
# /etc/alternatives (where libblas.so and liblapack.so point). Nothing else of
# the host is visible.
sandbox_mounts() {
  local d target
  echo "/usr:/usr"
  for d in bin lib lib64; do
    if [ -L "/$d" ]; then
      target=$(readlink -f "/$d")
      echo "$target:/$d"
    elif [ -d "/$d" ]; then
      echo "/$d:/$d"
    fi
  done
  [ -d /etc/alternatives ] && echo "/etc/alternatives:/etc/alternatives"
  return 0
}
