#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The `make run` demo (linux/initramfs/demo.sh) shows what it promises
# (suite `linux`): booted as `make run` boots it (4 harts, -icount
# shift=0, no guest command), its output must hold
#   - the driver's probe lines and perf list's hardware, cache, model
#     (JSON) and firmware event sections;
#   - numeric counts for cycles/instructions/branches, their :u and :k
#     halves, the model's named events, and firmware events on every hart;
#   - perf report with hot_loop as the top symbol;
#   - the DWARF call graph with main as hot_loop's caller;
#   - the precise profile (:pp, delegated counter) on tally_hot_load, the
#     SBI one on the instruction after it.
#   - with the SSE kernel (linux/patches/0030-), overflows over SSE and
#     the test_irqoff loops' samples split as their instructions do: the
#     irq-off loop's share 48-52 %.
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-400}
. "$TOP/tests/linux/lib.sh"

# as mk/linux.mk's RUN_OPTS: delegation of hpmcounter3, Sspesa, Ssplcofi
run_guest demo "" --icount --cpu "$PRECISE_CPU" --chosen tally,pmu-delegate=0x8

check "driver probe lines shown" has '^  [0-9]+ firmware and [0-9]+ hardware counters'
# perf 6.12: "branch-misses [Hardware event]", "dTLB-loads [Hardware cache
# event]"; 7.2: plain names under "legacy hardware:" and "legacy cache:",
# cache events in lower case
check "perf list: hardware events (branch-misses)" \
	has '^  branch-misses( +\[Hardware event\])?$'
check "perf list: cache events (dTLB-loads)" has '^  (dTLB|dtlb)-loads( |$)'
check "perf list: the model's events by name (inst.ret)" has '^  inst\.ret( |$)'
check "perf list: SBI firmware events (fw_ipi_sent)" has '^  fw_ipi_sent( |$)'
for e in cycles instructions branches branch-misses instructions:u instructions:k \
	inst.ret:u inst.ret.load:u; do
	v=$(count_of "$e")
	check "perf stat shows a count for $e (${v:-none})" positive "$v"
done
check "firmware events on every hart (-A: CPU0..CPU3)" \
	eval "has '^CPU0 +[0-9,]+ +fw_ipi_received' && has '^CPU3 +[0-9,]+ +fw_ipi_received'"
check "perf report: hot_loop on top" has '^ +[0-9.]+% +\[\.\] hot_loop'
check "the demo found hot_loop on top" has '^=== hot_loop is the top symbol, as it should be'
check "call graph (--call-graph dwarf): hot_loop's chain goes on to main" \
	eval 'grep -E -A2 "^ +[0-9.]+% +\[\.\] hot_loop" <<<"$LOG_TEXT" | grep -qE "^ +---main$"'
check "the demo found hot_loop under its caller" has '^=== hot_loop is shown under its caller, main'
# profile EVENT: the demo's perf report lines of EVENT's samples
profile() {
	awk -v ev="$1" '/^# Samples/ { on = ($NF == "\x27" ev "\x27") ; next }
		/^===/ { on = 0 } on' <<<"$LOG_TEXT"
}
# Some 200 samples (perf throttles the 2003-load period); tally-load's
# loads outside its loop (libc start-up, the closing printf: under 1 % of
# them) may take one or two, on both events alike (6.12: strcmp; 7.2 also
# __vfprintf_internal once, 98.98 %). What shows precision: the loop's
# samples land on the load with :pp and never one instruction late, and
# the other way round through SBI.
check "precise profile: inst.ret.load:upp, 98 % or more at tally_hot_load, none at tally_hot_next" \
	eval 'profile inst.ret.load:upp | head -1 | grep -qE "^ +(9[89]\.[0-9]+|100\.00)% +\[\.\] tally_hot_load$" &&
		! profile inst.ret.load:upp | grep -q "tally_hot_next"'
check "SBI profile: inst.ret.load:u, 98 % or more at tally_hot_next, none at tally_hot_load" \
	eval 'profile inst.ret.load:u | head -1 | grep -qE "^ +(9[89]\.[0-9]+|100\.00)% +\[\.\] tally_hot_next$" &&
		! profile inst.ret.load:u | grep -q "tally_hot_load"'
check "the demo says :pp names the load itself" has '^=== :pp names the load itself'
check "no note that the kernel lacks the project's patches" \
	hasnt "^=== This kernel has none of the project's patches"
if sse_kernel; then
	check "the demo says overflows come over SBI SSE" \
		has '^  counter overflows over SBI SSE'
	share=$(sed -n "s/^=== irq-off share of the samples in the two loops: \([0-9]*\)\.\([0-9]\) %$/\1\2/p" <<<"$LOG_TEXT")
	check "the demo's irq-off share over SSE is 48-52 % (${share:-none} permille)" \
		between "${share:-0}" 480 520
else
	skip "the demo's sampling over SSE" "kernel without CONFIG_RISCV_SBI_SSE"
fi
check_poweroff

summary
