#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Debian's own riscv64 kernel, perf and busybox-static of one suite
# (trixie, the stable release; sid, unstable), as a user of the
# distribution has them: fetched from Debian's archive with the whole
# Depends closure (python3 included) and every package of priority
# "required" (what debootstrap's minbase installs: coreutils, dash,
# util-linux, mawk ...), unpacked, and packed with the project's init and
# workloads into an initramfs. Nothing of the closure is left out but
# what Debian's own minimal images leave out (documentation, manual pages,
# translations) and the kernel's modules other than kvm.ko.
#
#   build-debian-guest.sh [--suite SUITE] [--kvm]         fetch if needed, link the output
#   build-debian-guest.sh [--suite SUITE] [--kvm] key     print the cache directory
#
# SUITE is trixie (the default; output build/debian/) or sid (output
# build/debian-sid/). The same construction for both; only where the
# packages put the kernel image and kvm.ko differs (see suite_setup).
#
# --kvm: the variant that runs KVM guests of its own (tests/debian/
# kvm-perf-test.sh): the same packages plus qemu-system-riscv and its
# closure (its own cache entry, the resolved list differs), output
# build/debian-kvm/ (build/debian-sid-kvm/). Its initramfs also holds what
# the KVM guest boots, under /usr/share/tally/nested/: Image (the same
# Debian kernel) and initrd.cpio.gz, a small initramfs of busybox-static,
# Debian's perf with the shared libraries it needs (found through their
# DT_NEEDED entries), the project's init and workloads. The main guest
# stays as it is: QEMU's closure would only slow every other boot.
#
# The host's dpkg is never touched: a private apt configuration (index,
# status and archive under $CACHE/debian/<suite>/apt, scripts/lib/debian-apt.sh)
# lists the riscv64 archive of the suite at the URIs of the machine's own
# Debian entry. The packages and their whole Depends closure are
# downloaded and unpacked with dpkg-deb.
#
# Cache: $CACHE/debian/<suite>/guest-<key>/ with
#   Image            the kernel as Debian ships it (a raw Image with EFI stub)
#   root/            the unpacked packages
#   versions         package=version of every package unpacked
# key = SHA-256 of the resolved versions and this script; fetched and
# unpacked in a temporary directory, renamed into place under a lock
# (scripts/lib/cache.sh). The index is
# refreshed when older than a day (DEBIAN_GUEST_UPDATE=1: now); a cached
# guest is used as it is when the archive cannot be reached.
#
# The output directory gets Image, initramfs.cpio.gz (the unpacked
# packages, the links their maintainer scripts would make, kvm.ko, the
# project's init, workloads and tally-* tools) and versions.
#
# Environment (defaults match mk/config.mk): TOP BUILD CACHE CROSS_COMPILE.
set -euo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
BUILD=${BUILD:-$TOP/build}
CACHE=${CACHE:-${TALLY_CACHE:-$HOME/.cache/tally}}
SUITE=trixie
PKGS=(linux-image-riscv64 linux-perf busybox-static bash)
KVM=
# the multiarch library directory of the riscv64 packages
TRIPLET=riscv64-linux-gnu
# left out of the image: what Debian's minimal images drop (dpkg
# path-exclude), the kernel itself and its modules (kvm.ko is added)
EXCLUDE=(boot usr/lib/modules usr/share/doc usr/share/man usr/share/info
	usr/share/locale usr/share/lintian)
# the alternatives the packages' postinst scripts would install
ALTERNATIVES=(awk:mawk nawk:mawk which:which.debianutils pager:more)

. "$TOP/scripts/lib/apt-sources.sh"
. "$TOP/scripts/lib/debian-apt.sh"
. "$TOP/scripts/lib/cache.sh"

log() { printf '[debian] %s\n' "$*" >&2; }
die() { printf '[debian] error: %s\n' "$*" >&2; exit 1; }

# suite_setup: the directories and the places of the kernel image in the
# suite's packages. trixie's linux-image-<version> holds the image as
# /boot/vmlinux-<version>; from 7.x on (sid) the image is
# /usr/lib/modules/<version>/vmlinuz in linux-binary-<version>, which
# linux-image-<version> depends on. Both are a raw Image with an EFI stub
# (not gzip): QEMU boots it with -kernel as it is.
suite_setup() {
	case $SUITE in
	trixie) OUT=$BUILD/debian IMAGE_AT=(boot/vmlinux-*) ;;
	sid) OUT=$BUILD/debian-sid IMAGE_AT=(usr/lib/modules/*/vmlinuz) ;;
	*) die "suite $SUITE: say trixie or sid" ;;
	esac
	DIR=$CACHE/debian/$SUITE
	if [ -n "$KVM" ]; then
		PKGS+=(qemu-system-riscv)
		OUT=$OUT-kvm
	fi
}

# wanted: the packages asked for, the required ones with them
wanted() {
	printf '%s\n' "${PKGS[@]}"
	debian_apt_required
}

# fetch WORK LIST: the packages of LIST (package=version lines)
# downloaded and unpacked into WORK/entry (cache_fill)
fetch() {
	local tmp=$1/entry pv deb n=0 img
	log "downloading ${PKGS[*]} and their dependencies ($SUITE)"
	debian_apt_download $(wanted)
	mkdir -p "$tmp/root"
	while IFS= read -r pv; do
		deb=$(debian_apt_deb "$pv")
		[ -n "$deb" ] || die "no .deb for $pv in $APT/archives"
		dpkg-deb -x "$deb" "$tmp/root"
		n=$((n + 1))
	done <"$2"
	log "unpacked $n packages"
	img=$(cd "$tmp/root" && ls ${IMAGE_AT[*]} 2>/dev/null | head -1)
	[ -n "$img" ] || die "the $SUITE kernel packages have no ${IMAGE_AT[*]}"
	# a raw RISC-V Image: "RSC\x05" at 0x38 (a gzip would need unpacking)
	[ "$(od -An -tx1 -j56 -N4 "$tmp/root/$img" | tr -d ' ')" = 52534305 ] ||
		die "$img is not a raw RISC-V Image"
	cp "$tmp/root/$img" "$tmp/Image"
	cp "$2" "$tmp/versions"
}

# The guest directory: resolved, fetched and unpacked, or cached.
guest_dir() {
	local list key
	debian_apt_init "$SUITE" "$DIR/apt"
	debian_apt_update
	list=$(mktemp)
	debian_apt_closure $(wanted) >"$list"
	if [ ! -s "$list" ]; then
		rm -f "$list"
		# no index (offline): the newest cached guest, if any
		key=$(ls -td "$DIR"/guest-* 2>/dev/null | head -1)
		[ -n "$key" ] || die "cannot resolve ${PKGS[*]} in $SUITE (log: $APT/update.log)"
		echo "$key"
		return
	fi
	key=$({ cat "$list" "$0"; } | cache_key)
	cache_fill "$DIR/guest-$key" Image fetch "$list"
	rm -f "$list"
	echo "$DIR/guest-$key"
}

# unpack_module FILE OUT: a kernel module as Debian ships it (.ko, or
# compressed: .ko.xz in trixie, .ko.zst or .ko.gz elsewhere) uncompressed
# into OUT, for busybox insmod
unpack_module() {
	case $1 in
	*.ko) cat "$1" ;;
	*.ko.xz) xz -dc "$1" ;;
	*.ko.zst) zstd -qdc "$1" ;;
	*.ko.gz) gzip -dc "$1" ;;
	*) die "$1: unknown module compression" ;;
	esac >"$2"
}

# lib_path ROOT NAME: where the packages in ROOT put the shared library
# NAME (a DT_NEEDED name), relative to ROOT
lib_path() {
	local d
	for d in usr/lib/$TRIPLET usr/lib lib/$TRIPLET lib; do
		if [ -e "$1/$d/$2" ]; then
			echo "$d/$2"
			return
		fi
	done
	die "no $2 in the packages"
}

# needed FILE: the DT_NEEDED names of an ELF file
needed() {
	readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p'
}

# nested ROOT OUT: the KVM guest's initramfs in OUT, from the unpacked
# packages in ROOT: busybox-static, perf and every library it needs
# (transitively), the project's first-stage init and init, the workloads.
# /bin, /sbin and /lib are links into /usr, as in Debian.
nested() {
	local root=$1 out=$2 tree lib todo=() seen=" " f n
	tree=$(mktemp -d)
	mkdir -p "$tree/usr/bin" "$tree/usr/sbin" "$tree/usr/lib/$TRIPLET" \
		"$tree/usr/share/tally" "$tree/proc" "$tree/sys" "$tree/dev" \
		"$tree/tmp" "$tree/root" "$tree/etc"
	ln -s usr/bin "$tree/bin"
	ln -s usr/sbin "$tree/sbin"
	ln -s usr/lib "$tree/lib"
	cp "$root/usr/bin/busybox" "$root/usr/bin/perf" "$tree/usr/bin/"
	# the init scripts' interpreter; busybox links the rest at boot
	ln -s busybox "$tree/usr/bin/sh"
	todo=("$root/usr/bin/perf")
	while [ ${#todo[@]} -gt 0 ]; do
		f=${todo[0]}
		todo=("${todo[@]:1}")
		for n in $(needed "$f"); do
			case $seen in *" $n "*) continue ;; esac
			seen+="$n "
			lib=$(lib_path "$root" "$n")
			mkdir -p "$tree/$(dirname "$lib")"
			cp -L "$root/$lib" "$tree/$lib"
			todo+=("$root/$lib")
		done
	done
	# the program interpreter, where perf asks for it (/lib is /usr/lib)
	lib=$(readelf -l "$root/usr/bin/perf" |
		sed -n 's/.*program interpreter: \/*\([^]]*\)\]$/\1/p')
	[ -n "$lib" ] || die "perf names no program interpreter"
	lib=usr/${lib#usr/}
	cp -L "$root/$lib" "$tree/$lib"
	install -m 755 "$TOP/linux/debian/init" "$tree/init"
	install -m 755 "$TOP/linux/initramfs/init" "$tree/usr/share/tally/init"
	install -m 755 "$BUILD"/linux/workloads/bin/* "$tree/usr/bin/"
	printf 'root:x:0:0:root:/root:/bin/sh\n' >"$tree/etc/passwd"
	printf 'root:x:0:\n' >"$tree/etc/group"
	(cd "$tree" && find . -mindepth 1 | LC_ALL=C sort |
		cpio --quiet -o -H newc -R 0:0) | gzip -6 -n >"$out"
	log "KVM guest's initramfs: $(echo $seen | wc -w) libraries, $(du -sm "$tree" | cut -f1) MB unpacked"
	rm -rf "$tree"
}

# stage ROOT DIR: the image's tree in DIR, hard links into ROOT (the
# cached packages are never written: what the project adds replaces links)
stage() {
	local root=$1 dir=$2 kver e a kvm
	cp -al "$root" "$dir"
	kver=$(basename "$(ls -d "$root"/usr/lib/modules/* | head -1)")
	for e in "${EXCLUDE[@]}"; do rm -rf "${dir:?}/$e"; done
	for a in "${ALTERNATIVES[@]}"; do
		[ -e "$dir/usr/bin/${a#*:}" ] && ln -sfn "${a#*:}" "$dir/usr/bin/${a%%:*}"
	done
	mkdir -p "$dir/usr/lib/modules/$kver" "$dir/usr/share/tally" \
		"$dir/proc" "$dir/sys" "$dir/dev" "$dir/tmp" "$dir/root" \
		"$dir/etc"
	# kvm.ko, wherever and however compressed the suite ships it
	kvm=$(find "$root/usr/lib/modules/$kver/kernel" -name 'kvm.ko*' | head -1)
	[ -n "$kvm" ] || die "no kvm.ko* under /usr/lib/modules/$kver/kernel"
	unpack_module "$kvm" "$dir/usr/lib/modules/$kver/kvm.ko"
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
	if [ -n "$KVM" ]; then
		mkdir -p "$dir/usr/share/tally/nested"
		cp "$(dirname "$root")/Image" "$dir/usr/share/tally/nested/Image"
		nested "$root" "$dir/usr/share/tally/nested/initrd.cpio.gz"
	fi
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
	while [ $# -gt 0 ]; do
		case $1 in
		--suite) SUITE=${2:?--suite needs trixie or sid}; shift 2 ;;
		--kvm) KVM=1; shift ;;
		*) break ;;
		esac
	done
	suite_setup
	mkdir -p "$DIR" "$OUT"
	g=$(guest_dir)
	case ${1:-build} in
	key) echo "$g"; return ;;
	build) ;;
	*) die "usage: build-debian-guest.sh [--suite trixie|sid] [--kvm] [build|key]" ;;
	esac
	log "$SUITE guest: $g ($(grep -E '^(linux-image-[0-9]|linux-perf|busybox-static)' "$g/versions" | tr '\n' ' '))"
	cache_link "$g/Image" "$OUT/Image"
	cp "$g/versions" "$OUT/versions"
	initramfs "$g"
}

main "$@"
