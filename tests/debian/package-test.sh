#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The Debian package (suite `debian`): `make deb`'s tally-firmware is
# installed with dpkg into a temporary root, as a user installs it, and
# the installed files are booted the way Debian's opensbi package is:
#   - its metadata (name, version = the firmware banner's, architecture
#     all) and lintian: no error, warning, info or pedantic tag;
#   - dpkg installs and purges it cleanly; the images are the ones built;
#   - Debian's QEMU with -bios <installed fw_dynamic.bin>, and with the
#     installed fw_jump.elf, boots Debian's kernel to its shell, whose
#     riscv-pmu-sbi driver finds the SBI PMU and whose perf counts;
#   - Debian's qemu-system-riscv32 with the installed RV32 fw_dynamic.bin
#     runs the project's RV32 SBI payload without a failure.
# What does not boot Debian's kernel (metadata, lintian, the installed
# files, RV32) is checked with trixie's guest only; with another suite's
# (DEBIAN_SUITE=sid) the package is installed, booted and purged.
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-300}
. "$TOP/tests/linux/lib.sh"
. "$TOP/tests/debian/lib.sh"

DEB=${DEB:-$(ls "$BUILD"/deb/tally-firmware_*_all.deb 2>/dev/null | tail -1)}
DEBIAN_QEMU32=${DEBIAN_QEMU32:-/usr/bin/qemu-system-riscv32}
PAYLOAD32=${PAYLOAD32:-$BUILD/tests32/sbi/sbi.elf}
FWDIR=usr/lib/riscv64-linux-gnu/tally/generic
FWDIR32=usr/lib/riscv32-linux-gnu/tally/generic

root=$(mktemp -d "${TMPDIR:-/tmp}/tally-deb.XXXXXX")
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
touch "$root/var/lib/dpkg/status"
rdpkg() { dpkg --root="$root" --log=/dev/null --force-not-root "$@"; }

[ -f "${DEB:-}" ] || { echo "FAIL - no package in $BUILD/deb (make deb)"; echo "0 passed, 1 failed"; exit 1; }
echo "[package-test] $DEB"

banner_version=$("$TOP/scripts/fw-version.sh")

# metadata
metadata() {
	local lint
	field() { dpkg-deb -f "$DEB" "$1"; }
	check "package name tally-firmware" [ "$(field Package)" = tally-firmware ]
	check "version $(field Version) is the firmware's ($banner_version)" \
		[ "$(field Version)" = "$banner_version" ]
	check "architecture all" [ "$(field Architecture)" = all ]

	lint=$(lintian --tag-display-limit 0 -I -E --pedantic "$DEB" 2>&1 |
		grep -v 'running with root privileges')
	printf '%s\n' "$lint" | grep . | sed 's/^/  lintian: /'
	check "lintian: no error, warning, info or pedantic tag" \
		eval '[ -z "$(grep -E "^[EWIPX]: " <<<"$lint")" ]'
}

# installed: the files dpkg installed
installed() {
	local xlen dir img ndtb
	for xlen in 64 32; do
		dir=$([ $xlen = 64 ] && echo $FWDIR || echo $FWDIR32)
		for img in fw_dynamic fw_jump; do
			check "RV$xlen $img.bin installed as built" \
				cmp -s "$root/$dir/$img.bin" "$BUILD/firmware${xlen#64}/$img.bin"
			check "RV$xlen $img.elf installed, an ELF$xlen RISC-V image" \
				eval "file -b '$root/$dir/$img.elf' | grep -q '^ELF $xlen-bit LSB.*RISC-V'"
		done
	done
	ndtb=$(ls "$root"/usr/share/tally-firmware/dtb/*.dtb 2>/dev/null | wc -l)
	check "one DT per dts/*.dts ($ndtb)" [ "$ndtb" = "$(ls "$TOP"/dts/*.dts | wc -l)" ]
	check "README and copyright in /usr/share/doc/tally-firmware" \
		[ -s "$root/usr/share/doc/tally-firmware/README" -a \
		-s "$root/usr/share/doc/tally-firmware/copyright" ]
}

# rv32: the RV32 image, the SBI payload on Debian's qemu-system-riscv32
rv32() {
	local res
	if [ ! -f "$PAYLOAD32" ]; then
		check "RV32 SBI payload $PAYLOAD32 built (make rv32-payloads)" false
		return
	fi
	QEMU=$DEBIAN_QEMU32 "$TOP/scripts/run-payload.sh" --name pkg-rv-thirtytwo \
		--bios "$root/$FWDIR32/fw_dynamic.bin" --cpu rv32,h=false,sscofpmf=true \
		--smp 2 --log-dir "$LOG_DIR" --append tally.test "$PAYLOAD32" \
		>"$LOG_DIR/pkg-rv-thirtytwo.out" 2>&1
	res=$(tail -1 "$LOG_DIR/pkg-rv-thirtytwo.out")
	echo "  rv32 payload: $res"
	check "RV32 fw_dynamic.bin on Debian's qemu-system-riscv32: the SBI payload passes ($res)" \
		eval '[[ $res =~ :\ [1-9][0-9]*\ passed,\ 0\ failed ]]'
}

ONCE=
[ "$DEBIAN_SUITE" = trixie ] && ONCE=1
[ -n "$ONCE" ] && metadata

# install, as dpkg -i does it
rdpkg -i "$DEB" >/dev/null 2>&1
check "dpkg installs it (status ii)" \
	eval "rdpkg -l tally-firmware 2>/dev/null | grep -q '^ii  tally-firmware'"
[ -n "$ONCE" ] && installed

# boot what is installed: Debian's QEMU and Debian's kernel
guest='
dmesg | grep riscv-pmu | sed "s/^/T:dmesg /"
stat u -e instructions:u tally-loop 1000000
'
for img in fw_dynamic.bin fw_jump.elf; do
	boot "pkg-$img" "$DEBIAN_QEMU" "$root/$FWDIR/$img" "$guest" --icount --smp 1
	check "$img: banner Tally firmware $banner_version" \
		has "^Tally firmware $banner_version "
	check "$img: Debian's kernel ($GUEST_NAME) finds the SBI PMU" \
		has "^T:dmesg .*riscv-pmu-sbi: SBI PMU extension is available"
	# tally-loop N: 2N loop instructions, and about 15000 to start and exit
	cnt=$(perf_value instructions:u "T:u ")
	check "$img: Debian's perf counts instructions:u of tally-loop 1000000 (${cnt:-none}: 2000000 + at most 20000)" \
		near "${cnt:-0}" 2000000 0 20000
	check_poweroff
done

[ -n "$ONCE" ] && rv32

rdpkg -P tally-firmware >/dev/null 2>&1
left=$(find "$root/usr" -type f 2>/dev/null | wc -l)
check "dpkg purges it and leaves no file ($left)" \
	eval "[ $left = 0 ] && ! rdpkg -l tally-firmware 2>/dev/null | grep -q '^ii'"
summary
