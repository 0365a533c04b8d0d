#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Boot something on QEMU virt (or sifive_u, spike, microchip-icicle-kit)
# with the project's firmware; every test and
# demo goes through here so the machine is described in one place.
#
#   qemu-run.sh [--machine M] [--bios F] [--kernel F] [--initrd F]
#               [--append S] [--cpu C] [--smp N] [--mem M] [--icount]
#               [--timeout S] [--stop-on REGEX] [--interactive]
#               [-- extra QEMU arguments]
#
# --machine sifive_u: QEMU's sifive_u (hart 0 an E51 monitor core, harts
# 1.. U54s; its own CPU models unless --cpu; default 5 harts); it has no
# power-off device, so a reset (SRST reboot) ends QEMU (-no-reboot).
# --machine spike: HTIF console and power-off, no UART; the CPU as on virt
# (default 4 harts). The firmware must be a raw image (fw_*.bin): with an
# ELF, QEMU looks for HTIF symbols in it instead of describing /htif.
# --machine microchip-icicle-kit: PolarFire SoC (hart 0 an E51 monitor
# core, harts 1-4 U54s; 5 harts, 3G: the kernel DT's memory reaches
# 0x1080000000), booted with that board's DT from linux-source-6.12
# (ICICLE_DTB, default build/boards/mpfs-icicle-kit.dtb); its stdout-path
# is MMUART1, QEMU's second serial port. QEMU models no reset device.
# --stop-on REGEX: stop QEMU at the first output line matching REGEX
# (status 0), for a machine without reset device where the guest's end is
# a halt (microchip-icicle-kit).
# Environment: QEMU (binary), FW_DYNAMIC (default --bios).
# Exit status: QEMU's (0 after an SRST shutdown), 124 on timeout.
set -euo pipefail

qemu=${QEMU:-build/qemu/qemu-system-riscv64}
bios=${FW_DYNAMIC:-build/firmware/fw_dynamic.bin}
machine=virt cpu= smp=
mem=512M timeout=300 kernel= initrd= append= icount= interactive= stop_on=

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
	--stop-on) stop_on=$2; shift ;;
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
spike) cpu=${cpu:-rv64,sscofpmf=true,smcntrpmf=true} smp=${smp:-4} ;;
microchip-icicle-kit) smp=${smp:-5} mem=3G ;;
*) echo "qemu-run.sh: unknown machine $machine (virt, sifive_u, spike, microchip-icicle-kit)" >&2; exit 2 ;;
esac
args=(-M "$machine" -smp "$smp" -m "$mem" -bios "$bios")
[ -n "$cpu" ] && args+=(-cpu "$cpu")
[ "$machine" = sifive_u ] && args+=(-no-reboot)
serial=(-serial stdio)
if [ "$machine" = microchip-icicle-kit ]; then
	args+=(-dtb "${ICICLE_DTB:-build/boards/mpfs-icicle-kit.dtb}")
	serial=(-serial null -serial "${interactive:+mon:}stdio")
fi
[ -n "$kernel" ] && args+=(-kernel "$kernel")
[ -n "$initrd" ] && args+=(-initrd "$initrd")
[ -n "$append" ] && args+=(-append "$append")
[ -n "$icount" ] && args+=(-icount shift=0)
if [ -n "$interactive" ]; then
	[ "$machine" = microchip-icicle-kit ] && args+=("${serial[@]}")
	exec "$qemu" "${args[@]}" -nographic "$@"
fi
args+=(-display none -monitor none "${serial[@]}" "$@")
[ -n "$stop_on" ] || exec timeout -k 5 "$timeout" "$qemu" "${args[@]}" </dev/null

# --stop-on: QEMU's output through a FIFO, read line by line here
fifo=$(mktemp -u "${TMPDIR:-/tmp}/qemu-run.XXXXXX")
mkfifo "$fifo"
trap 'rm -f "$fifo"' EXIT
timeout -k 5 "$timeout" "$qemu" "${args[@]}" </dev/null >"$fifo" 2>&1 &
pid=$!
while IFS= read -r line; do
	printf '%s\n' "$line"
	if [[ $line =~ $stop_on ]]; then
		kill "$pid"
		wait "$pid"
		exit 0
	fi
done <"$fifo"
wait "$pid"
