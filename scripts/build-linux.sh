#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Build (or reuse from the cache) the Linux 6.12 kernel for Tally.
#
#   build-linux.sh            kernel: tinyconfig + linux/kernel.config, then
#                             link build/linux/{Image,vmlinux,kernel.config}
#   build-linux.sh source     print the patched source tree (unpack if needed)
#   build-linux.sh source-path   print where that tree is (no unpacking)
#   build-linux.sh key        print the kernel's cache directory
#
# Cache ($CACHE/linux/):
#   src-<key>/     pristine linux-source-6.12 + linux/patches/*.patch; key =
#                  tarball name, size and package version, the patches, and
#                  SRC_RECIPE below. Shared with scripts/build-perf.sh.
#   kernel-<key>/  Image, vmlinux, config, System.map, build.log; key = source
#                  key, fragment, this script, cross compiler version.
# Both are produced in a temporary directory and renamed into place, under a
# lock, so concurrent or interrupted builds never leave a half-built entry.
#
# Environment (defaults match mk/config.mk): TOP BUILD CACHE JOBS
# CROSS_COMPILE LINUX_TARBALL. A variant kernel (own source and kernel keys)
# leaves out the patches named in LINUX_SKIP_PATCHES (file names) and is
# linked into LINUX_LINK_DIR instead of build/linux, e.g. the kernel without
# the snapshot fix that tests/linux/record-test.sh boots.
set -euo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
BUILD=${BUILD:-$TOP/build}
CACHE=${CACHE:-${TALLY_CACHE:-$HOME/.cache/tally}}
JOBS=${JOBS:-$(nproc)}
CROSS_COMPILE=${CROSS_COMPILE:-riscv64-linux-gnu-}
LINUX_TARBALL=${LINUX_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
LINUX_PKG=linux-source-6.12
FRAGMENT=$TOP/linux/kernel.config
PATCH_DIR=$TOP/linux/patches
SKIP_PATCHES=${LINUX_SKIP_PATCHES:-}
LINK_DIR=${LINUX_LINK_DIR:-$BUILD/linux}
# Bump when the way the source tree is prepared changes.
SRC_RECIPE=1

log() { printf '[linux] %s\n' "$*" >&2; }
die() { printf '[linux] error: %s\n' "$*" >&2; exit 1; }
hash_stream() { sha256sum | cut -c1-16; }

patches() {
	local p
	for p in $(ls "$PATCH_DIR"/*.patch 2>/dev/null | LC_ALL=C sort); do
		case " $SKIP_PATCHES " in *" $(basename "$p") "*) continue ;; esac
		echo "$p"
	done
}

src_key() {
	[ -f "$LINUX_TARBALL" ] || die "no $LINUX_TARBALL (run make deps)"
	{
		echo "recipe $SRC_RECIPE"
		echo "tarball $(basename "$LINUX_TARBALL") $(stat -c %s "$LINUX_TARBALL")"
		echo "package $(dpkg-query -W -f='${Version}' "$LINUX_PKG" 2>/dev/null || echo none)"
		for p in $(patches); do echo "patch $(basename "$p")"; cat "$p"; done
	} | hash_stream
}

cc_version() {
	"${CROSS_COMPILE}gcc" --version 2>/dev/null | head -1 ||
		die "${CROSS_COMPILE}gcc not found (run make deps)"
}

kernel_key() {
	{
		echo "src $(src_key)"
		echo "cc $(cc_version)"
		cat "$FRAGMENT" "$0"
	} | hash_stream
}

# Run "$@" holding an exclusive lock named $1 under $CACHE/linux.
with_lock() {
	local name=$1; shift
	mkdir -p "$CACHE/linux"
	exec 9>"$CACHE/linux/.lock-$name"
	flock 9
	"$@"
	exec 9>&-
}

# Unpack and patch the source tree if the cache does not have it yet.
prepare_source() {
	local dir=$1 tmp p
	[ -d "$dir" ] && return 0
	rm -rf "$CACHE"/linux/.tmp-src-*	# failed earlier attempts (we hold the lock)
	tmp=$(mktemp -d "$CACHE/linux/.tmp-src-XXXXXX")
	log "unpacking $(basename "$LINUX_TARBALL")"
	tar -xJf "$LINUX_TARBALL" -C "$tmp"
	[ -f "$tmp/$LINUX_PKG/Makefile" ] || die "unexpected tarball layout"
	for p in $(patches); do
		log "applying $(basename "$p")"
		patch -d "$tmp/$LINUX_PKG" -p1 --batch --forward --quiet <"$p" ||
			die "patch $(basename "$p") does not apply"
	done
	mv "$tmp/$LINUX_PKG" "$dir"
	rm -rf "$tmp"
}

source_dir() {
	local dir
	dir=$CACHE/linux/src-$(src_key)
	[ -d "$dir" ] || with_lock src prepare_source "$dir"
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

build_kernel() {
	local out=$1 src=$2 tmp obj blog
	[ -f "$out/Image" ] && return 0
	rm -rf "$CACHE"/linux/.tmp-kernel-*	# failed earlier attempts (we hold the lock)
	tmp=$(mktemp -d "$CACHE/linux/.tmp-kernel-XXXXXX")
	obj=$tmp/obj blog=$tmp/build.log
	mkdir -p "$obj" "$tmp/out"
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
	cp "$obj/arch/riscv/boot/Image" "$obj/vmlinux" "$obj/System.map" "$tmp/out/"
	cp "$obj/.config" "$tmp/out/config"
	cp "$blog" "$tmp/out/build.log"
	mv "$tmp/out" "$out"
	rm -rf "$tmp"
}

link_outputs() {
	local out=$1
	mkdir -p "$LINK_DIR"
	ln -sfn "$out/Image" "$LINK_DIR/Image"
	ln -sfn "$out/vmlinux" "$LINK_DIR/vmlinux"
	ln -sfn "$out/config" "$LINK_DIR/kernel.config"
	ln -sfn "$out/System.map" "$LINK_DIR/System.map"
}

main() {
	mkdir -p "$CACHE/linux"
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
			with_lock kernel build_kernel "$out" "$src"
			[ -f "$out/Image" ] || die "no Image in $out"
		fi
		link_outputs "$out"
		log "Image: $LINK_DIR/Image ($(stat -L -c %s "$LINK_DIR/Image") bytes)"
		;;
	*) die "usage: build-linux.sh [build|source|source-path|key]" ;;
	esac
}

main "$@"
