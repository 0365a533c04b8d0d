#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Install every build dependency from Debian's archive (bookworm,
# bookworm-backports and source packages). Idempotent: re-running only
# installs what is missing. The extra apt sources copy the URIs of the
# machine's existing Debian entry, so no mirror host is written here.
set -euo pipefail

BENCH=
if [ "${1:-}" = --bench ]; then BENCH=1; shift; fi
SRC_DIR=${1:?usage: deps.sh [--bench] SRC_DIR}
SOURCES=/etc/apt/sources.list.d/debian.sources
EXTRA=/etc/apt/sources.list.d/tally-extra.sources
SUDO=
[ "$(id -u)" = 0 ] || SUDO=sudo

CACHE=${CACHE:-$(dirname "$SRC_DIR")}

. "$(dirname "$0")/lib/apt-sources.sh"
. "$(dirname "$0")/lib/cache.sh"
. "$(dirname "$0")/lib/debian-apt.sh"
. "$(dirname "$0")/lib/linux-source.sh"

log() { printf '[deps] %s\n' "$*"; }
die() { printf '[deps] error: %s\n' "$*" >&2; exit 1; }

add_sources() {
	[ -f "$EXTRA" ] && return 0
	[ -f "$SOURCES" ] || die "$SOURCES not found: cannot derive the Debian mirror"
	local uris sec
	uris=$(apt_uris "$SOURCES" bookworm)
	[ -n "$uris" ] || die "no bookworm entry with URIs in $SOURCES"
	sec=$(apt_uris "$SOURCES" bookworm-security)
	log "adding bookworm-backports and deb-src entries (URIs copied from $SOURCES)"
	{
		printf 'Types: deb deb-src\nURIs: %s\nSuites: bookworm-backports\n' "$uris"
		printf 'Components: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n\n'
		printf 'Types: deb-src\nURIs: %s\nSuites: bookworm bookworm-updates\n' "$uris"
		printf 'Components: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n'
		if [ -n "$sec" ]; then
			printf '\nTypes: deb-src\nURIs: %s\nSuites: bookworm-security\n' "$sec"
			printf 'Components: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n'
		fi
	} | $SUDO tee "$EXTRA.tmp" >/dev/null
	$SUDO mv "$EXTRA.tmp" "$EXTRA"
	rm -f "$SRC_DIR/.apt-updated"
}

PKGS=(
	# cross toolchain and target C library (static perf, busybox)
	gcc-riscv64-linux-gnu binutils-riscv64-linux-gnu libc6-dev-riscv64-cross
	# QEMU build
	ninja-build pkg-config libglib2.0-dev libpixman-1-dev zlib1g-dev
	libfdt-dev ccache bzip2 xz-utils flex bison python3-venv python3-setuptools
	# Linux, busybox, initramfs (the kernel's own tree, linux-source-7.2,
	# comes from sid below); linux-source-6.12 for the firmware's libfdt
	# (mk/firmware.mk) and trixie's KVM selftest (build-kvm-selftests.sh)
	linux-source-6.12 bc cpio libelf-dev libssl-dev kmod rsync
	# firmware and tests
	device-tree-compiler clang lld llvm libclang-rt-14-dev clang-format
	# make deb: the package is built with dpkg-deb and checked by lintian
	dpkg-dev lintian
)
# meson for QEMU's build; Debian's own QEMU 10.0.2 and OpenSBI 1.5.1, which
# users boot: the debian suite runs on that QEMU and compares with that
# OpenSBI (tests/debian/)
BPO_PKGS=(meson python3-pycotap qemu-system-riscv opensbi)
# `deps.sh --bench`: only what `make bench` adds: the chart library
if [ -n "$BENCH" ]; then
	PKGS=(python3-matplotlib)
	BPO_PKGS=()
fi

missing() {
	local p
	for p in "$@"; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
			grep -q '^install ok installed$' || echo "$p"
	done
}

install_pkgs() {
	local need bneed
	need=$(missing "${PKGS[@]}")
	bneed=$(missing "${BPO_PKGS[@]}")
	# an installed bookworm meson (0.63) is too old: backports has 1.7
	if [ -z "$(missing meson)" ] && ! dpkg --compare-versions \
		"$(dpkg-query -W -f='${Version}' meson)" ge 1.5; then
		bneed="$bneed meson"
	fi
	[ -z "$need$bneed" ] && return 0
	if [ ! -f "$SRC_DIR/.apt-updated" ]; then
		log "apt-get update"
		$SUDO apt-get update -q >/dev/null || die "apt-get update failed"
		touch "$SRC_DIR/.apt-updated"
	fi
	export DEBIAN_FRONTEND=noninteractive
	if [ -n "$need" ]; then
		log "installing:" $need
		$SUDO apt-get install -y -q --no-install-recommends $need >/dev/null ||
			die "apt-get install failed for: $need"
	fi
	if [ -n "$(echo $bneed)" ]; then
		log "installing from bookworm-backports:" $bneed
		$SUDO apt-get install -y -q --no-install-recommends \
			-t bookworm-backports $bneed >/dev/null ||
			die "apt-get install -t bookworm-backports failed for: $bneed"
	fi
}

# apt-get options of fetch_orig: none (the host's apt configuration), or
# a private one (fetch_orig_suite)
fetch_apt=()

# Download one orig tarball with apt-get source and verify its SHA256
# against the (signed) Sources index. Only the orig tarball is needed; the
# .dsc and debian tarball may be missing from the archive. PKG may be
# "package=version".
fetch_orig() {
	local pkg=$1 file=$2 suite=$3 uris line sum
	[ -f "$SRC_DIR/$file.verified" ] && return 0
	mkdir -p "$SRC_DIR"
	log "fetching source $file"
	line=$(cd "$SRC_DIR" && apt-get "${fetch_apt[@]}" source --print-uris \
		--download-only ${suite:+-t "$suite"} "$pkg" 2>/dev/null |
		grep -F "$file" | head -1) || true
	[ -n "$line" ] || die "apt does not list $file for source package $pkg"
	sum=$(echo "$line" | awk '{print $4}')
	(cd "$SRC_DIR" && apt-get "${fetch_apt[@]}" source --download-only \
		${suite:+-t "$suite"} "$pkg" >/dev/null 2>&1) || true
	[ -f "$SRC_DIR/$file" ] || die "download of $file failed"
	case "$sum" in
	SHA256:*) echo "${sum#SHA256:}  $SRC_DIR/$file" | sha256sum -c --quiet ;;
	MD5Sum:*) echo "${sum#MD5Sum:}  $SRC_DIR/$file" | md5sum -c --quiet ;;
	*) die "no checksum for $file in the Sources index" ;;
	esac || die "checksum mismatch for $file: delete it and retry"
	touch "$SRC_DIR/$file.verified"
	log "verified $file ($sum)"
}

# fetch_orig_suite SUITE PKG=VERSION FILE: fetch_orig from the deb-src
# index of SUITE, a release the host's apt does not list (trixie-backports,
# sid), through a private apt configuration in $SRC_DIR/apt-src-SUITE
# (scripts/lib/debian-apt.sh; the host's sources stay as they are). The
# index is signed (InRelease, Debian's archive key), so its SHA256 of FILE
# verifies the download as for a bookworm source.
fetch_orig_suite() {
	local suite=$1 pkg=$2 file=$3
	[ -f "$SRC_DIR/$file.verified" ] && return 0
	debian_apt_src_init "$suite" "$SRC_DIR/apt-src-$suite"
	debian_apt_update
	fetch_apt=("${apt_opts[@]}")
	fetch_orig "$pkg" "$file" ""
	fetch_apt=()
}

# Extract some files of a kernel tree shipped in a binary linux-source-X
# package: fetch_kernel_files PKG DIR MEMBER... puts the tarball's members
# (tar wildcards under its top directory) into $SRC_DIR/DIR, with a stamp
# naming the package version, its SHA256 and the members; a stamp with
# other members extracts again. The .deb (apt-get download checks it
# against the signed Packages index; its SHA256 is compared once more
# here) is deleted afterwards: it is 140 MB, the extracted tree a few MB,
# and a new download takes seconds, so keeping it buys nothing.
fetch_kernel_files() {
	local pkg=$1 dir=$2 ver deb sum want tmp tarball
	shift 2
	want=$(printf 'member %s\n' "$@")
	if [ -f "$SRC_DIR/$dir/.stamp" ] &&
		[ "$(grep '^member ' "$SRC_DIR/$dir/.stamp")" = "$want" ]; then
		return 0
	fi
	mkdir -p "$SRC_DIR"
	ver=$(apt-cache policy "$pkg" | awk '/Candidate:/ {print $2}')
	[ -n "$ver" ] && [ "$ver" != "(none)" ] || die "apt knows no package $pkg"
	deb=${pkg}_${ver}_all.deb
	log "fetching binary package $pkg $ver (only for some files of its kernel tree)"
	(cd "$SRC_DIR" && apt-get download "$pkg=$ver" >/dev/null 2>&1) ||
		die "apt-get download $pkg=$ver failed"
	[ -f "$SRC_DIR/$deb" ] || die "apt-get download left no $deb"
	sum=$(apt-cache show "$pkg=$ver" | awk '/^SHA256:/ {print $2; exit}')
	[ -n "$sum" ] && echo "$sum  $SRC_DIR/$deb" | sha256sum -c --quiet ||
		die "checksum mismatch for $deb"
	tarball=./usr/src/$pkg.tar.xz
	tmp=$(mktemp -d "$SRC_DIR/.tmp-$dir-XXXXXX")
	chmod 755 "$tmp"
	log "extracting from $tarball:" "$@"
	dpkg-deb --fsys-tarfile "$SRC_DIR/$deb" | tar -xO "$tarball" |
		tar -xJ -C "$tmp" --wildcards "${@/#/$pkg/}" ||
		{ rm -rf "$tmp"; die "cannot extract from $deb"; }
	printf 'package %s %s\nsha256 %s\n%s\n' "$pkg" "$ver" "$sum" "$want" \
		>"$tmp/.stamp"
	rm -rf "${SRC_DIR:?}/$dir"
	mv "$tmp" "$SRC_DIR/$dir"
	rm -f "$SRC_DIR/$deb"
	log "extracted into $SRC_DIR/$dir ($(du -sh "$SRC_DIR/$dir" | cut -f1)), $deb deleted"
}

add_sources
install_pkgs
if [ -n "$BENCH" ]; then
	log "bench dependencies present"
	exit 0
fi
[ -f /usr/src/linux-source-6.12.tar.xz ] || die "linux-source-6.12 did not install its tarball"
# the project's kernel: Debian sid's linux-source-7.2 (arch all), through
# sid's private apt configuration (the host's sources stay bookworm's)
# (its messages to stderr: stdout carries the tarball's path)
(log() { printf '[deps] %s\n' "$*" >&2; }; linux_source_tarball "$LINUX_SOURCE" >/dev/null)
log "kernel tree: $(linux_source_path "$LINUX_SOURCE")"
# the project's QEMU (mk/config.mk QEMU_VERSION): 10.2.2 is in
# sid's sources (docs/qemu-model.md: why not 11.1.3)
fetch_orig_suite sid "qemu=1:10.2.2+ds-1" "qemu_10.2.2+ds.orig.tar.xz"
# Debian's QEMU 10.0.2 (qemu-system-riscv above): `make bench` builds its
# plugin against this version's plugin API header (mk/bench.mk)
fetch_orig qemu "qemu_10.0.2+ds.orig.tar.xz" bookworm-backports
fetch_orig busybox "busybox_1.35.0.orig.tar.bz2" ""
# perf's static libraries, scripts/build-perf-libs.sh: libelf and libdw
# (elfutils) with zlib, the one compression library elfutils requires
fetch_orig elfutils "elfutils_0.188.orig.tar.bz2" bookworm
fetch_orig zlib "zlib_1.2.13.dfsg.orig.tar.bz2" bookworm
# libtraceevent: bookworm's source package 1:1.7.1-1 has no downloadable
# orig tarball (404), so perf gets the in-tree libtraceevent 1.1.0 of the
# kernel tree in bookworm's linux-source-6.1, with the parts of tools/
# its Makefile uses and the licence texts
fetch_kernel_files linux-source-6.1 traceevent-linux-6.1 \
	'tools/lib/traceevent/*' 'tools/scripts/*' 'tools/build/*' \
	'tools/include/*' COPYING 'LICENSES/preferred/*'
log "all dependencies present"
