#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Sampling, run after run, on the patched and on the stock kernel (suite
# `linux`), under `-icount shift=0`, where the number of samples is exact.
#
# perf record -c 20000 of tally-loop N on a one-hart machine: RUNS consecutive recordings of instructions:u, RUNS of cycles:u
# and RUNS of the group {instructions:u,cycles:u}:S (the leader samples and
# reads the member; both counters are stopped and restarted together on
# every overflow). Every recording must exit 0 and hold exactly
# want = count / 20000 samples, count being instructions:u of the same
# command under perf stat: 2N plus the loop's fixed start-up cost. N puts
# count about 2000 above a multiple of the period, so that what is not
# exact cannot change the number of samples: perf record's child runs a few
# hundred instructions more than perf stat's (its environment). One hart,
# because QEMU's icount clock is shared: with more harts, cycles:u of a
# task also counts what other harts run while QEMU runs them in turn (seen:
# 18000 cycles more in one run of 16, one sample too many).
#
# Boots:
#   1. patched kernel (linux/patches/), snapshot on: the reference;
#   2. patched kernel, riscv_pmu_sbi.snapshot=0 (patch 0002): the same;
#   3. stock kernel (no patches), snapshot on: the same sample counts as
#      boot 1. Linux (6.12, 7.2) restarts counters after an overflow with
#      counter_idx_base 64*64 (docs/linux-patches.md, 0001), which the
#      firmware serves as base 0 (docs/pmu.md, compatibility rules);
#   4. stock kernel with the rules off (/chosen tally,pmu-compat = 0): the
#      firmware refuses that base, sampling breaks after each overflow
#      until perf schedules the event in again: a handful of samples.
# Environment: KERNEL_STOCK (default build/linux/stock/Image).
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-500}
. "$TOP/tests/linux/lib.sh"

N=1003532 PERIOD=20000 RUNS=16
GROUP='{instructions:u,cycles:u}:S'

# guest RUNS: the counts, then RUNS recordings of each kind.
guest() {
	cat <<EOF
dmesg | grep riscv-pmu | sed 's/^/T:dmesg /'
ON=0
stat zero -e instructions:u,cycles:u tally-loop 0
stat cnt -e instructions:u,cycles:u tally-loop $N
for ev in instructions:u cycles:u; do
	i=1
	while [ \$i -le $1 ]; do
		sampled "\$ev \$i" -e \$ev -c $PERIOD tally-loop $N
		i=\$((i + 1))
	done
done
i=1
while [ \$i -le $1 ]; do
	P record -o /tmp/r.data -e '$GROUP' -c $PERIOD tally-loop $N >/dev/null 2>&1
	echo "T:rec group \$i \$? \$(samples /tmp/r.data instructions:u) \$(samples /tmp/r.data cycles:u)"
	i=\$((i + 1))
done
EOF
}

# series KIND: the sample counts of the recordings of KIND (instructions:u,
# cycles:u or group), one line per run; a run that did not exit 0 shows
# as "rc=N", a group run as "LEADER/MEMBER".
series() {
	awk -v k="$1" '$1 == "T:rec" && $2 == k {
		if ($4 != 0) print "rc=" $4
		else if (k == "group") print $5 "/" $6
		else print $5
	}' <<<"$LOG_TEXT"
}

# summary of a series: "101 x16" or the distinct values with their counts
tally() { sort <<<"$1" | uniq -c | awk '{ printf "%s%s x%d", (NR > 1 ? ", " : ""), $2, $1 }'; }

# check_series WHAT KIND WANT RUNS: every recording of KIND exited 0 with
# exactly WANT samples (a group: WANT for the leader and the member).
check_series() {
	local what=$1 kind=$2 want=$3 runs=$4 s exp
	s=$(series "$kind")
	exp=$want
	[ "$kind" = group ] && exp=$want/$want
	check "$what: $runs x $kind, each exactly $want samples (got $(tally "$s"))" \
		eval '[ "$(wc -l <<<"$s")" = "$runs" ] && [ -z "$(grep -vxF -- "$exp" <<<"$s")" ]'
}

# reference: sets want from the boot's perf stat and checks the workload
# is what the sample counts assume.
reference() {
	local what=$1 zero cyc
	count=$(perf_value instructions:u "T:cnt ")
	zero=$(perf_value instructions:u "T:zero ")
	cyc=$(perf_value cycles:u "T:cnt ")
	want=$(( ${count:-0} / PERIOD ))
	check "$what: instructions:u of tally-loop $N = 2N + start-up (${count:-none} = $((2 * N)) + ${zero:-none} + at most 512)" \
		eval 'positive "$zero" && near "$count" $((2 * N + zero)) 0 512'
	check "$what: the count is 1000..5000 above a multiple of the period (${count:-none} = $want x $PERIOD + $(( ${count:-0} % PERIOD ))), cycles:u ${cyc:-none}" \
		eval 'between $((count % PERIOD)) 1000 5000 && near "$cyc" "$count" 0 $((PERIOD - 6000))'
}

# check_boot WHAT RUNS: the boot's recordings against want.
check_boot() {
	local what=$1 runs=$2 kind
	reference "$what"
	for kind in instructions:u cycles:u group; do
		check_series "$what" $kind "$want" "$runs"
	done
}

run_guest record-patched "$(guest $RUNS)" --icount --smp 1
check "patched kernel: the driver uses the SBI PMU snapshot" \
	has '^T:dmesg .*SBI PMU snapshot detected'
check_boot "patched kernel" $RUNS
check_poweroff
ref_want=$want
ref_series=$(for k in instructions:u cycles:u group; do series $k; done)

run_guest record-nosnapshot "$(guest $RUNS)" --icount --smp 1 \
	--append riscv_pmu_sbi.snapshot=0
check "patched kernel, snapshot off: riscv_pmu_sbi.snapshot=0 honoured" \
	eval "has '^T:dmesg .*SBI PMU snapshot disabled' && hasnt '^T:dmesg .*SBI PMU snapshot detected'"
check_boot "patched kernel, snapshot off" $RUNS
check_poweroff

run_stock record-stock "$(guest $RUNS)" --icount --smp 1
check "stock kernel: the driver uses the SBI PMU snapshot" \
	has '^T:dmesg .*SBI PMU snapshot detected'
check_boot "stock kernel" $RUNS
stock_series=$(for k in instructions:u cycles:u group; do series $k; done)
check "stock kernel: the same $((3 * RUNS)) sample counts as the patched kernel" \
	eval '[ "$want" = "$ref_want" ] && [ "$stock_series" = "$ref_series" ]'
check_poweroff

run_stock record-stock-strict "$(guest 1)" --icount --smp 1 \
	--chosen tally,pmu-compat=0
n=$(series instructions:u)
if grep -q '^OpenSBI v' <<<"$LOG_TEXT"; then
	skip "stock kernel, firmware rules off: the banner says so" \
		"the OpenSBI drop-in prints no PMU compat line"
else
	check "stock kernel, firmware rules off: the banner says so" \
		has '^PMU compat *: none \(strict'
fi
# Each overflow leaves the counter stopped until perf schedules the event
# in again (seen: 1 on four harts, 2 on one): a handful where 101 are due.
check "stock kernel, firmware rules off (tally,pmu-compat = 0): sampling breaks after an overflow (${n:-none} of $ref_want samples, at most 5)" \
	eval 'between "$n" 1 5 && [ "$ref_want" -gt 50 ]'
check_poweroff

summary
