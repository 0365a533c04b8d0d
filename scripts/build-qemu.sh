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
#                $CACHE/ccache)
#   QEMU_TARBALL the orig tarball
#   QEMU_VERSION its version
#   QEMU_KEY     cache key (mk/qemu.mk computes it; computed here otherwise)
#   JOBS         parallel compile jobs
#
# The key covers the QEMU version, the patches, the draft encoding header and
# this script, so any change to them builds a new entry and an unchanged tree
# (in this clone or any other on the machine) reuses the old one in seconds.
# Work happens in a temporary directory next to the cache entry and is
# renamed into place only when the binary exists, so an interrupted build
# never leaves a half entry behind.
set -euo pipefail

OUT=${1:?usage: build-qemu.sh OUT}
TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
CACHE=${CACHE:-$HOME/.cache/tally}
QEMU_VERSION=${QEMU_VERSION:-10.0.2}
QEMU_TARBALL=${QEMU_TARBALL:-$CACHE/src/qemu_${QEMU_VERSION}+ds.orig.tar.xz}
JOBS=${JOBS:-$(nproc)}
PATCH_DIR=$TOP/qemu/patches
DRAFT_HDR=$TOP/include/sbi/riscv_draft_encoding.h
# Name of the header inside the QEMU tree (target/riscv/), where the patches
# include it from.
DRAFT_DEST=target/riscv/riscv_draft_encoding.h

log() { printf '[qemu] %s\n' "$*"; }
die() { printf '[qemu] error: %s\n' "$*" >&2; exit 1; }

[ -f "$QEMU_TARBALL" ] || die "no $QEMU_TARBALL (run make deps)"
[ -f "$DRAFT_HDR" ] || die "no $DRAFT_HDR"

shopt -s nullglob
patches=("$PATCH_DIR"/*.patch)
shopt -u nullglob

# Same formula as hash_files in mk/config.mk: sorted paths, contents
# concatenated, first 16 hex digits of the SHA-256.
if [ -z "${QEMU_KEY:-}" ]; then
	h=$(printf '%s\n' "${patches[@]}" "$DRAFT_HDR" "$TOP/scripts/build-qemu.sh" |
		LC_ALL=C sort | xargs cat | sha256sum | cut -c1-16)
	QEMU_KEY=$QEMU_VERSION-$h
fi

ROOT=$CACHE/qemu
ENTRY=$ROOT/$QEMU_KEY
BIN=qemu-system-riscv64
BIN32=qemu-system-riscv32

link_one() {
	ln -sfn "$1" "$2.tmp"
	mv -T "$2.tmp" "$2"
}

link_out() {
	mkdir -p "$(dirname "$OUT")"
	link_one "$ENTRY/$BIN" "$OUT"
	link_one "$ENTRY/$BIN32" "$(dirname "$OUT")/$BIN32"
}

have_entry() { [ -x "$ENTRY/$BIN" ] && [ -x "$ENTRY/$BIN32" ]; }

if have_entry; then
	link_out
	log "cached: $ENTRY"
	exit 0
fi

mkdir -p "$ROOT"
# One builder per machine: a second clone waits, then finds the entry.
exec 9>"$ROOT/.lock"
if ! flock -n 9; then
	log "another build holds $ROOT/.lock, waiting"
	flock 9
fi
if have_entry; then
	link_out
	log "cached (built meanwhile): $ENTRY"
	exit 0
fi
# Holding the lock, no other build runs: leftovers of a killed one go.
rm -rf "$ROOT"/.tmp-*

start=$(date +%s)
WORK=$(mktemp -d "$ROOT/.tmp-$QEMU_KEY.XXXXXX")
cleanup() { rm -rf "$WORK"; }
trap cleanup EXIT
SRC=$WORK/qemu-$QEMU_VERSION

log "unpacking $(basename "$QEMU_TARBALL")..."
tar -xJf "$QEMU_TARBALL" -C "$WORK"
[ -d "$SRC" ] || die "tarball did not unpack to qemu-$QEMU_VERSION/"

for p in "${patches[@]}"; do
	log "applying $(basename "$p")"
	patch -d "$SRC" -p1 -s -N --no-backup-if-mismatch <"$p" ||
		die "patch $(basename "$p") does not apply"
done
cp "$DRAFT_HDR" "$SRC/$DRAFT_DEST"

# The +ds tarball has no firmware blobs; meson still wants the compressed
# edk2 images to exist when bzip2 is installed.
for f in $(sed -n 's/.*\(edk2-[a-z0-9_-]*\.fd\).*/\1/p' \
	"$SRC/pc-bios/meson.build" | sort -u); do
	[ -e "$SRC/pc-bios/$f.bz2" ] || bzip2 -c </dev/null >"$SRC/pc-bios/$f.bz2"
done

# Only the boards the tests boot: virt, and on riscv64 sifive_u (a monitor
# hart without S-mode, SiFive UART; tests/linux/sifive-u-test.sh), spike
# (HTIF console and power-off) and microchip-icicle-kit (PolarFire SoC:
# E51 monitor hart, MMUART; tests/linux/boards-test.sh). A device config is
# named relative to configs/devices/.
for t in riscv64 riscv32; do
	printf 'CONFIG_RISCV_VIRT=y\n' >"$SRC/configs/devices/$t-softmmu/tally.mak"
done
printf 'CONFIG_SIFIVE_U=y\nCONFIG_SPIKE=y\nCONFIG_MICROCHIP_PFSOC=y\n' \
	>>"$SRC/configs/devices/riscv64-softmmu/tally.mak"

export CCACHE_DIR=$CACHE/ccache
export CCACHE_BASEDIR=$WORK
export CCACHE_NOHASHDIR=true
export CCACHE_SLOPPINESS=time_macros,include_file_mtime,include_file_ctime
mkdir -p "$CCACHE_DIR"
ccache -M 5G >/dev/null 2>&1 || true

# No debug info (-g): nothing reads QEMU's symbols, and a cold build
# compiles faster without it.
log "configuring..."
mkdir -p "$SRC/build"
if ! (cd "$SRC/build" && ../configure \
	--python=/usr/bin/python3 \
	--cc='ccache gcc' --cxx='ccache g++' \
	--target-list=riscv64-softmmu,riscv32-softmmu \
	--without-default-features \
	--without-default-devices \
	--with-devices-riscv64=tally \
	--with-devices-riscv32=tally \
	--enable-fdt=system \
	--disable-docs --disable-werror --disable-download \
	--disable-debug-info \
	--disable-install-blobs) >"$WORK/configure.log" 2>&1; then
	tail -30 "$WORK/configure.log" >&2
	die "configure failed (log above)"
fi

total=$(ninja -C "$SRC/build" -n "$BIN" "$BIN32" 2>/dev/null | grep -c '^\[' || true)
log "building ($total targets, $JOBS jobs, ccache $CCACHE_DIR)..."
# Progress every ~10%; the full log is kept with the entry.
set +e
ninja -C "$SRC/build" -j "$JOBS" "$BIN" "$BIN32" 2>&1 | tee "$WORK/build.log" |
	awk -v total="$total" '
		/^\[[0-9]+\/[0-9]+\]/ {
			split(substr($1, 2), a, "/"); n = a[1]
			step = int(total / 10); if (step < 1) step = 1
			if (n - last >= step) { printf "[qemu]   %d/%d\n", n, total; fflush(); last = n }
		}'
rc=${PIPESTATUS[0]}
set -e
if [ "$rc" != 0 ] || [ ! -x "$SRC/build/$BIN" ] || [ ! -x "$SRC/build/$BIN32" ]; then
	grep -A20 -m1 -E 'error|FAILED' "$WORK/build.log" >&2 || tail -40 "$WORK/build.log" >&2
	die "build failed"
fi

STAGE=$WORK/entry
mkdir -p "$STAGE"
mv "$SRC/build/$BIN" "$SRC/build/$BIN32" "$STAGE/"
cp "$WORK/configure.log" "$WORK/build.log" "$STAGE/"
{
	echo "key=$QEMU_KEY"
	echo "version=$QEMU_VERSION"
	echo "tarball=$(basename "$QEMU_TARBALL")"
	for p in "${patches[@]}"; do echo "patch=$(basename "$p")"; done
	echo "built=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
} >"$STAGE/INFO"
mv -T "$STAGE" "$ENTRY"
link_out
log "built $ENTRY in $(($(date +%s) - start))s"
