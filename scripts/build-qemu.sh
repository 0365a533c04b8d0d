#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Build the project's QEMU (riscv64-softmmu and riscv32-softmmu) from the
# Debian orig tarball plus qemu/patches/*.patch, and cache the result outside
# the clone.
#
#   build-qemu.sh OUT
#
# OUT is the stable path to (re)point at the cached qemu-system-riscv64 (a
# symlink); qemu-system-riscv32 is linked beside it.
# Environment (all have defaults matching mk/config.mk):
#   TOP          project root
#   CACHE        cache root (binaries in $CACHE/qemu/<key>/, ccache in
#                $CACHE/ccache); default TALLY_CACHE or ~/.cache/tally
#   QEMU_TARBALL the orig tarball
#   QEMU_VERSION its version
#   QEMU_KEY     cache key (mk/qemu.mk computes it; computed here otherwise)
#   JOBS         parallel compile jobs
#
# The key covers the QEMU version, the patches, the draft encoding header,
# this script and scripts/lib/qemu-tree.sh (the configuration), so any
# change to them builds a new entry and an unchanged tree (in this clone or
# any other on the machine) reuses the old one in seconds.
# scripts/lib/cache.sh builds it in a temporary directory next to the cache
# entry, under a lock, and renames it into place whole.
set -euo pipefail

OUT=${1:?usage: build-qemu.sh OUT}
TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
CACHE=${CACHE:-${TALLY_CACHE:-$HOME/.cache/tally}}
QEMU_VERSION=${QEMU_VERSION:-10.2.2}
QEMU_TARBALL=${QEMU_TARBALL:-$CACHE/src/qemu_${QEMU_VERSION}+ds.orig.tar.xz}
JOBS=${JOBS:-$(nproc)}
PATCH_DIR=$TOP/qemu/patches
DRAFT_HDR=$TOP/include/sbi/riscv_draft_encoding.h
. "$TOP/scripts/lib/cache.sh"
. "$TOP/scripts/lib/qemu-tree.sh"

log() { printf '[qemu] %s\n' "$*"; }
die() { printf '[qemu] error: %s\n' "$*" >&2; exit 1; }

[ -f "$QEMU_TARBALL" ] || die "no $QEMU_TARBALL (run make deps)"
[ -f "$DRAFT_HDR" ] || die "no $DRAFT_HDR"

shopt -s nullglob
patches=("$PATCH_DIR"/*.patch)
shopt -u nullglob

# Same formula as hash_files in mk/config.mk: sorted paths, contents
# concatenated.
if [ -z "${QEMU_KEY:-}" ]; then
	h=$(printf '%s\n' "${patches[@]}" "$DRAFT_HDR" "$TOP/scripts/build-qemu.sh" \
		"$TOP/scripts/lib/qemu-tree.sh" |
		LC_ALL=C sort | xargs cat | cache_key)
	QEMU_KEY=$QEMU_VERSION-$h
fi

ENTRY=$CACHE/qemu/$QEMU_KEY
BIN=qemu-system-riscv64
BIN32=qemu-system-riscv32

# build WORK: both binaries, the logs and INFO into WORK/entry
# (scripts/lib/cache.sh)
build() {
	local work=$1 src start t rc total f p
	src=$work/qemu-$QEMU_VERSION
	start=$(date +%s)
	log "unpacking $(basename "$QEMU_TARBALL")..."
	tar -xJf "$QEMU_TARBALL" -C "$work"
	[ -d "$src" ] || die "tarball did not unpack to qemu-$QEMU_VERSION/"

	for p in "${patches[@]}"; do
		log "applying $(basename "$p")"
		patch -d "$src" -p1 -s -N --no-backup-if-mismatch <"$p" ||
			die "patch $(basename "$p") does not apply"
	done
	qemu_prepare_tree "$src" "$DRAFT_HDR"
	qemu_ccache "$CACHE" "$work"
	log "configuring..."
	qemu_configure "$src" "$work/configure.log"

	total=$(ninja -C "$src/build" -n "$BIN" "$BIN32" 2>/dev/null | grep -c '^\[' || true)
	log "building ($total targets, $JOBS jobs, ccache $CCACHE_DIR)..."
	# Progress every ~10%; the full log is kept with the entry.
	set +e
	ninja -C "$src/build" -j "$JOBS" "$BIN" "$BIN32" 2>&1 | tee "$work/build.log" |
		awk -v total="$total" '
			/^\[[0-9]+\/[0-9]+\]/ {
				split(substr($1, 2), a, "/"); n = a[1]
				step = int(total / 10); if (step < 1) step = 1
				if (n - last >= step) { printf "[qemu]   %d/%d\n", n, total; fflush(); last = n }
			}'
	rc=${PIPESTATUS[0]}
	set -e
	if [ "$rc" != 0 ] || [ ! -x "$src/build/$BIN" ] || [ ! -x "$src/build/$BIN32" ]; then
		grep -A20 -m1 -E 'error|FAILED' "$work/build.log" >&2 || tail -40 "$work/build.log" >&2
		die "build failed"
	fi

	t=$work/entry
	mkdir -p "$t"
	mv "$src/build/$BIN" "$src/build/$BIN32" "$t/"
	cp "$work/configure.log" "$work/build.log" "$t/"
	{
		echo "key=$QEMU_KEY"
		echo "version=$QEMU_VERSION"
		echo "tarball=$(basename "$QEMU_TARBALL")"
		for p in "${patches[@]}"; do echo "patch=$(basename "$p")"; done
		echo "built=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	} >"$t/INFO"
	log "built $ENTRY in $(($(date +%s) - start))s"
}

if [ -x "$ENTRY/$BIN" ] && [ -x "$ENTRY/$BIN32" ]; then
	log "cached: $ENTRY"
else
	cache_fill "$ENTRY" "$BIN32" build
fi
cache_link "$ENTRY/$BIN" "$OUT"
cache_link "$ENTRY/$BIN32" "$(dirname "$OUT")/$BIN32"
