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
#
# --timeout S is a budget of guest progress, not of wall time, so a busy
# host cannot fail a run: QEMU is stopped once it has used S seconds of
# CPU time per host core (S * nproc CPU seconds, all its threads: on an
# idle host never earlier than S wall seconds), which a guest spinning in
# a hang soon uses up. A guest that waits for good (idle, no CPU used) is
# stopped after S * QEMU_WALL_FACTOR wall seconds (default 5).
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

# cpu_ticks PID: the clock ticks PID and its threads have run (utime+stime)
cpu_ticks() {
	local stat
	stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
	stat=${stat##*) }	# past "pid (comm) "
	set -- $stat		# state ppid ... utime(12) stime(13)
	echo $(( ${12} + ${13} ))
}

# watch PID: stop it past the CPU budget or the wall limit; says which
watch() {
	local pid=$1 hz cpu_max wall_max t0=$SECONDS ticks
	hz=$(getconf CLK_TCK)
	cpu_max=$((timeout * $(nproc) * hz))
	wall_max=$((timeout * ${QEMU_WALL_FACTOR:-5}))
	while ticks=$(cpu_ticks "$pid"); do
		if [ "$ticks" -ge "$cpu_max" ] || [ $((SECONDS - t0)) -ge "$wall_max" ]; then
			: >"$stopped"
			kill -TERM "$pid" 2>/dev/null || return 0
			sleep 5
			kill -KILL "$pid" 2>/dev/null || true
			return 0
		fi
		sleep 1
	done
}

args+=(-display none -monitor none "${serial[@]}" "$@")
stopped=$(mktemp -u "${TMPDIR:-/tmp}/qemu-run.XXXXXX")
fifo=
if [ -n "$stop_on" ]; then
	# --stop-on: QEMU's output through a FIFO, read line by line below
	fifo=$stopped.out
	mkfifo "$fifo"
	"$qemu" "${args[@]}" </dev/null >"$fifo" 2>&1 &
else
	"$qemu" "${args[@]}" </dev/null &
fi
pid=$!
watch $pid &
watcher=$!
disown $watcher
# "|| true": under set -e a failed kill (QEMU reaped and the watcher
# gone, as on a busy host) would end the trap, and the script, with 1
trap 'kill -KILL $pid $watcher 2>/dev/null || true; rm -f "$stopped" $fifo' EXIT
trap 'exit 143' TERM INT HUP
if [ -n "$stop_on" ]; then
	while IFS= read -r line; do
		printf '%s
' "$line"
		if [[ $line =~ $stop_on ]]; then
			kill "$pid" 2>/dev/null
			wait "$pid" 2>/dev/null
			exit 0
		fi
	done <"$fifo"
fi
rc=0
wait $pid || rc=$?
if [ -e "$stopped" ]; then
	rc=124
fi
exit $rc
