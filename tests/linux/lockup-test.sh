#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The perf hard-lockup detector over SBI SSE (suite `linux`,
# linux/patches/0030-..., docs/linux.md "Sampling over SSE"), with
# watchdog_thresh=$THRESH. Boots:
#   - sse: the detector starts once the PMU driver takes overflows over
#     SSE ("NMI watchdog: Enabled"). First $LOAD_S seconds of normal load
#     on every hart (busy loops, perf record, the test_irqoff workload
#     with short irq-off windows): no hard lockup is reported. Then hart 1
#     spins $SPIN_S s with interrupts disabled
#     (/sys/kernel/debug/test_irqoff/lockup): "Watchdog detected hard
#     LOCKUP on cpu 1" is logged, within 2 * THRESH s of the start of the
#     spin (the detector's worst case: the counter overflows every THRESH
#     s and reports at the second overflow that saw no timer interrupt),
#     and the hart recovers (the workload's last message, power-off);
#   - lcofi: riscv_pmu_sbi.sse=0: the overflows are an ordinary interrupt,
#     so the detector must not start ("Perf NMI watchdog permanently
#     disabled" or no "NMI watchdog: Enabled"), and hart 1 spins 2 *
#     THRESH + 1 s unreported (no load first: there is no detector).
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-400}
. "$TOP/tests/linux/lib.sh"

# The kernel must have SSE (linux/patches/0030-..., Linux 7.2)
KERNEL=${KERNEL:-$BUILD/linux/Image}
if ! sse_kernel; then
	skip "hard-lockup detector over SSE" "kernel without CONFIG_RISCV_SBI_SSE ($KERNEL)"
	summary
	exit
fi
export KERNEL

THRESH=2 LOAD_S=8 SPIN_S=7
# over the LCOFI no detector runs: no load, and a spin just past the
# 2 * THRESH s within which the detector over SSE reports
LCOFI_SPIN_S=$((2 * THRESH + 1))
D=/sys/kernel/debug/test_irqoff

# guest LOAD SPIN: LOAD s of load on every hart, then hart 1 spins SPIN s
guest() {
	local load=$1 spin=$2
	echo "
mount -t debugfs debugfs /sys/kernel/debug
dmesg | grep -i -e watchdog -e 'riscv-pmu' | sed 's/^/T:dmesg /'
echo \"T:thresh \$(cat /proc/sys/kernel/watchdog_thresh)\"
end=\$((\$(cut -d. -f1 /proc/uptime) + $load))
[ $load = 0 ] || for h in 0 1 2 3; do
	taskset -c \$h sh -c \"while [ \\\$(cut -d. -f1 /proc/uptime) -lt \$end ]; do
		tally-loop 200000 >/dev/null; echo 2000 2000 50 >$D/run; done\" &
done
[ $load = 0 ] || P record -a -o /tmp/load.data -e instructions -c 100003 sleep $load >/dev/null 2>&1
wait
echo \"T:load \$(dmesg | grep -c 'hard LOCKUP')\"
taskset -c 1 sh -c 'echo $spin >$D/lockup'
echo \"T:spun \$?\"
dmesg | grep -e 'test_irqoff' -e 'hard LOCKUP' | sed 's/^/T:lock /'
"
}

# stamp REGEX: the printk time (s, 6 decimals, as an integer of us) of the
# first T:lock line matching REGEX.
stamp() {
	sed -n "s/^T:lock \[ *\([0-9]*\)\.\([0-9]*\)\].*$1.*/\1\2/p" <<<"$LOG_TEXT" |
		head -1 | sed 's/^0*//'
}

run_guest lockup-sse "$(guest $LOAD_S $SPIN_S)" --icount --append "watchdog_thresh=$THRESH"
printf '%s\n' "$LOG_TEXT" | grep -e '^T:' -e 'LOCKUP' | sed 's/^/  /'
check "SSE: watchdog_thresh is $THRESH" has "^T:thresh $THRESH$"
check "SSE: the perf NMI watchdog started" has '^T:dmesg .*NMI watchdog: Enabled'
check "SSE: no hard lockup reported during $LOAD_S s of normal load" has '^T:load 0$'
check "SSE: the spin on hart 1 ran" has '^T:spun 0$'
check "SSE: hard LOCKUP reported on cpu 1" \
	has '^T:lock .*Watchdog detected hard LOCKUP on cpu 1$'
t0=$(stamp 'CPU1: interrupts disabled') t1=$(stamp 'hard LOCKUP on cpu 1')
if [ -n "$t0" ] && [ -n "$t1" ]; then
	d=$((t1 - t0))
	echo "  SSE: reported $((d / 1000)) ms after the spin started"
	check "SSE: reported within 2 * $THRESH s of the spin's start ($((d / 1000)) ms)" \
		between "$d" 0 $((2 * THRESH * 1000000))
else
	check "SSE: the spin's start and the report have timestamps" false
fi
check "SSE: hart 1 came back (interrupts enabled again)" \
	has '^T:lock .*CPU1: interrupts enabled again'
check_poweroff

run_guest lockup-lcofi "$(guest 0 $LCOFI_SPIN_S)" --icount --append "watchdog_thresh=$THRESH riscv_pmu_sbi.sse=0"
printf '%s\n' "$LOG_TEXT" | grep -e '^T:dmesg' -e 'LOCKUP' | sed 's/^/  /'
check "LCOFI: the PMU driver uses the LCOFI" has '^T:dmesg .*overflows over the LCOFI'
check "LCOFI: the perf NMI watchdog did not start" hasnt '^T:dmesg .*NMI watchdog: Enabled'
check "LCOFI: hart 1 spun $LCOFI_SPIN_S s with interrupts off" \
	has '^T:lock .*CPU1: interrupts enabled again'
check "LCOFI: no hard lockup reported (no detector)" hasnt '^T:lock .*hard LOCKUP'
check_poweroff

summary
