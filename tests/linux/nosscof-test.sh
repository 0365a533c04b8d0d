#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Linux on a hart without Sscofpmf and Smcntrpmf (suite `linux`): the
# firmware must still give Linux counting through the SBI PMU, and the
# driver must see that sampling/filtering is unavailable. Under `-icount
# shift=0`:
#   - riscv-pmu-sbi probes and reports that sampling/filtering is absent;
#   - instructions(tally-loop 10^7) is at least the 2*10^7 loop
#     instructions and at most 3*10^6 more: without filtering, the kernel's
#     exec, page-fault and exit work is counted too (0.7-1.3*10^6 measured
#     for tally-loop 0, varying from run to run, so no exact difference);
#   - cycles counts;
#   - perf record refuses: the driver takes no sampling event without
#     Sscofpmf, and perf 7.2 gives up ("Failure to open any events for
#     recording", exit 255) after its exclude_guest fallback (instructions:H)
#     is refused too. (perf 6.12 looped forever in that fallback, and the
#     guest's hard timeout, SIGKILL, stopped it: exit 137.)
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-300}
. "$TOP/tests/linux/lib.sh"

N=10000000

guest="
dmesg | grep riscv-pmu | sed 's/^/T:dmesg /'
p() { timeout -s KILL 60 perf stat -x, -e cycles,instructions taskset -c 1 tally-loop \$1 2>&1 >/dev/null | sed \"s/^/T:\$2 /\"; }
p 0 z
p $N n
timeout -s KILL 3 perf record -o /tmp/r.data -e instructions -c 100000 true >/dev/null 2>/tmp/rec.err
echo \"T:rec \$?\"
grep -q 'Failure to open any events for recording' /tmp/rec.err && echo T:rec-refused
"

run_guest nosscof "$guest" --icount --cpu rv64,sscofpmf=false,smcntrpmf=false

i0=$(perf_value instructions "T:z ")
iN=$(perf_value instructions "T:n ")
cN=$(perf_value cycles "T:n ")
echo "[linux-test] instructions N=0: ${i0:-none}, N=$N: ${iN:-none}; cycles N=$N: ${cN:-none}"

check "riscv-pmu-sbi probed with hardware counters" \
	has '^T:dmesg .*riscv-pmu-sbi: [0-9]+ firmware and [1-9][0-9]* hardware counters'
check "driver sees no sampling/filtering (no Sscofpmf)" \
	has '^T:dmesg .*sampling/filtering is not supported'
check "instructions counted for tally-loop 0 (start-up cost)" positive "$i0"
check "instructions of tally-loop $N: >= 2N and <= 2N + 3000000" \
	between "$iN" $((2 * N)) $((2 * N + 3000000))
check "cycles counted" positive "$cN"
check "perf record refuses to sample without Sscofpmf (exit 255, not killed)" \
	eval "has '^T:rec 255\$' && has '^T:rec-refused\$'"
check_poweroff

summary
