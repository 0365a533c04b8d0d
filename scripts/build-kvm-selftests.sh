#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Build (or reuse from the cache) Linux's KVM selftest riscv/sbi_pmu_test,
# static, for riscv64, from linux-source-6.12 (the KVM guest's SBI PMU:
# tests/debian/kvm-test.sh runs it on Debian's kernel and kvm.ko).
#
#   build-kvm-selftests.sh        build if needed, link build/debian/sbi_pmu_test
#   build-kvm-selftests.sh key    print the cache directory
#
# Only what the build reads is unpacked from the tarball: the top Makefile,
# scripts/, the uapi headers (include/uapi, arch/riscv/include/uapi) and
# arch/riscv/Makefile for `make headers` (usr/include, what the selftests
# include), and tools/{build,include,arch/riscv/include}, tools/lib/rbtree.c
# and tools/testing/selftests/{lib.mk,kselftest*.h,kvm/} for the test itself.
# Then the selftests' own Makefile builds the one target
# riscv/sbi_pmu_test with LDFLAGS=-static (its -pthread -no-pie follow).
#
# Cache: $CACHE/kvm-selftests/<key>/{sbi_pmu_test,build.log}, key = SHA-256
# of the tarball's identity (path, size, mtime), the cross compiler version
# and this script. Built in a temporary directory and renamed into place
# under a lock.
#
# Environment (defaults match mk/config.mk): TOP BUILD CACHE JOBS
# CROSS_COMPILE LINUX_TARBALL.
set -euo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
BUILD=${BUILD:-$TOP/build}
CACHE=${CACHE:-${TALLY_CACHE:-$HOME/.cache/tally}}
JOBS=${JOBS:-$(nproc)}
CROSS_COMPILE=${CROSS_COMPILE:-riscv64-linux-gnu-}
LINUX_TARBALL=${LINUX_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
DIR=$CACHE/kvm-selftests
. "$TOP/scripts/lib/cache.sh"
TEST=riscv/sbi_pmu_test

log() { printf '[kvm-selftests] %s\n' "$*" >&2; }
die() { printf '[kvm-selftests] error: %s\n' "$*" >&2; exit 1; }

key() {
	[ -f "$LINUX_TARBALL" ] || die "no $LINUX_TARBALL (run make deps)"
	{
		stat -c '%n %s %Y' "$LINUX_TARBALL"
		"${CROSS_COMPILE}gcc" --version 2>/dev/null | head -1 ||
			die "${CROSS_COMPILE}gcc not found (run make deps)"
		cat "$0"
	} | cache_key
}

# build WORK: the entry's files into WORK/entry (scripts/lib/cache.sh)
build() {
	local tmp=$1 top src blog t0
	blog=$tmp/build.log
	# the tarball's top directory (linux-source-6.12)
	top=$(tar -tJf "$LINUX_TARBALL" 2>/dev/null | head -1) || true
	top=${top%%/*}
	[ -n "$top" ] || die "cannot list $LINUX_TARBALL"
	log "unpacking the parts of $(basename "$LINUX_TARBALL") the build needs"
	t0=$SECONDS
	tar -xJf "$LINUX_TARBALL" -C "$tmp" --wildcards \
		"$top/Makefile" "$top/scripts/*" "$top/include/uapi/*" \
		"$top/arch/riscv/include/uapi/*" "$top/arch/riscv/Makefile" \
		"$top/tools/build/*" "$top/tools/include/*" \
		"$top/tools/arch/riscv/include/*" "$top/tools/lib/rbtree.c" \
		"$top/tools/testing/selftests/lib.mk" \
		"$top/tools/testing/selftests/kselftest*.h" \
		"$top/tools/testing/selftests/kvm/*" ||
		die "cannot unpack $LINUX_TARBALL"
	src=$tmp/$top
	log "unpacked in $((SECONDS - t0)) s ($(du -sh "$src" | cut -f1))"
	log "make headers (usr/include), log: $blog"
	t0=$SECONDS
	make -C "$src" ARCH=riscv CROSS_COMPILE="$CROSS_COMPILE" -j"$JOBS" headers \
		>"$blog" 2>&1 || { tail -30 "$blog" >&2; die "make headers failed (log: $blog)"; }
	log "headers in $((SECONDS - t0)) s"
	log "building $TEST (static) with $JOBS jobs"
	t0=$SECONDS
	# LDFLAGS from the environment: the Makefile's += appends to it
	LDFLAGS=-static make -C "$src/tools/testing/selftests/kvm" \
		ARCH=riscv CROSS_COMPILE="$CROSS_COMPILE" OUTPUT="$tmp/obj" \
		-j"$JOBS" "$tmp/obj/$TEST" >>"$blog" 2>&1 ||
		{ tail -40 "$blog" >&2; die "build failed (log: $blog)"; }
	log "built in $((SECONDS - t0)) s"
	! "${CROSS_COMPILE}readelf" -l "$tmp/obj/$TEST" | grep -q INTERP ||
		die "$TEST is not a static binary"
	mkdir -p "$tmp/entry"
	cp "$tmp/obj/$TEST" "$tmp/entry/sbi_pmu_test"
	cp "$blog" "$tmp/entry/build.log"
}

main() {
	mkdir -p "$DIR"
	local out
	out=$DIR/$(key)
	case ${1:-build} in
	key) echo "$out"; return ;;
	build) ;;
	*) die "usage: build-kvm-selftests.sh [build|key]" ;;
	esac
	[ ! -x "$out/sbi_pmu_test" ] || log "cached: $out"
	cache_fill "$out" sbi_pmu_test build
	cache_link "$out/sbi_pmu_test" "$BUILD/debian/sbi_pmu_test"
	log "sbi_pmu_test: $BUILD/debian/sbi_pmu_test"
}

main "$@"
