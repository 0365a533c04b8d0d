#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Debian's own riscv64 kernel, perf and busybox-static (trixie), as a user
# of the distribution has them: fetched from Debian's archive with the
# whole Depends closure (python3 included) and every package of priority
# "required" (what debootstrap's minbase installs: coreutils, dash,
# util-linux, mawk ...), unpacked, and packed with the project's init and
# workloads into an initramfs. Nothing of the closure is left out but
# what Debian's own minimal images leave out (documentation, manual pages,
# translations) and the kernel's modules other than kvm.ko.
#
#   build-debian-guest.sh          fetch if needed, link build/debian/*
#   build-debian-guest.sh key      print the cache directory
#
# The host's dpkg is never touched: a private apt configuration (index,
# status and archive under $CACHE/debian/apt) lists the riscv64 trixie
# archive at the URIs of the machine's own Debian entry. The packages and
# their whole Depends closure are downloaded and unpacked with dpkg-deb.
#
# Cache: $CACHE/debian/guest-<key>/ with
#   Image            the kernel (/boot/vmlinux-*: a raw Image with EFI stub)
#   root/            the unpacked packages
#   versions         package=version of every package unpacked
# key = SHA-256 of the resolved versions and this script; fetched and
# unpacked in a temporary directory, renamed into place under a lock
# (scripts/lib/cache.sh). The index is
# refreshed when older than a day (DEBIAN_GUEST_UPDATE=1: now); a cached
# guest is used as it is when the archive cannot be reached.
#
# build/debian/ gets Image, initramfs.cpio.gz (the unpacked packages, the
# links their maintainer scripts would make, kvm.ko, the project's init,
# workloads and tally-* tools) and versions.
#
# Environment (defaults match mk/config.mk): TOP BUILD CACHE CROSS_COMPILE.
set -euo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
BUILD=${BUILD:-$TOP/build}
CACHE=${CACHE:-${TALLY_CACHE:-$HOME/.cache/tally}}
DIR=$CACHE/debian
APT=$DIR/apt
OUT=$BUILD/debian
SUITE=trixie
PKGS=(linux-image-riscv64 linux-perf busybox-static bash)
# left out of the image: what Debian's minimal images drop (dpkg
# path-exclude), the kernel itself and its modules (kvm.ko is added)
EXCLUDE=(boot usr/lib/modules usr/share/doc usr/share/man usr/share/info
	usr/share/locale usr/share/lintian)
# the alternatives the packages' postinst scripts would install
ALTERNATIVES=(awk:mawk nawk:mawk which:which.debianutils pager:more)
SOURCES=/etc/apt/sources.list.d/debian.sources
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg

. "$TOP/scripts/lib/apt-sources.sh"
. "$TOP/scripts/lib/cache.sh"

log() { printf '[debian] %s\n' "$*" >&2; }
die() { printf '[debian] error: %s\n' "$*" >&2; exit 1; }

apt_opts=(-o "Dir::State=$APT/state" -o "Dir::State::status=$APT/state/status"
	-o "Dir::Cache=$APT/cache" -o "Dir::Cache::archives=$APT/archives"
	-o "Dir::Etc::SourceList=$APT/sources.list"
	-o Dir::Etc::SourceParts=/nonexistent -o Dir::Etc::Preferences=/nonexistent
	-o Dir::Etc::PreferencesParts=/nonexistent
	-o APT::Architecture=riscv64 -o APT::Architectures::=riscv64
	-o APT::Install-Recommends=0 -o Debug::NoLocking=1 -q)

apt_setup() {
	local uris
	mkdir -p "$APT/state/lists/partial" "$APT/cache" "$APT/archives/partial"
	touch "$APT/state/status"
	[ -f "$SOURCES" ] || die "$SOURCES not found: cannot derive the Debian archive"
	uris=$(apt_uris "$SOURCES" bookworm)
	[ -n "$uris" ] || die "no bookworm entry with URIs in $SOURCES"
	printf 'deb [arch=riscv64 signed-by=%s] %s %s main\n' \
		"$KEYRING" "$uris" "$SUITE" >"$APT/sources.list"
}

apt_update() {
	local stamp=$APT/state/updated
	if [ -z "${DEBIAN_GUEST_UPDATE:-}" ] && [ -f "$stamp" ] &&
		[ -z "$(find "$stamp" -mmin +1440)" ]; then
		return 0
	fi
	log "apt-get update ($SUITE, riscv64, private index in $APT)"
	if apt-get "${apt_opts[@]}" update >"$APT/update.log" 2>&1; then
		touch "$stamp"
	else
		log "update failed (log: $APT/update.log); using the index as it is"
	fi
}

# required: the packages of priority "required" in the index, which every
# Debian system has (debootstrap --variant=minbase installs just these)
required() {
	local f
	for f in "$APT"/state/lists/*_Packages*; do
		/usr/lib/apt/apt-helper cat-file "$f"
	done | awk 'BEGIN { RS = ""; FS = "\n" }
	/\nPriority: required(\n|$)/ {
		for (i = 1; i <= NF; i++)
			if ($i ~ /^Package: /) print substr($i, 10)
	}' | LC_ALL=C sort -u
}

# wanted: the packages asked for, the required ones with them
wanted() {
	printf '%s\n' "${PKGS[@]}"
	required
}

# The package=version lines of the whole install closure, sorted.
closure() {
	apt-get "${apt_opts[@]}" -s install $(wanted) 2>/dev/null |
		awk '$1 == "Inst" { v = $3; gsub(/[()]/, "", v); print $2 "=" v }' |
		LC_ALL=C sort
}

# fetch WORK LIST: the packages of LIST (package=version lines)
# downloaded and unpacked into WORK/entry (cache_fill)
fetch() {
	local tmp=$1/entry lock pv p v deb n=0 img
	log "downloading ${PKGS[*]} and their dependencies"
	# one apt-get at a time in the private apt directory
	exec {lock}>"$APT/.lock"
	flock "$lock"
	apt-get "${apt_opts[@]}" -y --download-only install $(wanted) \
		>"$APT/download.log" 2>&1 ||
		{ tail -20 "$APT/download.log" >&2; die "download failed"; }
	exec {lock}>&-
	mkdir -p "$tmp/root"
	while IFS= read -r pv; do
		p=${pv%%=*} v=${pv#*=}
		deb=$(ls "$APT/archives/${p}_${v//:/%3a}_"*.deb 2>/dev/null | head -1)
		[ -n "$deb" ] || die "no .deb for $pv in $APT/archives"
		dpkg-deb -x "$deb" "$tmp/root"
		n=$((n + 1))
	done <"$2"
	log "unpacked $n packages"
	img=$(ls "$tmp"/root/boot/vmlinux-* 2>/dev/null | head -1)
	[ -n "$img" ] || die "linux-image has no /boot/vmlinux-*"
	cp "$img" "$tmp/Image"
	cp "$2" "$tmp/versions"
}

# The guest directory: resolved, fetched and unpacked, or cached.
guest_dir() {
	local list key
	apt_setup
	apt_update
	list=$(mktemp)
	closure >"$list"
	if [ ! -s "$list" ]; then
		rm -f "$list"
		# no index (offline): the newest cached guest, if any
		key=$(ls -td "$DIR"/guest-* 2>/dev/null | head -1)
		[ -n "$key" ] || die "cannot resolve ${PKGS[*]} (log: $APT/update.log)"
		echo "$key"
		return
	fi
	key=$({ cat "$list" "$0"; } | cache_key)
	cache_fill "$DIR/guest-$key" Image fetch "$list"
	rm -f "$list"
	echo "$DIR/guest-$key"
}

# stage ROOT DIR: the image's tree in DIR, hard links into ROOT (the
# cached packages are never written: what the project adds replaces links)
stage() {
	local root=$1 dir=$2 kver e a
	cp -al "$root" "$dir"
	kver=$(basename "$(ls -d "$root"/usr/lib/modules/* | head -1)")
	for e in "${EXCLUDE[@]}"; do rm -rf "${dir:?}/$e"; done
	for a in "${ALTERNATIVES[@]}"; do
		[ -e "$dir/usr/bin/${a#*:}" ] && ln -sfn "${a#*:}" "$dir/usr/bin/${a%%:*}"
	done
	mkdir -p "$dir/usr/lib/modules/$kver" "$dir/usr/share/tally" \
		"$dir/proc" "$dir/sys" "$dir/dev" "$dir/tmp" "$dir/root" \
		"$dir/etc"
	# kvm.ko, uncompressed for busybox insmod
	xz -dc "$root/usr/lib/modules/$kver/kernel/arch/riscv/kvm/kvm.ko.xz" \
		>"$dir/usr/lib/modules/$kver/kvm.ko"
	rm -f "$dir/init" "$dir/etc/passwd" "$dir/etc/group"
	install -m 755 "$TOP/linux/debian/init" "$dir/init"
	install -m 755 "$TOP/linux/initramfs/init" "$dir/usr/share/tally/init"
	install -m 644 "$TOP"/linux/initramfs/*.sh "$dir/usr/share/tally/"
	for f in "$BUILD"/linux/workloads/bin/*; do
		rm -f "$dir/usr/bin/$(basename "$f")"
		install -m 755 "$f" "$dir/usr/bin/"
	done
	printf 'root:x:0:0:root:/root:/bin/bash\n' >"$dir/etc/passwd"
	printf 'root:x:0:\n' >"$dir/etc/group"
}

initramfs() {
	local g=$1 work=$OUT/initramfs key
	"$TOP/scripts/build-workloads.sh"
	key=$({
		echo "$g"
		cat "$0" "$TOP/linux/initramfs/init" "$TOP/linux/debian/init" \
			"$TOP"/linux/initramfs/*.sh
		cat "$BUILD/linux/workloads/key"
	} | cache_key)
	if [ -f "$OUT/initramfs.cpio.gz" ] && [ "$(cat "$work/key" 2>/dev/null)" = "$key" ]; then
		log "up to date: $OUT/initramfs.cpio.gz"
		return 0
	fi
	rm -rf "$work"
	mkdir -p "$work"
	stage "$g/root" "$work/root"
	log "writing $OUT/initramfs.cpio.gz ($(du -sm "$work/root" | cut -f1) MB unpacked)"
	(cd "$work/root" && find . -mindepth 1 | LC_ALL=C sort |
		cpio --quiet -o -H newc -R 0:0) | gzip -6 -n >"$OUT/initramfs.cpio.gz.tmp"
	mv "$OUT/initramfs.cpio.gz.tmp" "$OUT/initramfs.cpio.gz"
	rm -rf "$work/root"
	echo "$key" >"$work/key"
	log "initramfs: $OUT/initramfs.cpio.gz ($(stat -c %s "$OUT/initramfs.cpio.gz") bytes)"
}

main() {
	local g
	mkdir -p "$DIR" "$OUT"
	g=$(guest_dir)
	case ${1:-build} in
	key) echo "$g"; return ;;
	build) ;;
	*) die "usage: build-debian-guest.sh [build|key]" ;;
	esac
	log "guest: $g ($(grep -E '^(linux-image-[0-9]|linux-perf|busybox-static)' "$g/versions" | tr '\n' ' '))"
	cache_link "$g/Image" "$OUT/Image"
	cp "$g/versions" "$OUT/versions"
	initramfs "$g"
}

main "$@"
