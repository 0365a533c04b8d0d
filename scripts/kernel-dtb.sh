#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Build a board's device tree from the kernel's tree (linux-source-7.2,
# which scripts/build-linux.sh extracts into the cache) as the kernel's own
# build does: cpp with the kernel's dt-bindings include prefixes, then
# Debian's dtc.
#
#   kernel-dtb.sh VENDOR/BOARD OUT.dtb
#   e.g. kernel-dtb.sh microchip/mpfs-icicle-kit build/boards/mpfs-icicle-kit.dtb
# Environment: as scripts/build-linux.sh (TOP, CACHE, LINUX_TARBALL, ...).
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
board=${1:?usage: kernel-dtb.sh VENDOR/BOARD OUT.dtb}
out=${2:?usage: kernel-dtb.sh VENDOR/BOARD OUT.dtb}

src=$("$top/scripts/build-linux.sh" source | tail -1)
dts=$src/arch/riscv/boot/dts/$board.dts
[ -f "$dts" ] || { echo "kernel-dtb.sh: no $dts" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
cpp -nostdinc -undef -D__DTS__ -x assembler-with-cpp \
	-I "$src/scripts/dtc/include-prefixes" -I "$(dirname "$dts")" "$dts" |
	dtc -q -I dts -O dtb -o "$out.tmp" -
mv "$out.tmp" "$out"
echo "  DTB     $out ($(basename "$src") arch/riscv/boot/dts/$board.dts)"
