#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Compile linux/workloads/*.c (static riscv64 programs the tests and the
# demo run in the guest) into build/linux/workloads/bin/. Every initramfs
# (the project's and Debian's) packs them. Rebuilt when a source, the
# compiler or this script changes; build/linux/workloads/key names them.
#
# Call graphs: frame pointers for `perf record -g`; asynchronous unwind
# tables (.eh_frame CFI for every instruction: riscv64 gcc emits none by
# default, and a sample lands anywhere in a function) for `perf record
# --call-graph dwarf`, whose unwinder (libdw) has no other way out of a
# function. No -g: the guest has no addr2line, and with debug information
# perf report would try it for every inlined frame (and complain).
set -euo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
BUILD=${BUILD:-$TOP/build}
CROSS_COMPILE=${CROSS_COMPILE:-riscv64-linux-gnu-}
WORK=$BUILD/linux/workloads
CFLAGS=(-static -O2 -Wall -Wextra -Werror -fno-omit-frame-pointer
	-fasynchronous-unwind-tables)

. "$TOP/scripts/lib/cache.sh"

log() { printf '[workloads] %s\n' "$*" >&2; }
die() { printf '[workloads] error: %s\n' "$*" >&2; exit 1; }

key=$({
	"${CROSS_COMPILE}gcc" --version | head -1
	cat "$0"
	for f in "$TOP"/linux/workloads/*.c; do echo "== $f"; cat "$f"; done
} | cache_key)
# Both initramfs builders (linux, debian-guest) call this, perhaps at once
# (make check's build groups): one compiles, the other waits and reuses.
mkdir -p "$BUILD/linux"
exec 9>"$BUILD/linux/.workloads.lock"
flock 9
[ "$(cat "$WORK/key" 2>/dev/null)" = "$key" ] && exit 0

rm -rf "$WORK"
mkdir -p "$WORK/bin"
for c in "$TOP"/linux/workloads/*.c; do
	name=$(basename "$c" .c)
	log "compiling $name"
	"${CROSS_COMPILE}gcc" "${CFLAGS[@]}" -o "$WORK/bin/$name" "$c" -lpthread ||
		die "cannot compile $c"
done
echo "$key" >"$WORK/key"
