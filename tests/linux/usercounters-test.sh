#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# cycle and instret read directly by user programs (suite `linux`), under
# `-icount shift=0`, on the patched and on the stock kernel: software that
# uses rdcycle/rdinstret (benchmarks, runtimes) works on the firmware.
#
# Linux 6.12 gives user space the cycle, time and instret CSRs only with
# kernel.perf_user_access = 2 (legacy mode: scounteren = 7). The firmware
# runs cycle and instret from boot (docs/pmu.md), so they must advance in a
# program that never opened a perf event. Per boot, with tally-rdcounters
# (linux/workloads/) pinned to hart 1 around 2N loop instructions, R times:
#   - perf_user_access = 1 (the default): rdcycle traps (SIGILL), which
#     shows the program really reads the CSRs;
#   - perf_user_access = 2: in the run with the least instret (the one no
#     timer tick or IPI hit: instret also counts the kernel's work on the
#     hart, some 20k instructions a tick; of those, the least cycle: one
#     check-opensbi run saw cycle 4.3 x 2N in a run with exact instret),
#     instret advances by exactly 2N
#     plus the few instructions between the reads (at most SLACK); cycle
#     by at least as much and at most 4 x (the icount clock also runs while
#     the other three harts do); time advances;
#   - the same after a perf stat has used and released both counters.
# A firmware that keeps cycle and instret inhibited until an SBI PMU start
# fails: both read 0.
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-300}
. "$TOP/tests/linux/lib.sh"

# 2N = 200k instructions is a fraction of a tick period per hart, so some
# of the R runs see no interrupt (the boot is deterministic under icount).
N=100000
R=16
SLACK=16
PUA=/proc/sys/kernel/perf_user_access

guest="
echo \"T:pua \$(cat $PUA)\"
taskset -c 1 tally-rdcounters $N $R | sed 's/^/T:default /'
echo 2 >$PUA
echo \"T:pua \$(cat $PUA)\"
taskset -c 1 tally-rdcounters $N $R | sed 's/^/T:legacy /'
stat perf -e cycles,instructions taskset -c 1 tally-loop $N
taskset -c 1 tally-rdcounters $N $R | sed 's/^/T:after /'
echo 1 >$PUA
"

# field TAG NAME: the NAME value of the "T:TAG tally-rdcounters: ..." line.
field() {
	sed -n "s/^T:$1 tally-rdcounters: $N .* *$2 \([0-9]*\).*/\1/p" <<<"$LOG_TEXT" |
		tail -1
}

# check_reads WHAT TAG: the deltas of one tally-rdcounters run.
check_reads() {
	local what=$1 tag=$2 cyc ins tim
	ins=$(field "$tag" instret)
	cyc=$(field "$tag" cycle)
	tim=$(field "$tag" time)
	check "$what: rdinstret advances by the 2N loop instructions + at most $SLACK (${ins:-none})" \
		between "$ins" $((2 * N)) $((2 * N + SLACK))
	check "$what: rdcycle advances by 2N..4 x 2N (${cyc:-none})" \
		between "$cyc" $((2 * N)) $((8 * N))
	check "$what: rdtime advances (${tim:-none})" positive "$tim"
}

check_boot() {
	local what=$1
	printf '%s\n' "$LOG_TEXT" | grep -E '^T:(pua|default|legacy|after) ' | sed 's/^/  /'
	check "$what: perf_user_access = 1, rdcycle traps" \
		has '^T:default tally-rdcounters: illegal instruction reading cycle$'
	check "$what: perf_user_access set to 2 (legacy)" has '^T:pua 2$'
	check_reads "$what, before any perf event" legacy
	check_reads "$what, after perf stat used and released them" after
	check_poweroff
}

run_guest usercounters "$guest" --icount
check_boot "patched kernel"

run_stock usercounters-stock "$guest" --icount
check_boot "stock kernel"

summary
