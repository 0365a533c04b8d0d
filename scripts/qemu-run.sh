#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Boot something on QEMU virt (or sifive_u) with the project's firmware; every test and
# demo goes through here so the machine is described in one place.
#
#   qemu-run.sh [--machine M] [--bios F] [--kernel F] [--initrd F]
#               [--append S] [--cpu C] [--smp N] [--mem M] [--icount]
#               [--timeout S] [--interactive] [-- extra QEMU arguments]
#
# --machine sifive_u: QEMU's sifive_u (hart 0 an E51 monitor core, harts
# 1.. U54s; its own CPU models unless --cpu; default 5 harts); it has no
# power-off device, so a reset (SRST reboot) ends QEMU (-no-reboot).
# Environment: QEMU (binary), FW_DYNAMIC (default --bios).
# Exit status: QEMU's (0 after an SRST shutdown), 124 on timeout.
set -euo pipefail

qemu=${QEMU:-build/qemu/qemu-system-riscv64}
bios=${FW_DYNAMIC:-build/firmware/fw_dynamic.bin}
machine=virt cpu= smp=
mem=512M timeout=300 kernel= initrd= append= icount= interactive=

while [ $# -gt 0 ]; do
	case $1 in
	--machine) machine=$2; shift ;;
	--bios) bios=$2; shift ;;
	--kernel) kernel=$2; shift ;;
	--initrd) initrd=$2; shift ;;
	--append) append=$2; shift ;;
	--cpu) cpu=$2; shift ;;
	--smp) smp=$2; shift ;;
	--mem) mem=$2; shift ;;
	--timeout) timeout=$2; shift ;;
	--icount) icount=1 ;;
	--interactive) interactive=1 ;;
	--) shift; break ;;
	*) echo "qemu-run.sh: unknown option $1" >&2; exit 2 ;;
	esac
	shift
done

[ -x "$qemu" ] || { echo "qemu-run.sh: no QEMU at $qemu (run make qemu)" >&2; exit 2; }
case $machine in
virt) cpu=${cpu:-rv64,sscofpmf=true,smcntrpmf=true} smp=${smp:-4} ;;
sifive_u) smp=${smp:-5} ;;
*) echo "qemu-run.sh: unknown machine $machine (virt, sifive_u)" >&2; exit 2 ;;
esac
args=(-M "$machine" -smp "$smp" -m "$mem" -bios "$bios")
[ -n "$cpu" ] && args+=(-cpu "$cpu")
[ "$machine" = sifive_u ] && args+=(-no-reboot)
[ -n "$kernel" ] && args+=(-kernel "$kernel")
[ -n "$initrd" ] && args+=(-initrd "$initrd")
[ -n "$append" ] && args+=(-append "$append")
[ -n "$icount" ] && args+=(-icount shift=0)
if [ -n "$interactive" ]; then
	exec "$qemu" "${args[@]}" -nographic "$@"
fi
exec timeout -k 5 "$timeout" "$qemu" "${args[@]}" \
	-display none -monitor none -serial stdio "$@" </dev/null
