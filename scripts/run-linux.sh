#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Boot Linux (KERNEL + INITRAMFS) on the firmware through scripts/qemu-run.sh
# and run something in the guest; the guest powers off through SBI SRST.
#
#   run-linux.sh                      the perf demo (linux/initramfs/demo.sh)
#   run-linux.sh [opts] -- CMD...     run CMD (a shell command line) in the guest
#   run-linux.sh --shell              interactive shell, power off on `exit`
#
# Options:
#   --log FILE      console log (default build/linux/logs/run-<time>.log)
#   --timeout S     hard limit for the whole boot (default 300)
#   --append S      extra kernel command line
#   --mem M         guest memory (QEMU -m; default: QEMU_MEM, else
#                   qemu-run.sh's); the DT of --chosen gets the same
#   --cpu C --smp N --icount     passed to qemu-run.sh (defaults there:
#                   rv64,sscofpmf=true,smcntrpmf=true, 4 harts, no icount)
#   --machine M     virt (default) or sifive_u: its console is ttySIF0 and,
#                   without a power-off device, the guest ends with an SRST
#                   reboot that ends QEMU (tally.off=reboot, -no-reboot);
#                   spike or microchip-icicle-kit: the console is the
#                   firmware's, through SBI DBCN (hvc0, earlycon=sbi);
#                   microchip-icicle-kit has no reset device in QEMU, so
#                   the kernel's halt after power-off ("reboot: Power
#                   off not available: System halted instead") ends
#                   QEMU (qemu-run.sh --stop-on, status 0)
#   --chosen NAME=N   boot with QEMU's device tree plus the u32 property
#                   NAME = N in /chosen, e.g. a firmware knob (repeatable)
#   --dtb FILE      boot this device tree (e.g. build/dts/*.dtb) instead
#                   of QEMU's own (--chosen then edits a copy of it); it
#                   must describe the same cpu and smp
#   --qemu-arg A    one more QEMU argument (repeatable)
#   -q              do not copy the console to stdout (log file only)
# Environment: QEMU, FW_DYNAMIC (as qemu-run.sh), KERNEL, INITRAMFS.
#
# Exit status: QEMU's when it is not 0 (124: timeout, e.g. no SRST
# shutdown); else the guest command's status as reported by init; 3 when
# init reported none.
set -euo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
BUILD=${BUILD:-$TOP/build}
KERNEL=${KERNEL:-$BUILD/linux/Image}
INITRAMFS=${INITRAMFS:-$BUILD/linux/initramfs.cpio.gz}
export QEMU=${QEMU:-$BUILD/qemu/qemu-system-riscv64}
export FW_DYNAMIC=${FW_DYNAMIC:-$BUILD/firmware/fw_dynamic.bin}

log= timeout=300 append= shell= quiet= cpu=- smp=- machine=virt
mem=${QEMU_MEM:-}
qargs=() chosen=() extra=() qextra=() dtb=
while [ $# -gt 0 ]; do
	case $1 in
	--log) log=$2; shift ;;
	--timeout) timeout=$2; shift ;;
	--append) append=$2; shift ;;
	--chosen) chosen+=("$2"); shift ;;
	--dtb) dtb=$2; shift ;;
	--qemu-arg) qextra+=("$2"); shift ;;
	--machine) machine=$2; qargs+=("$1" "$2"); shift ;;
	--cpu) cpu=$2; qargs+=("$1" "$2"); shift ;;
	--smp) smp=$2; qargs+=("$1" "$2"); shift ;;
	--icount) qargs+=(--icount) ;;
	--mem) mem=$2; shift ;;
	--shell) shell=1 ;;
	-q) quiet=1 ;;
	--) shift; break ;;
	-*) echo "run-linux.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
	shift
done

for f in "$KERNEL" "$INITRAMFS" "$FW_DYNAMIC"; do
	[ -e "$f" ] || { echo "run-linux.sh: missing $f (make linux firmware)" >&2; exit 2; }
done

# scratch: a temporary directory $tmp_dir for this boot, removed at exit.
tmp_dir=
trap 'rm -rf "$tmp_dir"' EXIT
scratch() { [ -n "$tmp_dir" ] || tmp_dir=$(mktemp -d "${TMPDIR:-/tmp}/run-linux.XXXXXX"); }

# with_command CMD: an initrd that is INITRAMFS plus a second archive
# holding CMD as /etc/tally/cmd (the kernel unpacks concatenated archives),
# so a command of any length and with any characters reaches init.
with_command() {
	scratch
	cmd_dir=$tmp_dir
	mkdir -p "$cmd_dir/root/etc/tally"
	printf '%s\n' "$1" >"$cmd_dir/root/etc/tally/cmd"
	(cd "$cmd_dir/root" && find etc | LC_ALL=C sort |
		cpio --quiet -o -H newc -R 0:0 | gzip -n) >"$cmd_dir/cmd.cpio.gz"
	cat "$INITRAMFS" "$cmd_dir/cmd.cpio.gz" >"$cmd_dir/initrd"
	initrd=$cmd_dir/initrd
}

# with_chosen: the device tree QEMU builds for this machine (same CPU and
# harts) with the --chosen properties in /chosen (scripts/mkdtb.sh), passed
# to QEMU as -dtb; QEMU still writes bootargs and the initrd into it.
with_chosen() {
	local kv

	scratch
	if [ -n "$dtb" ]; then
		cp "$dtb" "$tmp_dir/machine.dtb"
		for kv in "${chosen[@]}"; do
			fdtput -t i "$tmp_dir/machine.dtb" /chosen "${kv%%=*}" "${kv#*=}"
		done
	else
		# QEMU places the initrd by the memory: the DT must have as much
		local i dmem=$mem
		for ((i = 0; i + 1 < ${#qextra[@]}; i++)); do
			[ "${qextra[i]}" = -m ] && dmem=${qextra[i + 1]}
		done
		DTB_MEM=$dmem "$TOP/scripts/mkdtb.sh" "$tmp_dir/machine.dtb" "$cpu" "$smp" - - "${chosen[@]}" ||
			{ echo "run-linux.sh: no device tree with --chosen ${chosen[*]}" >&2; exit 2; }
	fi
	dtb=$tmp_dir/machine.dtb
}

initrd=$INITRAMFS
cmdline="console=ttyS0 earlycon"
case $machine in
sifive_u) cmdline="console=ttySIF0 earlycon tally.off=reboot" ;;
spike) cmdline="console=hvc0 earlycon=sbi" ;;
microchip-icicle-kit)
	cmdline="console=hvc0 earlycon=sbi"
	qargs+=(--stop-on 'reboot: (Power down|Power off not available)') ;;
esac
if [ -n "$shell" ]; then
	cmdline+=" tally.mode=shell"
elif [ $# -gt 0 ]; then
	with_command "$*"
	cmdline+=" tally.mode=cmd"
fi
[ -n "$append" ] && cmdline+=" $append"

[ -n "$mem" ] && qargs+=(--mem "$mem")
if [ ${#chosen[@]} -gt 0 ]; then
	with_chosen
fi
[ -n "$dtb" ] && extra+=(-dtb "$dtb")
extra+=("${qextra[@]}")
[ ${#extra[@]} -gt 0 ] && extra=(-- "${extra[@]}")
run_qemu=("$TOP/scripts/qemu-run.sh" --kernel "$KERNEL" --initrd "$initrd"
	--append "$cmdline" "${qargs[@]}")

if [ -n "$shell" ]; then
	echo "[run-linux] interactive shell on $(basename "$QEMU"), firmware $FW_DYNAMIC"
	echo "[run-linux] type 'exit' to power off (Ctrl-A X quits QEMU)"
	# no exec when a scratch directory must be removed afterwards
	[ -n "$tmp_dir" ] || exec "${run_qemu[@]}" --interactive
	"${run_qemu[@]}" --interactive "${extra[@]}"
	exit
fi

if [ -z "$log" ]; then
	mkdir -p "$BUILD/linux/logs"
	log=$BUILD/linux/logs/run-$(date +%Y%m%d-%H%M%S)-$$.log
fi
mkdir -p "$(dirname "$log")"
echo "[run-linux] booting $KERNEL on $FW_DYNAMIC with $QEMU"
[ $# -gt 0 ] && [ -z "$quiet" ] && echo "[run-linux] guest command: $*"
echo "[run-linux] log: $log"
set +e
if [ -n "$quiet" ]; then
	"${run_qemu[@]}" --timeout "$timeout" "${extra[@]}" >"$log" 2>&1
	rc=$?
else
	"${run_qemu[@]}" --timeout "$timeout" "${extra[@]}" 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
fi
set -e
guest=$(tr -d '\r' <"$log" | sed -n 's/^tally-init: exit status \([0-9]*\)$/\1/p' | tail -1)
case $rc in
0) echo "[run-linux] QEMU ended (SRST shutdown; on sifive_u an SRST reboot; on microchip-icicle-kit the kernel's halt)" ;;
124) echo "[run-linux] timeout after ${timeout}s: the guest did not power off" ;;
esac
echo "[run-linux] qemu status $rc, guest status ${guest:-none}"
echo "[run-linux] log: $log"
[ "$rc" = 0 ] || exit "$rc"
exit "${guest:-3}"
