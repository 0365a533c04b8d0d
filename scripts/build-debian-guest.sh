#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Debian's own riscv64 kernel, perf and busybox-static (trixie), as a user
# of the distribution boots them: fetched from Debian's archive, unpacked,
# and packed with the project's init and workloads into an initramfs.
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
# build/debian/ gets Image, initramfs.cpio.gz (busybox-static, perf with
# its shared libraries and perf-core tests, bash, kvm.ko, the project's
# init, workloads and tally-* tools) and versions.
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

# The package=version lines of the whole install closure, sorted.
closure() {
	apt-get "${apt_opts[@]}" -s install "${PKGS[@]}" 2>/dev/null |
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
	apt-get "${apt_opts[@]}" -y --download-only install "${PKGS[@]}" \
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

# needed ROOT FILE...: the shared libraries FILE needs, transitively, as
# paths inside ROOT (the dynamic loader included).
needed() {
	local root=$1 f lib d p seen=" " todo
	shift
	todo=("$@")
	while [ ${#todo[@]} -gt 0 ]; do
		f=${todo[0]}
		todo=("${todo[@]:1}")
		for lib in $(readelf -d "$root$f" 2>/dev/null |
			sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
			case $seen in *" $lib "*) continue ;; esac
			seen+="$lib "
			p=
			for d in /usr/lib/riscv64-linux-gnu /lib/riscv64-linux-gnu \
				/usr/lib /lib; do
				if [ -e "$root$d/$lib" ]; then p=$d/$lib; break; fi
			done
			[ -n "$p" ] || die "$f needs $lib, not in the packages"
			echo "$p"
			todo+=("$p")
		done
	done
}

# file_line ROOT PATH: a gen_init_cpio line for PATH (inside ROOT), with
# symlinks resolved to files.
file_line() {
	echo "file $2 $(readlink -f "$1$2") 755 0 0"
}

initramfs() {
	local g=$1 root=$1/root spec work=$OUT/initramfs key src kver
	src=$("$TOP/scripts/build-linux.sh" source)
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
	cc -O2 -o "$work/gen_init_cpio" "$src/usr/gen_init_cpio.c" ||
		die "cannot build gen_init_cpio"
	kver=$(basename "$(ls -d "$root"/usr/lib/modules/* | head -1)")
	spec=$work/list
	{
		local d
		for d in /bin /sbin /usr /usr/bin /usr/sbin /usr/lib /usr/share \
			/usr/share/tally /proc /sys /dev /tmp /root /etc /lib \
			/usr/lib/riscv64-linux-gnu /usr/lib/modules \
			"/usr/lib/modules/$kver"; do
			echo "dir $d 755 0 0"
		done
		echo "slink /lib/riscv64-linux-gnu /usr/lib/riscv64-linux-gnu 777 0 0"
		echo "nod /dev/console 600 0 0 c 5 1"
		echo "file /init $TOP/linux/debian/init 755 0 0"
		echo "file /usr/share/tally/init $TOP/linux/initramfs/init 755 0 0"
		echo "file /bin/busybox $(readlink -f "$root/usr/bin/busybox") 755 0 0"
		echo "slink /bin/sh /bin/busybox 777 0 0"
		file_line "$root" /usr/bin/perf
		file_line "$root" /usr/bin/bash
		echo "slink /bin/bash /usr/bin/bash 777 0 0"
		needed "$root" /usr/bin/perf /usr/bin/bash | LC_ALL=C sort -u |
			while read -r l; do
				echo "file $l $(readlink -f "$root$l") 755 0 0"
			done
		echo "file /lib/ld-linux-riscv64-lp64d.so.1 $(readlink -f "$root/usr/lib/riscv64-linux-gnu/ld-linux-riscv64-lp64d.so.1") 755 0 0"
		# perf test's shell and attr tests
		(cd "$root" && find usr/lib/perf-core -type d | LC_ALL=C sort) |
			sed 's|.*|dir /& 755 0 0|'
		(cd "$root" && find usr/lib/perf-core -type f | LC_ALL=C sort) |
			while read -r f; do echo "file /$f $root/$f 755 0 0"; done
		# kvm.ko, uncompressed for busybox insmod
		xz -dc "$root/usr/lib/modules/$kver/kernel/arch/riscv/kvm/kvm.ko.xz" \
			>"$work/kvm.ko"
		echo "file /usr/lib/modules/$kver/kvm.ko $work/kvm.ko 644 0 0"
		for f in "$BUILD"/linux/workloads/bin/*; do
			echo "file /usr/bin/$(basename "$f") $f 755 0 0"
		done
		for s in "$TOP"/linux/initramfs/*.sh; do
			echo "file /usr/share/tally/$(basename "$s") $s 644 0 0"
		done
		printf 'root:x:0:0:root:/root:/bin/sh\n' >"$work/passwd"
		printf 'root:x:0:\n' >"$work/group"
		echo "file /etc/passwd $work/passwd 644 0 0"
		echo "file /etc/group $work/group 644 0 0"
	} >"$spec"
	log "writing $OUT/initramfs.cpio.gz"
	"$work/gen_init_cpio" "$spec" | gzip -6 -n >"$OUT/initramfs.cpio.gz.tmp"
	mv "$OUT/initramfs.cpio.gz.tmp" "$OUT/initramfs.cpio.gz"
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
