#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Build (or reuse from the cache) static riscv64 zlib and libelf for perf,
# so that perf report resolves the symbols of user programs.
#
#   build-libelf.sh           build if needed, print the prefix directory
#   build-libelf.sh key       print the prefix directory only
#
# Cache: $CACHE/linux/libelf-<key>/{include,lib,build.log}; key = SHA-256 of
# the two verified orig tarballs (Debian source packages elfutils and zlib,
# fetched by scripts/deps.sh), this script and the cross compiler. Only
# libelf is built (no libdw, no tools). lib/libelf.a is a linker script
# naming libelf_core.a and libz.a, so the `-lelf` of perf's feature checks
# and final link pulls zlib in as well.
set -euo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
CACHE=${CACHE:-${TALLY_CACHE:-$HOME/.cache/tally}}
SRC_CACHE=${SRC_CACHE:-$CACHE/src}
JOBS=${JOBS:-$(nproc)}
CROSS_COMPILE=${CROSS_COMPILE:-riscv64-linux-gnu-}
ELFUTILS_TARBALL=${ELFUTILS_TARBALL:-$SRC_CACHE/elfutils_0.188.orig.tar.bz2}
ZLIB_TARBALL=${ZLIB_TARBALL:-$SRC_CACHE/zlib_1.2.13.dfsg.orig.tar.bz2}
HOST=${CROSS_COMPILE%-}

log() { printf '[libelf] %s\n' "$*" >&2; }
die() { printf '[libelf] error: %s\n' "$*" >&2; exit 1; }

key() {
	local t
	for t in "$ELFUTILS_TARBALL" "$ZLIB_TARBALL"; do
		[ -f "$t" ] || die "no $t (run make deps)"
	done
	{
		sha256sum <"$ELFUTILS_TARBALL"
		sha256sum <"$ZLIB_TARBALL"
		"${CROSS_COMPILE}gcc" --version | head -1
		cat "$0"
	} | sha256sum | cut -c1-16
}

build_zlib() {
	local src=$1 prefix=$2
	(cd "$src" && CC=${CROSS_COMPILE}gcc CFLAGS="-O2" \
		./configure --static --prefix="$prefix" &&
		make -j"$JOBS" libz.a && make install)
}

build_elfutils() {
	local src=$1 prefix=$2
	(cd "$src" && ./configure --host="$HOST" --prefix="$prefix" \
		CFLAGS="-O2" CPPFLAGS="-I$prefix/include" LDFLAGS="-L$prefix/lib" \
		--disable-debuginfod --disable-libdebuginfod --disable-nls \
		--without-bzlib --without-lzma --without-zstd \
		--disable-symbol-versioning &&
		make -j"$JOBS" -C lib && make -j"$JOBS" -C libelf libelf.a)
	cp "$src"/libelf/{libelf.h,gelf.h,nlist.h} "$prefix/include/"
	cp "$src/libelf/libelf.a" "$prefix/lib/libelf_core.a"
	echo 'GROUP ( -lelf_core -lz )' >"$prefix/lib/libelf.a"
}

build() {
	local out=$1 tmp blog t0=$SECONDS
	[ -f "$out/lib/libelf_core.a" ] && return 0
	rm -rf "$CACHE"/linux/.tmp-libelf-*	# failed earlier attempts (we hold the lock)
	tmp=$(mktemp -d "$CACHE/linux/.tmp-libelf-XXXXXX")
	blog=$tmp/build.log
	mkdir -p "$tmp/out/include" "$tmp/out/lib"
	log "building static zlib and libelf for $HOST, log: $blog"
	tar -xjf "$ZLIB_TARBALL" -C "$tmp"
	tar -xjf "$ELFUTILS_TARBALL" -C "$tmp"
	{
		build_zlib "$(echo "$tmp"/zlib-*/)" "$tmp/out" &&
		build_elfutils "$(echo "$tmp"/elfutils-*/)" "$tmp/out"
	} >"$blog" 2>&1 || { tail -30 "$blog" >&2; die "build failed (log: $blog)"; }
	# zlib's install step writes a prefix into its .pc file: not needed
	rm -rf "$tmp/out/lib/pkgconfig" "$tmp/out/share"
	cp "$blog" "$tmp/out/"
	mv "$tmp/out" "$out"
	rm -rf "$tmp"
	log "built in $((SECONDS - t0)) s"
}

OUT=$CACHE/linux/libelf-$(key)
case ${1:-build} in
key) echo "$OUT"; exit 0 ;;
build) ;;
*) die "usage: build-libelf.sh [build|key]" ;;
esac
if [ ! -f "$OUT/lib/libelf_core.a" ]; then
	mkdir -p "$CACHE/linux"
	exec 9>"$CACHE/linux/.lock-libelf"
	flock 9
	build "$OUT"
	exec 9>&-
fi
echo "$OUT"
