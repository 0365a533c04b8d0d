#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Build one device-tree source of dts/ into a blob with Debian's dtc,
# after the C preprocessor (for the #include and #define of dts/include/,
# as Linux builds its DTs):
#
#   dts-build.sh IN.dts OUT.dtb
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
in=${1:?usage: dts-build.sh IN.dts OUT.dtb}
out=${2:?usage: dts-build.sh IN.dts OUT.dtb}

mkdir -p "$(dirname "$out")"
# -undef: no "riscv" or "linux" macros; the cpu nodes' interrupt
# controllers are providers without #address-cells, as in QEMU's and
# Linux's RISC-V DTs
cpp -nostdinc -undef -x assembler-with-cpp -I"$top/dts/include" "$in" |
	dtc -q -Wno-interrupt_provider -I dts -O dtb -o "$out.tmp" -
mv "$out.tmp" "$out"
