#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# perf on delegated counters across non-retentive suspends (suite `linux`,
# docs/delegation.md), under `-icount shift=0`.
#
# The CPU delegates cycle, instret and hpmcounters 3..10 (DELEG_MASK) and
# the firmware emulates what a power-down loses (tally,suspend-clobber=1):
# on every resume from a non-retentive suspend the S-mode CSRs and every
# counter, delegated ones included (value, event, inhibit; never MINH),
# are scrambled. The device tree gets a cpuidle state that is an SBI HSM
# non-retentive suspend (riscv,sbi-suspend-param 0x80000000), so an idle
# hart really suspends, and the kernel's CPU PM notifier must save and
# restore the delegated counters it is using.
#
# A CPU-wide session (perf stat -a -C 1, perf itself on hart 0) counts
# user instructions and loads on hart 1 while a workload pinned there
# alternates loops and sleeps, twice: with the suspend state disabled in
# sysfs (reference) and enabled. Checks:
#   - the driver counts on delegated counters (dmesg);
#   - no suspend on hart 1 in the reference run, some in the other one
#     (cpuidle state usage);
#   - the counts with suspends are exactly the reference's, and at least
#     LOOPS x the instructions of one tally-loop N;
#   - no oops, no PMU error, the guest ends normally.
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-400}
. "$TOP/tests/linux/lib.sh"

N=300000 LOOPS=6
EV=instructions:u,inst.ret.load:u
IDLE=/sys/devices/system/cpu/cpu1/cpuidle/state1
PHANDLE=0x7fe0

# idle_dtb OUT: QEMU's device tree for the delegating CPU, /chosen knobs,
# and a non-retentive SBI suspend idle state on every cpu node. Its local
# timer stops (Linux 6.12 does not restore stimecmp), so the kernel uses
# its broadcast timer around it.
idle_dtb() {
	local out=$1 st=/cpus/idle-states/cpu-nonret cpu
	"$TOP/scripts/mkdtb.sh" "$out" "$DELEG_CPU" - "$DELEG_MASK" - \
		tally,suspend-clobber=1 || return 1
	fdtput -c "$out" /cpus/idle-states "$st" &&
	fdtput -t s "$out" "$st" compatible riscv,idle-state &&
	fdtput -t s "$out" "$st" idle-state-name nonret &&
	fdtput -t x "$out" "$st" riscv,sbi-suspend-param 0x80000000 &&
	fdtput -t u "$out" "$st" entry-latency-us 10 &&
	fdtput -t u "$out" "$st" exit-latency-us 10 &&
	fdtput -t u "$out" "$st" min-residency-us 100 &&
	fdtput "$out" "$st" local-timer-stop &&
	fdtput -t x "$out" "$st" phandle $PHANDLE || return 1
	for cpu in $(fdtget -l "$out" /cpus | grep '^cpu@'); do
		fdtput -t x "$out" "/cpus/$cpu" cpu-idle-states $PHANDLE || return 1
	done
}

guest="
dmesg | grep riscv-pmu | sed 's/^/T:dmesg /'
ls /sys/devices/system/cpu/cpu1/cpuidle/ | sed 's/^/T:states /'
ON=1
stat ref -e $EV tally-loop $N
ON=0
work=\"for i in \$(seq $LOOPS); do tally-loop $N; sleep 0.02; done\"
for d in 1 0; do
	for f in /sys/devices/system/cpu/cpu*/cpuidle/state1/disable; do
		echo \$d >\$f
	done
	u0=\$(cat $IDLE/usage)
	stat run\$d -a -C 1 -e $EV taskset -c 1 sh -c \"\$work\"
	echo \"T:susp\$d \$((\$(cat $IDLE/usage) - u0))\"
done
dmesg | grep -i -e riscv-pmu -e oops -e 'illegal' -e cpuidle | sed 's/^/T:dmesg2 /'
"

dtb_dir=$(mktemp -d "${TMPDIR:-/tmp}/suspend-test.XXXXXX")
trap 'rm -rf "$dtb_dir"' EXIT
if ! idle_dtb "$dtb_dir/idle.dtb"; then
	check "device tree with a non-retentive idle state" false
	summary
	exit
fi

run_guest suspend "$guest" --icount --cpu "$DELEG_CPU" --dtb "$dtb_dir/idle.dtb"
printf '%s\n' "$LOG_TEXT" | grep '^T:' | sed 's/^/  /'

check "driver counts on delegated counters" \
	has '^T:dmesg .*hardware counters delegated'
check "cpuidle state1 (nonret) exists on hart 1" has '^T:states state1$'
s1=$(value susp1) s0=$(value susp0)
check "no suspend on hart 1 with the state disabled (${s1:-none})" same "$s1" 0
check "hart 1 suspended non-retentively while counting (${s0:-none} times)" \
	positive "$s0"
ref=$(perf_value instructions:u "T:ref ")
for e in ${EV//,/ }; do
	a=$(perf_value "$e" "T:run1 ") b=$(perf_value "$e" "T:run0 ")
	check "$e on hart 1: ${b:-none} across suspends, ${a:-none} without (exactly)" \
		eval 'positive "$a" && same "$b" "$a"'
done
a=$(perf_value instructions:u "T:run0 ")
check "instructions:u at least $LOOPS x tally-loop $N (${ref:-none} each): ${a:-none}" \
	eval 'positive "$ref" && positive "$a" && [ "$a" -ge $((LOOPS * ref)) ]'
check "no oops, illegal instruction or PMU error in the kernel log" \
	hasnt '^T:dmesg2 .*(Oops|illegal|riscv-pmu-sbi: .*(fail|error))'
check_poweroff
summary
