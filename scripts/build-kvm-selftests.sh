#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Build (or reuse from the cache) Linux's KVM selftest riscv/sbi_pmu_test,
# static, for riscv64, from the Linux source of the kernel it tests (the
# KVM guest's SBI PMU: tests/debian/kvm-test.sh runs it on Debian's kernel
# and kvm.ko): linux-source-6.12 (the host's package) for trixie's 6.12,
# linux-source-7.2 for sid's 7.2. The test follows its kernel: 6.12's
# fails its basic test on 7.2's KVM (a firmware counter read that 7.2
# answers differently), on every firmware alike.
#
#   build-kvm-selftests.sh [--suite trixie]   build if needed, link build/debian/sbi_pmu_test
#   build-kvm-selftests.sh --suite sid        the same from sid's linux-source (fetched
#                                             through sid's private apt configuration,
#                                             scripts/lib/debian-apt.sh), build/debian-sid/
#   build-kvm-selftests.sh [--suite S] key    print the cache directory
#
# Only what the build reads is unpacked from the tarball: the top Makefile,
# scripts/, the uapi headers (include/uapi, arch/riscv/include/uapi) and
# arch/riscv/Makefile for `make headers` (usr/include, what the selftests
# include), and tools/{build,include,arch/riscv/include}, tools/lib/rbtree.c
# and tools/testing/selftests/{lib.mk,kselftest*.h,kvm/} for the test itself
# (7.x also cgroup/lib and clone3, which its library includes).
# Then the selftests' own Makefile builds the one target
# riscv/sbi_pmu_test with LDFLAGS=-static (its -pthread -no-pie follow).
#
# sid's tarball: $CACHE/debian/sid/linux-source-<version>/ (the .deb's
# /usr/src/linux-source-<major>.tar.xz, named by the package version;
# scripts/lib/linux-source.sh, shared with the project's kernel).
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
LINUX_TARBALL=${LINUX_TARBALL:-}
DIR=$CACHE/kvm-selftests
. "$TOP/scripts/lib/cache.sh"
. "$TOP/scripts/lib/apt-sources.sh"
. "$TOP/scripts/lib/debian-apt.sh"
. "$TOP/scripts/lib/linux-source.sh"
TEST=riscv/sbi_pmu_test
SUITE=trixie OUT=$BUILD/debian
# the selftest library's parts beyond kvm/ (tools/testing/selftests/...)
EXTRA=()

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
		"$top/tools/testing/selftests/kvm/*" \
		"${EXTRA[@]/#/$top/tools/testing/selftests/}" ||
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

# sid_tarball: sid's linux-source (the version of sid's linux-image-riscv64)
# from the cache, fetched when missing
sid_tarball() {
	local dir=$CACHE/debian/sid pv entry
	debian_apt_init sid "$dir/apt"
	debian_apt_update
	# the source package of the kernel the sid guest has (linux-image-riscv64)
	pv=$(debian_apt_closure linux-image-riscv64 | sed -n 's/^linux-image-\([0-9]*\.[0-9]*\)\.[^=]*=\(.*\)/linux-source-\1=\2/p' | head -1)
	if [ -n "$pv" ]; then
		linux_source_tarball "$pv"
	else
		entry=$(ls -td "$dir"/linux-source-* 2>/dev/null | head -1)
		[ -n "$entry" ] || die "cannot resolve linux-source in sid (log: $APT/update.log)"
		ls "$entry"/linux-source-*.tar.xz | head -1
	fi
}

main() {
	local out
	if [ "${1:-}" = --suite ]; then
		SUITE=${2:?--suite needs trixie or sid}
		shift 2
	fi
	case $SUITE in
	trixie) LINUX_TARBALL=${LINUX_TARBALL:-/usr/src/linux-source-6.12.tar.xz} ;;
	sid)
		OUT=$BUILD/debian-sid EXTRA=("cgroup/lib/*" "clone3/*")
		[ -n "$LINUX_TARBALL" ] || LINUX_TARBALL=$(sid_tarball)
		;;
	*) die "suite $SUITE: say trixie or sid" ;;
	esac
	mkdir -p "$DIR"
	out=$DIR/$(key)
	case ${1:-build} in
	key) echo "$out"; return ;;
	build) ;;
	*) die "usage: build-kvm-selftests.sh [--suite trixie|sid] [build|key]" ;;
	esac
	[ ! -x "$out/sbi_pmu_test" ] || log "cached: $out"
	cache_fill "$out" sbi_pmu_test build
	cache_link "$out/sbi_pmu_test" "$OUT/sbi_pmu_test"
	log "sbi_pmu_test: $OUT/sbi_pmu_test"
}

main "$@"
