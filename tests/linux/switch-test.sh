#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Linux counters across context switches and reuse (suite `linux`),
# `-icount shift=0`. A busy task shares hart 2 with `tally-loop 10^7`, so
# perf schedules the event out and in (STOP/RESET, CFG_MATCH, START with the
# remaining period) several times during each run:
#   1. perf record, instructions:u every 100000: 200 samples (198..202):
#      every restarted counter still raises its overflow interrupt;
#   2. perf stat: instructions:u >= 2*10^7 and at most 1 % + 10^5 more (no
#      counts lost or double-counted over switches), >= 2 switches;
#   3. perf record again, right after the counting session on the same
#      hart: 200 samples again. Unpatched QEMU 10.0.2 (also with OpenSBI
#      1.5) gives ~156-173 here: a stale overflow left over from counting
#      mode swallowed interrupts (fixed by qemu/patches/0005).
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-300}
. "$TOP/tests/linux/lib.sh"

N=10000000

guest="
cd /tmp
taskset -c 2 tally-loop 1000000000000 >/dev/null &
rec() {
	timeout -s KILL 60 perf record -o /tmp/p.data -e instructions:u -c 100000 taskset -c 2 tally-loop $N >/dev/null 2>&1
	echo \"T:rec\$1 \$?\"
	echo \"T:samples\$1 \$(timeout -s KILL 60 perf report -i /tmp/p.data -D 2>/dev/null | grep -c PERF_RECORD_SAMPLE)\"
}
rec 1
timeout -s KILL 60 perf stat -x, -e instructions:u,context-switches taskset -c 2 tally-loop $N 2>&1 >/dev/null | sed 's/^/T:stat /'
rec 2
kill %1
"

run_guest switch "$guest" --icount

iu=$(perf_value instructions:u "T:stat ")
cs=$(perf_value context-switches "T:stat ")
s1=$(sed -n 's/^T:samples1 \([0-9]*\)$/\1/p' <<<"$LOG_TEXT" | tail -1)
s2=$(sed -n 's/^T:samples2 \([0-9]*\)$/\1/p' <<<"$LOG_TEXT" | tail -1)
echo "[linux-test] samples ${s1:-none} then ${s2:-none} (expected 200); instructions:u ${iu:-none} over ${cs:-none} context switches"

check "perf record exited 0 within its timeout (twice)" \
	eval "has '^T:rec1 0$' && has '^T:rec2 0$'"
check "sampling over context switches: 198..202 samples" between "$s1" 198 202
check "instructions:u over context switches: >= 2N, <= 2N + 1 % + 100000" \
	between "$iu" $((2 * N)) $((2 * N + 2 * N / 100 + 100000))
check "the workload was switched out and in (>= 2 context switches)" \
	between "$cs" 2 1000000
check "sampling right after counting on the same hart: 198..202 samples" \
	between "$s2" 198 202
check_poweroff

summary
