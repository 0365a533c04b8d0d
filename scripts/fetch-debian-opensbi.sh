#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Debian's own OpenSBI of another suite than the host's, as a user of that
# suite boots it: the package `opensbi` (architecture all) fetched from the
# suite's archive through the same private apt configuration as the guest
# of that suite (scripts/lib/debian-apt.sh, $CACHE/debian/<suite>/apt),
# and its fw_dynamic.bin taken as it is. The Debian suite compares Tally
# against it next to the host's OpenSBI (bookworm-backports' 1.5.1).
#
#   fetch-debian-opensbi.sh [SUITE]       fetch if needed, link the output
#   fetch-debian-opensbi.sh [SUITE] key   print the cache directory
#
# SUITE defaults to sid (OpenSBI 1.9-1 when this was written). The host's
# dpkg is never touched.
#
# Cache: $CACHE/debian/<suite>/opensbi-<package version>/ with
#   fw_dynamic.bin, fw_dynamic.elf, fw_jump.bin, fw_jump.elf  (generic)
#   version          the package version
# Output: $BUILD/debian-<suite>/opensbi/ links to them, and `name`, the
# name the tests print ("Debian sid's OpenSBI 1.9").
#
# Environment (defaults match mk/config.mk): TOP BUILD CACHE.
set -euo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
BUILD=${BUILD:-$TOP/build}
CACHE=${CACHE:-${TALLY_CACHE:-$HOME/.cache/tally}}
SUITE=sid
# where Debian's opensbi package installs the generic platform's images
FWDIR=usr/lib/riscv64-linux-gnu/opensbi/generic
IMAGES=(fw_dynamic.bin fw_dynamic.elf fw_jump.bin fw_jump.elf)

. "$TOP/scripts/lib/apt-sources.sh"
. "$TOP/scripts/lib/debian-apt.sh"
. "$TOP/scripts/lib/cache.sh"

log() { printf '[debian-opensbi] %s\n' "$*" >&2; }
die() { printf '[debian-opensbi] error: %s\n' "$*" >&2; exit 1; }

# fetch WORK PV: the package PV (opensbi=<version>) downloaded, its images
# into WORK/entry (cache_fill)
fetch() {
	local tmp=$1/entry pv=$2 deb i
	log "downloading $pv ($SUITE)"
	deb=$(debian_apt_fetch "$pv") || exit 1
	mkdir -p "$tmp" "$1/root"
	dpkg-deb -x "$deb" "$1/root"
	for i in "${IMAGES[@]}"; do
		[ -f "$1/root/$FWDIR/$i" ] || die "$pv has no /$FWDIR/$i"
		cp "$1/root/$FWDIR/$i" "$tmp/$i"
	done
	echo "${pv#*=}" >"$tmp/version"
}

main() {
	local dir out pv entry upstream
	case ${1:-} in trixie | sid | forky) SUITE=$1; shift ;; esac
	dir=$CACHE/debian/$SUITE out=$BUILD/debian-$SUITE/opensbi
	debian_apt_init "$SUITE" "$dir/apt"
	debian_apt_update
	pv=$(debian_apt_closure opensbi | grep '^opensbi=' || true)
	if [ -n "$pv" ]; then
		entry=$dir/opensbi-${pv#*=}
		cache_fill "$entry" fw_dynamic.bin fetch "$pv"
	else
		# no index (offline): the newest cached one, if any
		entry=$(ls -td "$dir"/opensbi-* 2>/dev/null | head -1)
		[ -n "$entry" ] || die "cannot resolve opensbi in $SUITE (log: $APT/update.log)"
	fi
	case ${1:-build} in
	key) echo "$entry"; return ;;
	build) ;;
	*) die "usage: fetch-debian-opensbi.sh [SUITE] [build|key]" ;;
	esac
	# 1.9-1 -> 1.9: the upstream version, as OpenSBI's banner prints it
	upstream=$(sed 's/^[0-9]*://; s/-[^-]*$//; s/[~+].*//' "$entry/version")
	mkdir -p "$out"
	for i in "${IMAGES[@]}" version; do cache_link "$entry/$i" "$out/$i"; done
	# renamed into place: check-debian and check-debian-sid run this at once
	echo "Debian $SUITE's OpenSBI $upstream" >"$out/name.$$"
	mv "$out/name.$$" "$out/name"
	log "$(cat "$out/name") (opensbi $(cat "$entry/version")): $out/fw_dynamic.bin"
}

main "$@"
