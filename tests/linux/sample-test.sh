#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Linux sampling test (suite `linux`): `perf record` through Sscofpmf
# overflow interrupts (LCOFI) handled by riscv-pmu-sbi and the firmware,
# under `-icount shift=0` so that the number of samples is predictable.
#
# One perf record with two sampling events on the same task, pinned to
# hart 1: instructions:u every 100000 and cycles:u every 300000, over
# tally-loop 5000000 (10^7 loop instructions + ~29500 of start-up):
#   - instructions:u gives 100 samples (98..102): every overflow is taken,
#     and the counter is restarted with the right value each time;
#   - cycles:u gives samples too (two counters overflowing and restarted
#     together: the overflow mask and the restart path of the driver, e.g.
#     its snapshot-mode START);
#   - >= 95 % of the sample IPs are in tally-loop (the interrupt reports the
#     user PC it interrupted);
#   - the riscv-pmu interrupt (LCOFI) fired.
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-300}
. "$TOP/tests/linux/lib.sh"


guest='
cd /tmp
timeout -s KILL 60 perf record -o /tmp/p.data -e cpu/instructions,period=100000/u,cpu/cycles,period=300000/u taskset -c 1 tally-loop 5000000
echo "T:rec $?"
timeout -s KILL 60 perf script -i /tmp/p.data -F event,ip,dso 2>/dev/null | sed "s/^ */T:s /"
awk "/riscv-pmu/ { n = 0; for (i = 2; i <= NF && \$i ~ /^[0-9]+$/; i++) n += \$i; print \"T:lcofi \" n }" /proc/interrupts
'

run_guest sample "$guest" --icount

count() { grep -cE -- "$1" <<<"$LOG_TEXT"; }
ni=$(count '^T:s cpu/instructions')
nc=$(count '^T:s cpu/cycles')
nt=$(count '^T:s ')
nl=$(count '^T:s .*tally-loop')
lcofi=$(sed -n 's/^T:lcofi \([0-9]*\)$/\1/p' <<<"$LOG_TEXT" | tail -1)
echo "[linux-test] samples: instructions:u $ni, cycles:u $nc, in tally-loop $nl of $nt; riscv-pmu interrupts ${lcofi:-none}"

check "perf record exited 0 within its timeout" has '^T:rec 0$'
check "instructions:u sampled every 100000: 98..102 samples" between "$ni" 98 102
check "cycles:u sampled at the same time (>= 10 samples)" between "$nc" 10 1000
check "sample IPs in tally-loop (>= 95 %)" \
	eval '[ "$nt" -gt 0 ] && [ $((nl * 100)) -ge $((nt * 95)) ]'
check "riscv-pmu overflow interrupts taken" positive "$lcofi"
check_poweroff

summary
