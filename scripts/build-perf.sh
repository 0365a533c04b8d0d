#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Build (or reuse from the cache) a static riscv64 `perf` from the same
# patched Linux 7.2 tree as the kernel (scripts/build-linux.sh source).
#
#   build-perf.sh             build if needed, link build/linux/perf
#   build-perf.sh key         print the cache directory
#
# Cache: $CACHE/linux/perf-<key>/{perf,build.log}, key = the source tree key
# (tarball, package version, patches), the libraries' build, the event
# files in linux/pmu-events/, the patches in linux/perf-patches/, this
# script and the cross compiler. Built out of tree in a temporary directory,
# renamed into place under a lock (scripts/lib/cache.sh).
#
# Optional libraries: static libelf and libdw with their compression
# libraries (scripts/build-perf-libs.sh), so perf report names the
# functions of user programs and `perf record --call-graph dwarf` works
# (user stacks unwound by libdw with the programs' .eh_frame or
# .debug_frame); libtraceevent (the in-tree one of Linux 6.1, version
# 1.1.0, see build-perf-libs.sh), so perf reads tracepoint formats:
# `perf trace`, tracepoint events with their field names in `perf script`.
# perf finds libdw's and libtraceevent's versions with
# pkg-config: PKG_CONFIG_LIBDIR is the libraries' own pkgconfig directory,
# never the host's. perf has stat, record, report, list, trace,
# tracepoints, frame-pointer and DWARF call graphs; no Python or Perl
# scripting.
#
# Event names: linux/pmu-events/riscv/ mirrors tools/perf/pmu-events/arch/
# riscv/. perf is built from a copy of the source tree's tools/ (symbolic
# links to the cached tree, which stays pristine) with those JSON files
# added and their mapfile.csv lines appended to perf's own.
#
# Fixes to perf alone: linux/perf-patches/*.patch are applied to that copy
# (each file a patch touches becomes a real copy first), so they rebuild
# perf but neither kernel (linux/patches/ is the kernel's and perf's
# source, applied by build-linux.sh). perf 7.2 needs none
# (linux/perf-patches/README.md); the directory may be absent.
set -euo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
BUILD=${BUILD:-$TOP/build}
CACHE=${CACHE:-${TALLY_CACHE:-$HOME/.cache/tally}}
JOBS=${JOBS:-$(nproc)}
CROSS_COMPILE=${CROSS_COMPILE:-riscv64-linux-gnu-}
export TOP BUILD CACHE JOBS CROSS_COMPILE
. "$TOP/scripts/lib/cache.sh"

log() { printf '[perf] %s\n' "$*" >&2; }
die() { printf '[perf] error: %s\n' "$*" >&2; exit 1; }

SRC=$("$TOP/scripts/build-linux.sh" source)
LIBS=$("$TOP/scripts/build-perf-libs.sh" key)
EVENTS=$TOP/linux/pmu-events/riscv
PATCHES=$TOP/linux/perf-patches
# perf_patches: linux/perf-patches/*.patch in name order, if any
perf_patches() {
	ls "$PATCHES"/*.patch 2>/dev/null | LC_ALL=C sort || true
}
KEY=$({
	basename "$SRC"
	basename "$LIBS"
	"${CROSS_COMPILE}gcc" --version | head -1
	cat "$0"
	(cd "$EVENTS" && find . -type f | LC_ALL=C sort | xargs sha256sum)
	for p in $(perf_patches); do cat "$p"; done
} | cache_key)
OUT=$CACHE/linux/perf-$KEY

PERF_FLAGS=(
	ARCH=riscv CROSS_COMPILE="$CROSS_COMPILE"
	LDFLAGS="-static -L$LIBS/lib" EXTRA_CFLAGS="-I$LIBS/include"
	PKG_CONFIG=pkg-config
	NO_LIBPERL=1 NO_LIBPYTHON=1 NO_SLANG=1
	NO_GTK2=1 NO_LIBUNWIND=1 NO_LIBNUMA=1 NO_LIBAUDIT=1 NO_LIBCRYPTO=1
	NO_LIBCAP=1 NO_LIBZSTD=1 NO_LZMA=1 NO_LIBBABELTRACE=1 NO_DEMANGLE=1
	NO_LIBLLVM=1 NO_JVMTI=1 NO_SDT=1 NO_LIBDEBUGINFOD=1 NO_LIBBPF=1
	BUILD_BPF_SKEL=0
	# perf 7.x builds a Rust test workload with any rustc on PATH, which
	# has no riscv64 standard library here (nor comes from Debian)
	NO_RUST=1
	# perf 7.x uses 1- and 2-byte atomics, which riscv64 GCC 12 leaves to
	# libatomic (the cross compiler's static libatomic.a)
	EXTRA_PERFLIBS=-latomic
)

# tree DIR: DIR links to every top-level entry of $SRC but tools/, which
# is a tree of links (cp -as) with the project's event files added.
tree() {
	local dir=$1 e arch p f
	mkdir -p "$dir"
	for e in "$SRC"/*; do
		[ "$(basename "$e")" = tools ] || ln -s "$e" "$dir/"
	done
	cp -as "$SRC/tools" "$dir/tools"
	arch=$dir/tools/perf/pmu-events/arch/riscv
	rm "$arch/mapfile.csv"
	{
		cat "$SRC/tools/perf/pmu-events/arch/riscv/mapfile.csv"
		grep -v '^#' "$EVENTS/mapfile.csv"
	} >"$arch/mapfile.csv"
	(cd "$EVENTS" && find . -mindepth 1 -maxdepth 1 -type d -exec cp -r {} "$arch/" \;)
	for p in $(perf_patches); do
		for f in $(sed -n 's|^+++ b/||p' "$p"); do
			cp --remove-destination "$(readlink -f "$dir/$f")" "$dir/$f"
		done
		patch -s -p1 -d "$dir" <"$p" || die "cannot apply $p"
	done
}

# build WORK: perf and its build log into WORK/entry (cache_fill)
build() {
	local tmp=$1 obj blog t0=$SECONDS
	obj=$tmp/obj blog=$tmp/build.log
	mkdir -p "$obj" "$tmp/entry"
	tree "$tmp/src"
	log "building static perf with $JOBS jobs, log: $blog"
	# The explicit target: a plain `make` also links dlfilters, which
	# cannot be static.
	PKG_CONFIG_LIBDIR=$LIBS/lib/pkgconfig PKG_CONFIG_PATH= \
		PKG_CONFIG_SYSROOT_DIR= \
		make -C "$tmp/src/tools/perf" O="$obj" -j"$JOBS" "${PERF_FLAGS[@]}" \
		"$obj/perf" >"$blog" 2>&1 ||
		{ tail -40 "$blog" >&2; die "perf build failed (log: $blog)"; }
	log "built in $((SECONDS - t0)) s"
	# perf drops a feature whose check fails with only a warning; what
	# it built with is in .config-detected (7.x's FEATURE-DUMP has no
	# libdw-dwarf-unwind check any more: libdw always unwinds)
	grep -qx CONFIG_LIBDW=y "$obj/.config-detected" &&
		grep -qx CONFIG_LIBDW_DWARF_UNWIND=y "$obj/.config-detected" ||
		die "perf was built without libdw (log: $blog)"
	# (7.2 stops at a failed libtraceevent check, a later perf may not;
	# tep_parse_format is only linked in with HAVE_LIBTRACEEVENT; grep
	# reads all of nm's output: no SIGPIPE for nm under pipefail)
	grep -qx CONFIG_LIBTRACEEVENT=y "$obj/.config-detected" &&
		"${CROSS_COMPILE}nm" "$obj/perf" | grep -w tep_parse_format >/dev/null ||
		die "perf was built without libtraceevent (log: $blog)"
	! "${CROSS_COMPILE}readelf" -l "$obj/perf" | grep -q INTERP ||
		die "perf is not a static binary"
	cp "$obj/perf" "$blog" "$tmp/entry/"
}

case ${1:-build} in
key) echo "$OUT"; exit 0 ;;
build) ;;
*) die "usage: build-perf.sh [build|key]" ;;
esac
if [ -x "$OUT/perf" ]; then
	log "cached: $OUT"
else
	"$TOP/scripts/build-perf-libs.sh" >/dev/null
	cache_fill "$OUT" perf build
fi
cache_link "$OUT/perf" "$BUILD/linux/perf"
log "perf: $BUILD/linux/perf"
