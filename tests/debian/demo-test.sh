#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# `make run LINUX_KERNEL=debian` (suite `debian`): the demo on Debian's own
# kernel and perf, booted as make run boots it (the project's QEMU and CPU,
# hpmcounter3 delegated, 4 harts, -icount shift=0, tally.kernel=debian).
# Debian's perf has no names for the QEMU model's or the firmware's
# events, and the stock kernel none of linux/patches/; the demo must show
# everything else, by raw code where names are missing, and say what the
# project's kernel would add:
#   - counts for the generic events, their :u/:k halves, the model's
#     events as r2/r100/r101/r5/r6 and firmware events as r80000000000000NN
#     on every hart;
#   - perf report with hot_loop on top, the DWARF call graph with main as
#     its caller (Debian's perf has libdw);
#   - no precise profile (the stock kernel samples where the interrupt
#     came), and the closing note naming what needs the patches.
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-400}
. "$TOP/tests/linux/lib.sh"
. "$TOP/tests/debian/lib.sh"

QEMU=$PROJECT_QEMU FW_DYNAMIC=$TALLY_FW run_guest debian-demo "" --icount \
	--cpu "$PRECISE_CPU" --chosen tally,pmu-delegate=0x8 --append tally.kernel=debian

check "Debian's kernel booted" has '^=== Linux [0-9.]+\+deb[0-9]+-riscv64 on 4 harts'
check "the demo says this perf has no names for the model's events" \
	has "^=== \.\.\. this perf has no names for the QEMU model's events"
for e in cycles instructions branches branch-misses instructions:u instructions:k; do
	v=$(count_of "$e")
	check "perf stat shows a count for $e (${v:-none})" positive "$v"
done
# tally-events 1000000: per iteration 1 load, 1 store, 1 mispredicted branch
for e in r100:u r101:u r6:u; do
	v=$(count_of "$e")
	check "the model's event $e by raw code: about 1000000 (${v:-none})" \
		between "${v:-0}" 1000000 1010000
done
check "firmware IPI events by raw code on every hart (CPU0..CPU3)" \
	eval "has '^CPU0 +[0-9,]+ +r8000000000000007' && has '^CPU3 +[0-9,]+ +r8000000000000007'"
check "perf report: hot_loop on top" has '^=== hot_loop is the top symbol, as it should be'
check "Debian's perf: hot_loop under its caller (DWARF call graph)" \
	has '^=== hot_loop is shown under its caller, main'
check "no precise profile, and the demo says why" has '^=== no precise sampling here'
check "the closing note names what the project's kernel patches add" \
	eval "has \"^=== This kernel has none of the project's patches\" && has '^  - sample precisely'"
check_poweroff

summary
