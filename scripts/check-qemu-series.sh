#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Check qemu/patches/ one patch at a time, as upstream would take the
# series: a git tree of the unpacked orig tarball tagged v<version>, the
# series applied on it with `git am`, then for each patch in order QEMU's
# own scripts/checkpatch.pl (of that tree) on the patch, and a build of
# both binaries with that patch and the ones before it, without compiler
# warnings.
#
#   check-qemu-series.sh WORK
#
# WORK keeps the tree and its build between runs (a run starts again from
# the tag; only what a patch changes is recompiled). A patch passes when
# checkpatch reports no error and the build succeeds without a warning;
# checkpatch's warnings are printed. The unpatched tree is built first, so
# that each patch's build compiles what it changes. Logs: WORK/logs/. The
# last line is "N passed, N failed".
# Environment (defaults as scripts/build-qemu.sh): TOP, CACHE,
# QEMU_VERSION, QEMU_TARBALL, JOBS.
set -euo pipefail

WORK=${1:?usage: check-qemu-series.sh WORK}
TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
CACHE=${CACHE:-${TALLY_CACHE:-$HOME/.cache/tally}}
QEMU_VERSION=${QEMU_VERSION:-10.2.2}
QEMU_TARBALL=${QEMU_TARBALL:-$CACHE/src/qemu_${QEMU_VERSION}+ds.orig.tar.xz}
JOBS=${JOBS:-$(nproc)}
DRAFT_HDR=$TOP/include/sbi/riscv_draft_encoding.h
BINS=(qemu-system-riscv64 qemu-system-riscv32)
. "$TOP/scripts/lib/qemu-tree.sh"

log() { printf '[qemu-series] %s\n' "$*"; }
die() { printf '[qemu-series] error: %s\n' "$*" >&2; exit 1; }

[ -f "$QEMU_TARBALL" ] || die "no $QEMU_TARBALL (run make deps)"
shopt -s nullglob
patches=("$TOP"/qemu/patches/*.patch)
shopt -u nullglob
[ ${#patches[@]} -gt 0 ] || die "no patches in $TOP/qemu/patches"

SRC=$WORK/qemu-$QEMU_VERSION
TAG=v$QEMU_VERSION
LOGS=$WORK/logs
g() { git -C "$SRC" "$@"; }

# the tarball as one commit, tagged; the build's own files stay untracked
make_tree() {
	log "unpacking $(basename "$QEMU_TARBALL") into a git tree..."
	rm -rf "$SRC"
	mkdir -p "$WORK"
	tar -xJf "$QEMU_TARBALL" -C "$WORK" --no-same-owner
	[ -d "$SRC" ] || die "tarball did not unpack to qemu-$QEMU_VERSION/"
	g init -q
	g config user.name "Tally developers"
	g config user.email tally@example.org
	g config core.autocrlf false
	printf '%s\n' /build/ /target/riscv/riscv_draft_encoding.h \
		'/pc-bios/edk2-*.fd.bz2' '/configs/devices/*/tally.mak' \
		>>"$SRC/.git/info/exclude"
	g add -A -f .
	g commit -q -m "QEMU $QEMU_VERSION (Debian orig tarball)"
	g tag "$TAG"
}

g rev-parse -q --verify "refs/tags/$TAG" >/dev/null 2>&1 || make_tree
mkdir -p "$LOGS"
rm -f "$LOGS"/*.log

# the series on the tag (an interrupted earlier run may have left an am)
g am --abort >/dev/null 2>&1 || true
g checkout -q -f -B series "$TAG"
applied=0
for p in "${patches[@]}"; do
	if ! g am -q --keep-cr "$p" >"$LOGS/am.log" 2>&1; then
		g am --abort >/dev/null 2>&1 || true
		log "$(basename "$p") does not apply on $TAG (log: $LOGS/am.log)"
		break
	fi
	applied=$((applied + 1))
done

qemu_prepare_tree "$SRC" "$DRAFT_HDR"
qemu_ccache "$CACHE" "$SRC"
if [ ! -f "$SRC/build/build.ninja" ]; then
	log "configuring..."
	qemu_configure "$SRC" "$LOGS/configure.log"
fi

g checkout -q -f "$TAG"
log "building the unpatched $TAG..."
start=$(date +%s)
nice -n 10 ninja -C "$SRC/build" -j "$JOBS" "${BINS[@]}" \
	>"$LOGS/base.build.log" 2>&1 || die "$TAG does not build (log: $LOGS/base.build.log)"
log "$TAG built in $(($(date +%s) - start))s"

pass=0
fail=0
n=0
for c in $(g rev-list --reverse "$TAG..series"); do
	n=$((n + 1))
	name=$(basename "${patches[n - 1]}" .patch)
	g checkout -q -f "$c"
	ok=1
	if g format-patch -1 --stdout "$c" |
		(cd "$SRC" && ./scripts/checkpatch.pl -) >"$LOGS/$name.checkpatch.log" 2>&1; then
		cp_res=ok
	else
		cp_res=FAIL
		ok=0
	fi
	cp_sum=$(sed -n 's/^total: \([0-9]*\) errors, \([0-9]*\) warnings.*/\1 errors, \2 warnings/p' \
		"$LOGS/$name.checkpatch.log")
	start=$(date +%s)
	# (the tree is configured without -Werror, as for make qemu: a
	# warning fails the patch here)
	if nice -n 10 ninja -C "$SRC/build" -j "$JOBS" "${BINS[@]}" \
		>"$LOGS/$name.build.log" 2>&1; then
		b_res=ok
	else
		b_res=FAIL
		ok=0
	fi
	warns=$(grep -c 'warning:' "$LOGS/$name.build.log" || true)
	if [ "$warns" != 0 ]; then
		b_res="$b_res, $warns compiler warnings"
		ok=0
	fi
	t=$(($(date +%s) - start))
	printf '%s: checkpatch %s (%s), build %s (%ss)\n' "$name" "$cp_res" \
		"${cp_sum:-no summary}" "$b_res" "$t"
	if [ "$ok" = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
# a patch that did not apply, and those after it, fail
fail=$((fail + ${#patches[@]} - applied))
g checkout -q -f series
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
