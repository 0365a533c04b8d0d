#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Linux sampling test (suite `linux`): `perf record` through Sscofpmf
# overflow interrupts (LCOFI) handled by riscv-pmu-sbi and the firmware,
# under `-icount shift=0` so that the number of samples is exact, on the
# patched and on the stock kernel.
#
# One perf record with two sampling events on the same task, on a one-hart
# guest: instructions:u every 100000 and cycles:u every 300000, over
# tally-loop 5000000 (10^7 loop instructions + ~15000 of start-up, counted
# by perf stat in the same boot):
#   - instructions:u gives exactly count / 100000 samples: every overflow
#     is taken, and the counter is restarted with the right value each time;
#   - cycles:u exactly count / 300000 (on one hart, cycles:u is the
#     instruction count; with more, QEMU's icount clock would also tick for
#     what other harts run meanwhile, seen up to 255000 in 5 million):
#     two counters overflowing and restarted together (the overflow mask and the restart path of the
#     driver, e.g. its snapshot-mode START);
#   - >= 95 % of the sample IPs are in tally-loop (the interrupt reports the
#     user PC it interrupted);
#   - the riscv-pmu interrupt (LCOFI) fired; or, on a kernel that takes
#     overflows over the SBI SSE PMU event (linux/patches/0032, dmesg
#     says so), no riscv-pmu interrupt is requested;
#   - the stock kernel gets the same samples as the patched one.
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-300}
. "$TOP/tests/linux/lib.sh"


N=5000000

guest="
stat cnt -e instructions:u tally-loop $N
P record -o /tmp/p.data -e cpu/instructions,period=100000/u,cpu/cycles,period=300000/u tally-loop $N >/dev/null 2>&1
echo \"T:rec \$?\"
P script -i /tmp/p.data -F event,ip,dso 2>/dev/null | sed 's/^ */T:s /'
awk '/riscv-pmu/ { n = 0; for (i = 2; i <= NF && \$i ~ /^[0-9]+$/; i++) n += \$i; print \"T:lcofi \" n }' /proc/interrupts
dmesg | grep -q 'counter overflows over SBI SSE' && echo T:path sse || echo T:path lcofi
"

count() { grep -cE -- "$1" <<<"$LOG_TEXT"; }

# check_boot WHAT: the checks of one boot; sets ni and nc (samples).
check_boot() {
	local what=$1 cnt wi wc nt nl lcofi
	cnt=$(perf_value instructions:u "T:cnt ")
	wi=$(( ${cnt:-0} / 100000 )) wc=$(( ${cnt:-0} / 300000 ))
	ni=$(count '^T:s cpu/instructions')
	nc=$(count '^T:s cpu/cycles')
	nt=$(count '^T:s ')
	nl=$(count '^T:s .*tally-loop')
	lcofi=$(sed -n 's/^T:lcofi \([0-9]*\)$/\1/p' <<<"$LOG_TEXT" | tail -1)
	echo "[linux-test] $what: instructions:u ${cnt:-none}; samples: instructions:u $ni, cycles:u $nc, in tally-loop $nl of $nt; riscv-pmu interrupts ${lcofi:-none}"

	check "$what: perf record exited 0 within its timeout" has '^T:rec 0$'
	check "$what: the workload counts 2N + start-up (${cnt:-none})" \
		between "$cnt" $((2 * N + 5000)) $((2 * N + 50000))
	check "$what: instructions:u sampled every 100000: exactly $wi samples ($ni)" \
		same "$ni" "$wi"
	check "$what: cycles:u sampled every 300000 at the same time: exactly $wc samples ($nc)" \
		same "$nc" "$wc"
	check "$what: sample IPs in tally-loop (>= 95 %)" \
		eval '[ "$nt" -gt 0 ] && [ $((nl * 100)) -ge $((nt * 95)) ]'
	if has '^T:path sse$'; then
		# linux/patches/0032: overflows over the SBI SSE PMU event
		check "$what: overflows over SBI SSE (dmesg), no riscv-pmu interrupt requested" \
			eval '[ -z "$lcofi" ]'
	else
		check "$what: riscv-pmu overflow interrupts taken" positive "$lcofi"
	fi
	check_poweroff
}

run_guest sample "$guest" --icount --smp 1
check_boot "patched kernel"
ref_i=$ni ref_c=$nc

run_stock sample-stock "$guest" --icount --smp 1
check_boot "stock kernel"
check "stock kernel: the same samples as the patched kernel ($ni, $nc vs $ref_i, $ref_c)" \
	eval 'same "$ni" "$ref_i" && same "$nc" "$ref_c"'

summary
