#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# `make deb`: the binary package tally-firmware_<version>_all.deb, built
# with dpkg-deb from the firmware images already built, laid out like
# Debian's opensbi package but under the project's own directory:
#
#   /usr/lib/riscv64-linux-gnu/tally/generic/fw_{dynamic,jump}.{bin,elf}
#   /usr/lib/riscv32-linux-gnu/tally/generic/fw_{dynamic,jump}.{bin,elf}
#   /usr/share/tally-firmware/dtb/*.dtb          (make dtbs: dts/*.dts)
#   /usr/share/doc/tally-firmware/{README,dts.md,copyright,changelog.gz}
#   /usr/share/lintian/overrides/tally-firmware
#
# Package metadata is in pkg/debian/. The version is the firmware's own
# (scripts/fw-version.sh, what its banner prints). File dates are the commit's
# (SOURCE_DATE_EPOCH), so the same tree gives the same package.
#
#   build-deb.sh OUT_DIR      print the path of the package written there
set -euo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
BUILD=${BUILD:-$TOP/build}
OUT_DIR=${1:?usage: build-deb.sh OUT_DIR}
PKG=tally-firmware
META=$TOP/pkg/debian
CROSS_COMPILE=${CROSS_COMPILE:-riscv64-linux-gnu-}

log() { printf '[deb] %s\n' "$*" >&2; }
die() { printf '[deb] error: %s\n' "$*" >&2; exit 1; }

VERSION=$("$TOP/scripts/fw-version.sh") || die "no firmware version"
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
	SOURCE_DATE_EPOCH=$(git -C "$TOP" log -1 --format=%ct 2>/dev/null ||
		date +%s)
fi
export SOURCE_DATE_EPOCH

# A private tree and package per run, renamed into place at the end: make
# check's two Debian suites may build the package at the same time.
mkdir -p "$OUT_DIR"
work=$(mktemp -d "$OUT_DIR/.build.XXXXXX")
trap 'rm -rf "$work"' EXIT
root=$work/root
mkdir -p "$root/DEBIAN"

# put SRC DEST MODE: install one file
put() {
	[ -f "$1" ] || die "missing $1 (make firmware firmware32 dtbs)"
	install -D -m "$3" "$1" "$root/$2"
}

for xlen in 64 32; do
	fw=$BUILD/firmware${xlen#64}
	dir=usr/lib/riscv$xlen-linux-gnu/tally/generic
	for img in fw_dynamic fw_jump; do
		put "$fw/$img.bin" "$dir/$img.bin" 0644
		put "$fw/$img.elf" "$dir/$img.elf" 0644
		# stripped, as Debian ships binaries (gdb wants build/'s)
		"${CROSS_COMPILE}strip" "$root/$dir/$img.elf"
	done
done
for dts in "$TOP"/dts/*.dts; do
	name=$(basename "$dts" .dts)
	put "$BUILD/dts/$name.dtb" "usr/share/$PKG/dtb/$name.dtb" 0644
done
doc=usr/share/doc/$PKG
put "$META/README" "$doc/README" 0644
put "$TOP/dts/README.md" "$doc/dts.md" 0644
put "$META/copyright" "$doc/copyright" 0644
put "$META/lintian-overrides" "usr/share/lintian/overrides/$PKG" 0644

# A native package's changelog: one entry for this build.
{
	printf '%s (%s) unstable; urgency=medium\n\n' "$PKG" "$VERSION"
	printf '  * Built from the Tally tree at commit %s.\n\n' \
		"$(git -C "$TOP" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)"
	printf ' -- %s  %s\n' "$(sed -n 's/^Maintainer: //p' "$META/control.in")" \
		"$(date -R -u -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9 -n >"$root/$doc/changelog.gz"
touch -d "@$SOURCE_DATE_EPOCH" "$root/$doc/changelog.gz"

size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$VERSION/" -e "s/@SIZE@/$size/" "$META/control.in" \
	>"$root/DEBIAN/control"
(cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum) \
	>"$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 0755 {} +

deb=$OUT_DIR/${PKG}_${VERSION}_all.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$work/pkg.deb" >/dev/null ||
	die "dpkg-deb failed"
mv -f "$work/pkg.deb" "$deb"
log "$deb ($(stat -c %s "$deb") bytes)"
echo "$deb"
