#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Sampling, run after run, with and without the SBI PMU snapshot (suite
# `linux`), under `-icount shift=0`.
#
# 20 consecutive `perf record -c 20000` of tally-loop 10^6 (about 2*10^6
# user instructions and cycles, pinned to hart 1) on instructions:u and 20
# on cycles:u. Each recording must exit 0, be readable, and hold at least
# 80 % of the samples its period predicts (the event's count from a perf
# stat of the same run divided by the period). Four boots:
#   1. patched kernel, snapshot on (the driver uses SNAPSHOT_SET_SHMEM);
#   2. patched kernel, riscv_pmu_sbi.snapshot=0 (linux/patches/0002);
#   3. the kernel without linux/patches/0001, snapshot on: Linux 6.12
#      restarts counters after an overflow with counter_idx_base 4096,
#      which the firmware must refuse, so sampling stops after the first
#      overflow (at most 2 samples where ~100 are due);
#   4. the same kernel, snapshot off: full samples again (the bug is in
#      the snapshot restart path only).
# Environment: KERNEL_UNFIXED (default build/linux/unfixed/Image).
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-500}
. "$TOP/tests/linux/lib.sh"
KERNEL_UNFIXED=${KERNEL_UNFIXED:-$BUILD/linux/unfixed/Image}

N=1000000 PERIOD=20000 RUNS=20

# guest RUNS: perf stat once, then RUNS recordings per event.
guest() {
	cat <<EOF
dmesg | grep riscv-pmu | sed 's/^/T:dmesg /'
stat cnt -e instructions:u,cycles:u taskset -c 1 tally-loop $N
for ev in instructions:u cycles:u; do
	i=1
	while [ \$i -le $1 ]; do
		P record -o /tmp/r.data -e \$ev -c $PERIOD taskset -c 1 tally-loop $N >/dev/null 2>&1
		echo "T:rec \$ev \$i \$? \$(samples /tmp/r.data)"
		i=\$((i + 1))
	done
done
EOF
}

# check_runs WHAT EVENT RUNS: every recording of EVENT exited 0 and holds
# >= 80 % of the predicted samples.
check_runs() {
	local what=$1 ev=$2 runs=$3 count want lines bad got
	count=$(perf_value "$ev" "T:cnt ")
	want=$(( ${count:-0} / PERIOD ))
	lines=$(sed -n "s/^T:rec $ev [0-9]* //p" <<<"$LOG_TEXT")
	got=$(awk '{ print $2 }' <<<"$lines" | sort -n | sed -n '1p;$p' | paste -sd-)
	bad=$(awk -v w="$want" '$1 != 0 || $2 !~ /^[0-9]+$/ || $2 * 5 < w * 4' <<<"$lines" | wc -l)
	check "$what: $runs x $ev, each >= 80 % of $want samples (got ${got:-none})" \
		eval '[ "$want" -gt 50 ] && [ "$(wc -l <<<"$lines")" = "$runs" ] && [ "$bad" = 0 ]'
}

run_guest record-snapshot "$(guest $RUNS)" --icount
check "snapshot on: the driver uses the SBI PMU snapshot" \
	has '^T:dmesg .*SBI PMU snapshot detected'
check_runs "snapshot on" instructions:u $RUNS
check_runs "snapshot on" cycles:u $RUNS
check_poweroff

run_guest record-nosnapshot "$(guest $RUNS)" --icount \
	--append riscv_pmu_sbi.snapshot=0
check "snapshot off: riscv_pmu_sbi.snapshot=0 honoured" \
	eval "has '^T:dmesg .*SBI PMU snapshot disabled' && hasnt '^T:dmesg .*SBI PMU snapshot detected'"
check_runs "snapshot off" instructions:u $RUNS
check_runs "snapshot off" cycles:u $RUNS
check_poweroff

if [ -e "$KERNEL_UNFIXED" ]; then
	KERNEL=$KERNEL_UNFIXED run_guest record-unfixed "$(guest 1)" --icount
	n=$(sed -n 's/^T:rec instructions:u 1 0 //p' <<<"$LOG_TEXT")
	want=$(( $(perf_value instructions:u "T:cnt ") / PERIOD ))
	check "without patch 0001, snapshot on: sampling stops after the first overflow (${n:-none} of $want samples)" \
		eval 'between "$n" 1 2 && [ "$want" -gt 50 ]'
	check_poweroff
	KERNEL=$KERNEL_UNFIXED run_guest record-unfixed-nosnapshot "$(guest 1)" \
		--icount --append riscv_pmu_sbi.snapshot=0
	check_runs "without patch 0001, snapshot off" instructions:u 1
	check_runs "without patch 0001, snapshot off" cycles:u 1
	check_poweroff
else
	check "kernel without patch 0001 built ($KERNEL_UNFIXED: make linux-kernel-unfixed)" false
fi

summary
