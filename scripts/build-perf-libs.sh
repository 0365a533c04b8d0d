#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Build (or reuse from the cache) the static riscv64 libraries perf links:
# libelf and libdw (elfutils: symbols of user programs, DWARF unwinding
# for `perf record --call-graph dwarf`), zlib, the one decompressor
# elfutils requires, and libtraceevent (tracepoint formats: `perf trace`,
# field names in `perf script`).
#
#   build-perf-libs.sh        build if needed, print the prefix directory
#   build-perf-libs.sh key    print the prefix directory only
#
# Every library but libtraceevent comes from the orig tarball of a Debian
# bookworm source package (fetched and verified by scripts/deps.sh) and is
# cross-compiled with ${CROSS_COMPILE}gcc: bookworm has no riscv64 binary
# packages. libtraceevent: the archive serves the .dsc of bookworm's
# source package libtraceevent 1:1.7.1-1 but not its orig (nor debian)
# tarball (404). Its fallback is the libtraceevent that lived in the
# kernel tree until Linux 6.2, tools/lib/traceevent/ (version 1.1.0, its
# Makefile's EP_VERSION.EP_PATCHLEVEL.EP_EXTRAVERSION), taken from
# bookworm's binary package linux-source-6.1: scripts/deps.sh extracts
# that directory, with the tools/build, tools/scripts and tools/include its
# Makefile uses, into $SRC_CACHE/traceevent-linux-6.1/. Built with its own
# Makefile, the static library only (target libtraceevent.a): no shared
# library and no plugins (perf's static binary would load them with
# dlopen; the core library parses and prints every event format itself).
#
# Cache: $CACHE/linux/perf-libs-<key>/{include,lib,lib/pkgconfig,build.log};
# key = SHA-256 of the verified orig tarballs, of the files of the
# libtraceevent tree (tools/lib/traceevent/), of this script and of the
# cross compiler. Built in a temporary directory, renamed into place under
# a lock (scripts/lib/cache.sh).
#
# Linking: perf's Makefile.config, on a -static link, adds `-lelf -lz
# -llzma -lbz2 -lzstd -ldl` after `-ldw`; elfutils 0.188's libdw.a
# already holds libebl, the backends, libdwfl and libdwelf (perf adds
# -lebl only below 0.177, a version it asks pkg-config for: libdw.pc says
# 0.188). elfutils is built with zlib only: libdw reads zlib-compressed
# debug sections (what GCC's --compress-debug-sections makes), not files
# packed whole with bzip2, xz or zstd, which perf never meets in the
# guests. liblzma.a, libbz2.a and libzstd.a are empty archives that
# satisfy perf's fixed link line; building those three libraries was
# about a third of this script's time. lib/libelf.a is a linker script naming
# libelf_core.a and libz.a, so the `-lelf` of perf's feature checks pulls
# zlib in as well; lib/libdw.a one naming libdw_core.a and elfutils'
# libeu.a (helpers libdw.so links in, libdw.a leaves out).
# lib/pkgconfig/ has libdw.pc, libelf.pc and libtraceevent.pc with a
# prefix relative to the .pc file, for a private PKG_CONFIG_LIBDIR.
# libtraceevent's headers are in include/traceevent/, where perf's
# #include <traceevent/event-parse.h> looks; libtraceevent.pc says 1.1.0,
# and perf 6.12 compiles the code for newer libtraceevent APIs only from
# the LIBTRACEEVENT_VERSION it derives from that.
set -euo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
CACHE=${CACHE:-${TALLY_CACHE:-$HOME/.cache/tally}}
SRC_CACHE=${SRC_CACHE:-$CACHE/src}
JOBS=${JOBS:-$(nproc)}
CROSS_COMPILE=${CROSS_COMPILE:-riscv64-linux-gnu-}
HOST=${CROSS_COMPILE%-}
CC=${CROSS_COMPILE}gcc

# the orig tarballs, in build order
ZLIB_TARBALL=${ZLIB_TARBALL:-$SRC_CACHE/zlib_1.2.13.dfsg.orig.tar.bz2}
ELFUTILS_TARBALL=${ELFUTILS_TARBALL:-$SRC_CACHE/elfutils_0.188.orig.tar.bz2}
TARBALLS=("$ZLIB_TARBALL" "$ELFUTILS_TARBALL")
# the kernel tree's parts scripts/deps.sh extracted from linux-source-6.1
TRACEEVENT_TREE=${TRACEEVENT_TREE:-$SRC_CACHE/traceevent-linux-6.1/linux-source-6.1}
. "$TOP/scripts/lib/cache.sh"

log() { printf '[perf-libs] %s\n' "$*" >&2; }
die() { printf '[perf-libs] error: %s\n' "$*" >&2; exit 1; }

key() {
	local t
	for t in "${TARBALLS[@]}"; do
		[ -f "$t" ] || die "no $t (run make deps)"
	done
	{
		for t in "${TARBALLS[@]}"; do sha256sum <"$t"; done
		(cd "$TRACEEVENT_TREE" && find tools/lib/traceevent -type f |
			LC_ALL=C sort | xargs sha256sum)
		"$CC" --version | head -1
		cat "$0"
	} | cache_key
}

# unpack TARBALL DIR: extract into DIR, print the one top directory made
unpack() {
	local list top
	list=$(tar -tf "$1" | head -1)
	top=${list%%/*}
	tar -xf "$1" -C "$2"
	echo "$2/$top"
}

build_zlib() {
	local src=$1 prefix=$2
	(cd "$src" && CC=$CC CFLAGS="-O2" \
		./configure --static --prefix="$prefix" &&
		make -j"$JOBS" libz.a && make install)
}

# empty_archives PREFIX: the libraries perf's static link names after -ldw
# that elfutils is built without (see the top)
empty_archives() {
	local l
	for l in lzma bz2 zstd; do
		"${CROSS_COMPILE}ar" rc "$1/lib/lib$l.a" || return 1
	done
}

build_elfutils() {
	local src=$1 prefix=$2 d
	(cd "$src" && ./configure --host="$HOST" --prefix="$prefix" \
		CFLAGS="-O2" CPPFLAGS="-I$prefix/include" LDFLAGS="-L$prefix/lib" \
		--disable-debuginfod --disable-libdebuginfod --disable-nls \
		--with-zlib --without-bzlib --without-lzma --without-zstd \
		--disable-symbol-versioning) || return 1
	# the libraries only, in the order of elfutils' SUBDIRS; no tools
	for d in lib libelf libcpu backends libebl libdwelf libdwfl libdw; do
		make -j"$JOBS" -C "$src/$d" || return 1
	done
	# the headers where elfutils' make install puts them
	mkdir -p "$prefix/include/elfutils"
	cp "$src"/libelf/{libelf.h,gelf.h,nlist.h} "$src/libdw/dwarf.h" \
		"$prefix/include/"
	cp "$src"/libdw/{libdw.h,known-dwarf.h} "$src/libdwfl/libdwfl.h" \
		"$src/libdwelf/libdwelf.h" "$src/libelf/elf-knowledge.h" \
		"$src/version.h" "$prefix/include/elfutils/"
	cp "$src/libelf/libelf.a" "$prefix/lib/libelf_core.a"
	cp "$src/libdw/libdw.a" "$prefix/lib/libdw_core.a"
	cp "$src/lib/libeu.a" "$prefix/lib/libeu.a"
	echo 'GROUP ( -lelf_core -lz )' >"$prefix/lib/libelf.a"
	echo 'GROUP ( -ldw_core -leu )' >"$prefix/lib/libdw.a"
}

# traceevent_version: 1.1.0 from the Makefile's EP_VERSION, EP_PATCHLEVEL
# and EP_EXTRAVERSION
traceevent_version() {
	awk -F' *= *' '$1 == "EP_VERSION" { v = $2 } $1 == "EP_PATCHLEVEL" { p = $2 }
		$1 == "EP_EXTRAVERSION" { e = $2 } END { if (v != "" && p != "" && e != "")
		print v "." p "." e }' "$TRACEEVENT_TREE/tools/lib/traceevent/Makefile"
}

# build_traceevent TREE PREFIX: libtraceevent.a and its installed headers
# (the Makefile's install_headers list) from a copy of the tree, as the
# Makefile builds in its own directory
build_traceevent() {
	local tree=$1 prefix=$2 t0=$SECONDS
	# CROSS_COMPILE gives CC and AR; EXTRA_CFLAGS replaces its -g -Wall
	make -C "$tree/tools/lib/traceevent" -j"$JOBS" V=1 \
		CROSS_COMPILE="$CROSS_COMPILE" EXTRA_CFLAGS="-O2 -Wall" \
		libtraceevent.a || return 1
	mkdir -p "$prefix/include/traceevent"
	cp "$tree"/tools/lib/traceevent/{event-parse.h,event-utils.h,trace-seq.h,kbuffer.h} \
		"$prefix/include/traceevent/"
	cp "$tree/tools/lib/traceevent/libtraceevent.a" "$prefix/lib/"
	echo "libtraceevent built in $((SECONDS - t0)) s"
}

# pc NAME VERSION DESCRIPTION LIBS [CFLAGS]: a .pc file whose prefix is
# where it lies, so the cache entry can be renamed
pc() {
	cat >"$OUTDIR/lib/pkgconfig/$1.pc" <<EOF
prefix=\${pcfiledir}/../..
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: $1
Description: $3
Version: $2
Libs: -L\${libdir} $4
Cflags: -I\${includedir}${5:+ $5}
EOF
}

# build WORK: the prefix (include, lib) into WORK/entry (cache_fill)
build() {
	local tmp=$1 blog t0=$SECONDS tever
	tever=$(traceevent_version)
	[ -n "$tever" ] || die "no EP_VERSION in $TRACEEVENT_TREE/tools/lib/traceevent/Makefile"
	blog=$tmp/build.log
	OUTDIR=$tmp/entry
	mkdir -p "$OUTDIR/include" "$OUTDIR/lib/pkgconfig"
	log "building static zlib, libelf, libdw, libtraceevent $tever for $HOST, log: $blog"
	{
		build_zlib "$(unpack "$ZLIB_TARBALL" "$tmp")" "$OUTDIR" &&
		empty_archives "$OUTDIR" &&
		build_elfutils "$(unpack "$ELFUTILS_TARBALL" "$tmp")" "$OUTDIR" &&
		cp -r "$TRACEEVENT_TREE" "$tmp/traceevent" &&
		build_traceevent "$tmp/traceevent" "$OUTDIR"
	} >"$blog" 2>&1 || { tail -30 "$blog" >&2; die "build failed (log: $blog)"; }
	# the install steps write .pc files, programs and manuals with the
	# temporary prefix in them: not needed, ours follow
	rm -rf "$OUTDIR/lib/pkgconfig" "$OUTDIR/share" "$OUTDIR/bin" \
		"$OUTDIR"/lib/*.la
	mkdir -p "$OUTDIR/lib/pkgconfig"
	pc libelf 0.188 "elfutils libelf (static)" "-lelf"
	pc libdw 0.188 "elfutils libdw (static)" "-ldw -lelf -lz"
	pc libtraceevent "$tever" \
		"libtraceevent of Linux 6.1's tools/lib/traceevent (static, no plugins)" \
		"-ltraceevent" "-I\${includedir}/traceevent"
	log "$(grep '^libtraceevent built in' "$blog")"
	cp "$blog" "$OUTDIR/"
	log "built in $((SECONDS - t0)) s"
}

OUT=$CACHE/linux/perf-libs-$(key)
case ${1:-build} in
key) echo "$OUT"; exit 0 ;;
build) ;;
*) die "usage: build-perf-libs.sh [build|key]" ;;
esac
cache_fill "$OUT" lib/libdw_core.a build
echo "$OUT"
