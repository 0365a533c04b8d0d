#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# perf across non-retentive suspends (suite `linux`, docs/delegation.md,
# docs/linux-patches.md 0020), under `-icount shift=0`.
#
# The device tree gets a cpuidle state that is an SBI HSM non-retentive
# suspend (riscv,sbi-suspend-param 0x80000000), so an idle hart really
# suspends through cpuidle and the kernel's CPU PM notifiers run, and the
# firmware emulates what a power-down loses (tally,suspend-clobber=1): on
# every resume the S-mode CSRs (scounteren too) and every counter,
# delegated ones included (value, event, inhibit; never MINH), are
# scrambled (docs/firmware.md, "Non-retentive suspend").
#
# Patched kernel, the CPU delegating cycle, instret and hpmcounters 3..10
# (DELEG_MASK): a CPU-wide session (perf stat -a -C 1, perf itself on
# hart 0) counts user instructions and loads on hart 1 while one process
# pinned there alternates loops and 20 ms sleeps (tally-loop N LOOPS; a
# shell loop would not do: its SIGCHLD handler runs a varying number of
# user instructions), twice: with the state
# disabled in sysfs (reference) and enabled. Checks:
#   - the driver counts on delegated counters (dmesg), the firmware
#     emulates the loss (banner);
#   - no suspend on hart 1 in the reference run, some in the other one
#     (cpuidle usage of the state);
#   - the counts across suspends are exactly the reference's, and at
#     least the 2 x LOOPS x N instructions of the loops;
#   - with kernel.perf_user_access = 2, user space on hart 1 still reads
#     cycle, instret and time after each of several suspends: 0020
#     restores scounteren, which the power-down lost;
#   - no oops, no PMU error, the guest ends normally.
# Stock kernel (no delegation, no 0020): the same user counter reads on
# hart 1 trap after suspends, the bug 0020 fixes, seen in every run (any
# user process there may trap on the vDSO's rdtime: perf's workload did,
# so the stock boot counts nothing).
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-400}
. "$TOP/tests/linux/lib.sh"

N=300000 LOOPS=6 READS=6
EV=instructions:u,inst.ret.load:u
IDLE=/sys/devices/system/cpu/cpu1/cpuidle/state1
PHANDLE=0x7fe0

# idle_dtb OUT CPU MASK: QEMU's device tree for CPU, the firmware's
# delegation MASK ('-': none) and emulated loss in /chosen, and a
# non-retentive SBI suspend idle state on every cpu node.
idle_dtb() {
	local out=$1 st=/cpus/idle-states/cpu-nonret cpu
	"$TOP/scripts/mkdtb.sh" "$out" "$2" - "$3" - \
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

# head: the driver's lines, the state's name, use1 (hart 1 runs
# something, so it leaves any idle state it is in, then its usage).
head="
dmesg | grep riscv-pmu | sed 's/^/T:dmesg /'
echo \"T:name \$(cat $IDLE/name)\"
use1() { taskset -c 1 true; cat $IDLE/usage; }
"
# counts: perf on hart 0, hart 1's counts without and with the state.
counts="
ON=0
for d in 1 0; do
	for f in /sys/devices/system/cpu/cpu*/cpuidle/state1/disable; do
		echo \$d >\$f
	done
	u0=\$(use1)
	stat run\$d -a -C 1 -e $EV taskset -c 1 tally-loop $N $LOOPS 20000
	echo \"T:susp\$d \$((\$(use1) - u0))\"
done
"
# reads: user counter reads on hart 1 after sleeps; then the kernel log.
reads="
echo 2 >/proc/sys/kernel/perf_user_access
cat >/tmp/reads <<'EOF'
for i in \$(seq $READS); do sleep 0.02; tally-rdcounters 1000; done
EOF
u0=\$(use1)
taskset -c 1 sh /tmp/reads | sed 's/^/T:reads /'
echo \"T:readsusp \$((\$(use1) - u0))\"
dmesg | grep -i -e riscv-pmu -e oops | sed 's/^/T:dmesg2 /'
"

# check_counts WHAT: the counts of one boot, with and without suspends.
check_counts() {
	local what=$1 s1 s0 a b e
	s1=$(value susp1) s0=$(value susp0)
	check "$what: cpuidle state1 of hart 1 is the DT's non-retentive one" has '^T:name cpu-nonret$'
	check "$what: no suspend on hart 1 with the state disabled (${s1:-none})" same "$s1" 0
	check "$what: hart 1 suspended non-retentively while counting (${s0:-none} times)" \
		positive "$s0"
	for e in ${EV//,/ }; do
		a=$(perf_value "$e" "T:run1 ") b=$(perf_value "$e" "T:run0 ")
		check "$what: $e on hart 1: ${b:-none} across suspends, ${a:-none} without (exactly)" \
			eval 'positive "$a" && same "$b" "$a"'
	done
	a=$(perf_value instructions:u "T:run0 ")
	check "$what: instructions:u at least the $LOOPS x $N loops' $((2 * LOOPS * N)): ${a:-none}" \
		eval 'positive "$a" && [ "$a" -ge $((2 * LOOPS * N)) ]'
	check "$what: no oops or PMU error in the kernel log" \
		hasnt '^T:dmesg2 .*(Oops|riscv-pmu-sbi: .*(fail|error))'
	check_poweroff
}

# reads: how many of the READS user counter reads worked, and trapped.
reads_ok() { grep -c '^T:reads tally-rdcounters: 1000 cycle' <<<"$LOG_TEXT"; }
reads_trapped() { grep -c '^T:reads tally-rdcounters: illegal instruction' <<<"$LOG_TEXT"; }

dtb_dir=$(mktemp -d "${TMPDIR:-/tmp}/suspend-test.XXXXXX")
trap 'rm -rf "$dtb_dir"' EXIT
if ! idle_dtb "$dtb_dir/deleg.dtb" "$DELEG_CPU" "$DELEG_MASK" ||
	! idle_dtb "$dtb_dir/plain.dtb" - -; then
	check "device trees with a non-retentive idle state" false
	summary
	exit
fi

run_guest suspend "$head$counts$reads" --icount --cpu "$DELEG_CPU" --dtb "$dtb_dir/deleg.dtb"
printf '%s\n' "$LOG_TEXT" | grep '^T:' | sed 's/^/  /'
check "driver counts on delegated counters" \
	has '^T:dmesg .*hardware counters delegated'
if has '^OpenSBI v'; then
	skip "the firmware emulates the state a power-down loses" \
		"OpenSBI has no tally,suspend-clobber: its harts keep every CSR, so nothing here shows the kernel restoring them"
else
	check "the firmware emulates the state a power-down loses (banner)" \
		has '^Suspend +: non-retentive suspends lose the hart state'
fi
check_counts "patched kernel"
ok=$(reads_ok) s=$(value readsusp)
check "patched kernel: user space reads cycle, instret and time after each of $READS sleeps on hart 1 (${ok} of $READS; ${s:-none} suspends): 0020 restores scounteren" \
	eval 'same "$ok" $READS && [ "$(reads_trapped)" = 0 ] && positive "$s"'

run_stock suspend-stock "$head$reads" --icount --dtb "$dtb_dir/plain.dtb"
printf '%s\n' "$LOG_TEXT" | grep '^T:' | sed 's/^/  /'
t=$(reads_trapped) s=$(value readsusp)
if has '^OpenSBI v'; then
	skip "stock kernel: user counter reads trap after a suspend" \
		"OpenSBI emulates no state loss: after a non-retentive suspend scounteren is what its warm resume writes, 7 on 1.5.1 (the reads work), TM only on 1.9 (rdcycle traps, which 0020 also mends)"
else
	check "stock kernel (no 0020): user counter reads on hart 1 trap after suspends lost scounteren (${t} of $READS; ${s:-none} suspends)" \
		eval 'positive "$t" && positive "$s"'
fi
check "stock kernel: no oops in the kernel log" hasnt '^T:dmesg2 .*Oops'
check_poweroff
summary
