#!/bin/sh
# build.sh <main.go> <out>: builds gocheck with the system Go toolchain
# (Debian's golang-go, the `go` on the action's PATH), run by the genrule in
# BUILD from the execution root.
#
# The binary holds no machine path: source paths are recorded relative to the
# execution root (`-trimpath`), the standard library's under GOROOT
# (/usr/lib/go-1.19 on Debian 12, the same on every machine with the salted
# golang-go package), and nothing else of the build is embedded.
#
# When GOROOT holds the precompiled standard library (Go 1.19, Debian 12),
# `go tool compile` and `go tool link` build against it: about 0.3 CPU-s.
# `go build -trimpath` would compile the standard library again (its action
# keys include -trimpath): about 18 CPU-s in every cold output base. A Go
# without a precompiled standard library (1.20 and later) falls back to
# `go build -trimpath` (and gives other bytes, as any other Go version does),
# as does a compile that fails (go build then prints the errors).
# GOCACHE and GOPATH are in a temporary directory next to <out>, removed
# afterwards; no network (GOPROXY=off), no cgo (a static binary).
set -eu
src=$1
out=$2
case $out in /*) ;; *) out="$PWD/$out" ;; esac
tmp=$(mktemp -d "$(dirname "$out")/gocheck.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export HOME="$tmp" GOCACHE="$tmp/cache" GOPATH="$tmp/gopath" GO111MODULE=off GOFLAGS='' GOPROXY=off CGO_ENABLED=0
# shellcheck disable=SC2046  # three words, one per line of go env: split on purpose
set -- $(go env GOROOT GOOS GOARCH)
[ $# -eq 3 ] || { echo "gocheck: 'go env GOROOT GOOS GOARCH' failed" >&2; exit 1; }
if [ -f "$1/pkg/$2_$3/fmt.a" ] \
  && go tool compile -trimpath "$PWD" -p main -complete -o "$tmp/main.o" "$src" 2> /dev/null; then
  go tool link -o "$out" "$tmp/main.o"
else
  go build -trimpath -o "$out" "$src"
fi
