#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Build (or reuse from the cache) the Linux 7.2 kernel for Tally.
#
#   build-linux.sh            kernel: tinyconfig + linux/kernel.config, then
#                             link build/linux/{Image,vmlinux,kernel.config}
#   build-linux.sh source     print the patched source tree (unpack if needed)
#   build-linux.sh source-path   print where that tree is (no unpacking)
#   build-linux.sh key        print the kernel's cache directory
#
# Cache ($CACHE/linux/):
#   src-<key>/     pristine linux-source-7.2 + linux/patches/*.patch; key =
#                  tarball name, size and package version, the patches, and
#                  SRC_RECIPE below. Shared with scripts/build-perf.sh. The
#                  tarball is unpacked once, into the entry without patches
#                  (the stock kernel's); a patched tree starts as a copy of
#                  that in hard links (patch replaces a file it changes, so
#                  the pristine tree stays as it is).
#   kernel-<key>/  Image, vmlinux, config, System.map, build.log; key = source
#                  key, fragment, this script, cross compiler version.
# scripts/lib/cache.sh produces both in a temporary directory and renames
# them into place, under a lock per entry, so concurrent or interrupted
# builds never leave a half-built entry, and the two kernels can build side
# by side.
#
# The tarball: Debian sid's linux-source-7.2 (LINUX_SOURCE, package=version,
# scripts/lib/linux-source.sh), downloaded through sid's private apt
# configuration into $CACHE/debian/sid/linux-source-<version>/ when the
# cache does not have it yet (make deps fetches it too); LINUX_TARBALL
# names another tarball instead.
#
# Environment (defaults match mk/config.mk): TOP BUILD CACHE JOBS
# CROSS_COMPILE LINUX_SOURCE LINUX_TARBALL. A variant kernel (own source and kernel keys)
# leaves out the patches named in LINUX_SKIP_PATCHES (file names) and is
# linked into LINUX_LINK_DIR instead of build/linux, e.g. the kernel without
# the snapshot fix that tests/linux/record-test.sh boots.
set -euo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
BUILD=${BUILD:-$TOP/build}
CACHE=${CACHE:-${TALLY_CACHE:-$HOME/.cache/tally}}
JOBS=${JOBS:-$(nproc)}
CROSS_COMPILE=${CROSS_COMPILE:-riscv64-linux-gnu-}
LINUX_TARBALL=${LINUX_TARBALL:-}
FRAGMENT=$TOP/linux/kernel.config
PATCH_DIR=$TOP/linux/patches
SKIP_PATCHES=${LINUX_SKIP_PATCHES:-}
LINK_DIR=${LINUX_LINK_DIR:-$BUILD/linux}
# Bump when the way the source tree is prepared changes.
SRC_RECIPE=1
. "$TOP/scripts/lib/cache.sh"
. "$TOP/scripts/lib/apt-sources.sh"
. "$TOP/scripts/lib/debian-apt.sh"
. "$TOP/scripts/lib/linux-source.sh"
LINUX_PKG=${LINUX_SOURCE%%=*}

log() { printf '[linux] %s\n' "$*" >&2; }
die() { printf '[linux] error: %s\n' "$*" >&2; exit 1; }

patches() {
	local p
	for p in $(ls "$PATCH_DIR"/*.patch 2>/dev/null | LC_ALL=C sort); do
		case " $SKIP_PATCHES " in *" $(basename "$p") "*) continue ;; esac
		echo "$p"
	done
}

# src_key_of PATCH...: the key of the tree with those patches applied
src_key_of() {
	local p
	[ -f "$LINUX_TARBALL" ] || die "no $LINUX_TARBALL (run make deps)"
	{
		echo "recipe $SRC_RECIPE"
		echo "tarball $(basename "$LINUX_TARBALL") $(stat -c %s "$LINUX_TARBALL")"
		echo "package $LINUX_SOURCE"
		for p in "$@"; do echo "patch $(basename "$p")"; cat "$p"; done
	} | cache_key
}

# shellcheck disable=SC2046 # patch paths have no blanks
src_key() { src_key_of $(patches); }

cc_version() {
	"${CROSS_COMPILE}gcc" --version 2>/dev/null | head -1 ||
		die "${CROSS_COMPILE}gcc not found (run make deps)"
}

kernel_key() {
	{
		echo "src $(src_key)"
		echo "cc $(cc_version)"
		cat "$FRAGMENT" "$0"
	} | cache_key
}

# unpack_source WORK: the tarball's tree into WORK/entry (cache_fill)
unpack_source() {
	log "unpacking $(basename "$LINUX_TARBALL")"
	tar -xJf "$LINUX_TARBALL" -C "$1"
	[ -f "$1/$LINUX_PKG/Makefile" ] || die "unexpected tarball layout"
	mv "$1/$LINUX_PKG" "$1/entry"
}

# prepare_source WORK: the patched tree into WORK/entry (cache_fill), a
# copy in hard links of the tree without patches
prepare_source() {
	local work=$1 pristine p
	pristine=$CACHE/linux/src-$(src_key_of)
	cache_fill "$pristine" Makefile unpack_source
	log "linking $(basename "$pristine") into a tree to patch"
	cp -al "$pristine" "$work/entry"
	for p in $(patches); do
		log "applying $(basename "$p")"
		patch -d "$work/entry" -p1 --batch --forward --quiet <"$p" ||
			die "patch $(basename "$p") does not apply"
	done
}

source_dir() {
	local dir
	dir=$CACHE/linux/src-$(src_key)
	if [ -n "$(patches)" ]; then
		cache_fill "$dir" Makefile prepare_source
	else
		cache_fill "$dir" Makefile unpack_source
	fi
	echo "$dir"
}

# Fail if any CONFIG_ line of the fragment did not survive olddefconfig.
# A variant kernel (LINUX_SKIP_PATCHES) lacks the symbols its skipped
# patches add (e.g. CONFIG_RISCV_PDIS): the fragment's symbols that no
# Kconfig file of its tree defines are not checked there.
check_config() {
	local frag=$1 cfg=$2 src=$3 known=/dev/null
	if [ -n "$SKIP_PATCHES" ]; then
		known=$(dirname "$cfg")/known-symbols
		grep -rhoE --include='Kconfig*' '^[[:space:]]*(menu)?config [A-Za-z0-9_]+' "$src" |
			awk '{ print "CONFIG_" $2 }' >"$known"
	fi
	awk -v variant="${SKIP_PATCHES:+1}" '
	FILENAME == ARGV[1] { defined[$1] = 1; next }
	FILENAME == ARGV[2] {
		if (variant && $0 ~ /^CONFIG_/) {
			n = index($0, "="); if (!(substr($0, 1, n - 1) in defined)) next
		}
		if ($0 ~ /^CONFIG_[A-Za-z0-9_]+=/) {
			n = index($0, "="); want[substr($0, 1, n - 1)] = substr($0, n + 1)
		} else if ($0 ~ /^# CONFIG_[A-Za-z0-9_]+ is not set/) {
			want[$2] = "n"
		}
		next
	}
	/^CONFIG_[A-Za-z0-9_]+=/ { n = index($0, "="); got[substr($0, 1, n - 1)] = substr($0, n + 1) }
	END {
		bad = 0
		for (s in want) {
			g = (s in got) ? got[s] : "n"
			if (g != want[s]) { printf "[linux]   %s: wanted %s, got %s\n", s, want[s], g; bad = 1 }
		}
		exit bad
	}' "$known" "$frag" "$cfg" >&2
}

# build_kernel WORK SRC: the kernel's files into WORK/entry (cache_fill)
build_kernel() {
	local tmp=$1 src=$2 obj blog
	obj=$tmp/obj blog=$tmp/build.log
	mkdir -p "$obj" "$tmp/entry"
	local kmake=(make -C "$src" O="$obj" ARCH=riscv CROSS_COMPILE="$CROSS_COMPILE")
	log "configuring (tinyconfig + linux/kernel.config), log: $blog"
	{
		"${kmake[@]}" tinyconfig &&
		"$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" "$FRAGMENT" &&
		"${kmake[@]}" olddefconfig
	} >"$blog" 2>&1 || { tail -30 "$blog" >&2; die "configuration failed"; }
	check_config "$FRAGMENT" "$obj/.config" "$src" ||
		die "the configuration lost symbols of linux/kernel.config (see above)"
	log "building Image with $JOBS jobs"
	local t0=$SECONDS
	"${kmake[@]}" -j"$JOBS" Image >>"$blog" 2>&1 ||
		{ tail -40 "$blog" >&2; die "kernel build failed (log: $blog)"; }
	log "built in $((SECONDS - t0)) s"
	cp "$obj/arch/riscv/boot/Image" "$obj/vmlinux" "$obj/System.map" "$tmp/entry/"
	cp "$obj/.config" "$tmp/entry/config"
	cp "$blog" "$tmp/entry/build.log"
}

link_outputs() {
	local out=$1
	cache_link "$out/Image" "$LINK_DIR/Image"
	cache_link "$out/vmlinux" "$LINK_DIR/vmlinux"
	cache_link "$out/config" "$LINK_DIR/kernel.config"
	cache_link "$out/System.map" "$LINK_DIR/System.map"
}

main() {
	mkdir -p "$CACHE/linux"
	[ -n "$LINUX_TARBALL" ] || LINUX_TARBALL=$(linux_source_tarball "$LINUX_SOURCE")
	case ${1:-build} in
	source) source_dir ;;
	source-path) echo "$CACHE/linux/src-$(src_key)" ;;
	key) echo "$CACHE/linux/kernel-$(kernel_key)" ;;
	build)
		local out src
		out=$CACHE/linux/kernel-$(kernel_key)
		if [ -f "$out/Image" ]; then
			log "cached: $out"
		else
			src=$(source_dir)
			cache_fill "$out" Image build_kernel "$src"
		fi
		link_outputs "$out"
		log "Image: $LINK_DIR/Image ($(stat -L -c %s "$LINK_DIR/Image") bytes)"
		;;
	*) die "usage: build-linux.sh [build|source|source-path|key]" ;;
	esac
}

main "$@"
