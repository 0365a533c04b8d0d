#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Build (or reuse from the cache) a static busybox 1.35.0 for the initramfs.
#
#   build-busybox.sh          build if needed, link build/linux/busybox
#   build-busybox.sh key      print the cache directory
#
# Cache: $CACHE/busybox/busybox-<key>/{busybox,busybox.links,config,build.log},
# key = SHA-256 of the verified orig tarball, linux/busybox.config, this
# script and the cross compiler version. Built in a temporary directory and
# renamed into place under a lock.
#
# Environment (defaults match mk/config.mk): TOP BUILD CACHE SRC_CACHE JOBS
# CROSS_COMPILE BUSYBOX_TARBALL.
set -euo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
BUILD=${BUILD:-$TOP/build}
CACHE=${CACHE:-${TALLY_CACHE:-$HOME/.cache/tally}}
SRC_CACHE=${SRC_CACHE:-$CACHE/src}
JOBS=${JOBS:-$(nproc)}
CROSS_COMPILE=${CROSS_COMPILE:-riscv64-linux-gnu-}
BUSYBOX_TARBALL=${BUSYBOX_TARBALL:-$SRC_CACHE/busybox_1.35.0.orig.tar.bz2}
FRAGMENT=$TOP/linux/busybox.config
DIR=$CACHE/busybox
. "$TOP/scripts/lib/cache.sh"

log() { printf '[busybox] %s\n' "$*" >&2; }
die() { printf '[busybox] error: %s\n' "$*" >&2; exit 1; }

key() {
	[ -f "$BUSYBOX_TARBALL" ] || die "no $BUSYBOX_TARBALL (run make deps)"
	{
		sha256sum <"$BUSYBOX_TARBALL"
		"${CROSS_COMPILE}gcc" --version | head -1
		cat "$FRAGMENT" "$0"
	} | cache_key
}

# Applet directories of the busybox tree whose applets the guest never runs:
# it has no network, no log daemon, no logins, no modules, no consoles but
# the serial one, and unpacks nothing. Every symbol their Config.in files
# declare goes off before the fragment is applied (the fragment may turn
# one back on); that is a third of defconfig's applets and of its build.
OFF_DIRS=(networking mailutils printutils runit sysklogd loginutils
	e2fsprogs modutils selinux console-tools archival)

# off_dirs CONFIG SRC: every symbol declared under OFF_DIRS set off
off_dirs() {
	local cfg=$1 src=$2 sym
	for sym in $(cd "$src" && find "${OFF_DIRS[@]}" -name Config.in \
		-exec sed -n 's/^[[:space:]]*config[[:space:]]\+\([A-Z0-9_]\+\).*/\1/p' {} + |
		sort -u); do
		sed -i -e "/^CONFIG_$sym=/d" -e "/^# CONFIG_$sym is not set/d" "$cfg"
		echo "# CONFIG_$sym is not set" >>"$cfg"
	done
}

# Set every CONFIG_ line of the fragment in .config (replacing the old line).
apply_fragment() {
	local cfg=$1 sym line
	while IFS= read -r line; do
		case $line in
		CONFIG_*=*) sym=${line%%=*} ;;
		"# CONFIG_"*" is not set") sym=${line#\# }; sym=${sym%% *} ;;
		*) continue ;;
		esac
		sed -i -e "/^$sym=/d" -e "/^# $sym is not set/d" "$cfg"
		echo "$line" >>"$cfg"
	done <"$FRAGMENT"
}

check_fragment() {
	local cfg=$1 line sym bad=0
	while IFS= read -r line; do
		case $line in
		CONFIG_*=*) grep -qxF "$line" "$cfg" ;;
		"# CONFIG_"*" is not set")
			sym=${line#\# }; sym=${sym%% *}
			! grep -q "^$sym=" "$cfg" ;;
		*) continue ;;
		esac || { log "  lost: $line"; bad=1; }
	done <"$FRAGMENT"
	return $bad
}

# build WORK: the entry's files into WORK/entry (scripts/lib/cache.sh)
build() {
	local tmp=$1 src blog
	blog=$tmp/build.log
	log "unpacking $(basename "$BUSYBOX_TARBALL")"
	tar -xjf "$BUSYBOX_TARBALL" -C "$tmp"
	src=$(echo "$tmp"/busybox-*)
	[ -f "$src/Makefile" ] || die "unexpected tarball layout"
	local bmake=(make -C "$src" CROSS_COMPILE="$CROSS_COMPILE")
	log "configuring (defconfig, ${OFF_DIRS[*]} off, + linux/busybox.config), log: $blog"
	{
		"${bmake[@]}" defconfig &&
		off_dirs "$src/.config" "$src" &&
		apply_fragment "$src/.config" &&
		{ yes '' || true; } | "${bmake[@]}" oldconfig
	} >"$blog" 2>&1 || { tail -30 "$blog" >&2; die "configuration failed"; }
	check_fragment "$src/.config" || die "configuration lost fragment lines"
	log "building with $JOBS jobs"
	local t0=$SECONDS
	{
		"${bmake[@]}" -j"$JOBS" busybox &&
		"${bmake[@]}" busybox.links
	} >>"$blog" 2>&1 || { tail -40 "$blog" >&2; die "build failed (log: $blog)"; }
	log "built in $((SECONDS - t0)) s"
	! "${CROSS_COMPILE}readelf" -l "$src/busybox" | grep -q INTERP ||
		die "busybox is not a static binary"
	mkdir -p "$tmp/entry"
	cp "$src/busybox" "$src/busybox.links" "$tmp/entry/"
	cp "$src/.config" "$tmp/entry/config"
	cp "$blog" "$tmp/entry/build.log"
}

main() {
	mkdir -p "$DIR"
	local out
	out=$DIR/busybox-$(key)
	case ${1:-build} in
	key) echo "$out"; return ;;
	build) ;;
	*) die "usage: build-busybox.sh [build|key]" ;;
	esac
	[ ! -x "$out/busybox" ] || log "cached: $out"
	cache_fill "$out" busybox build
	cache_link "$out/busybox" "$BUILD/linux/busybox"
	cache_link "$out/busybox.links" "$BUILD/linux/busybox.links"
	log "busybox: $BUILD/linux/busybox"
}

main "$@"
