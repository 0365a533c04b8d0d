#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# DWARF call graphs (suite `linux`): perf's libdw unwinder on riscv64.
#
# One one-hart boot under -icount shift=0. `perf record --call-graph
# dwarf -e cycles:u -c 300007 tally-hot 200`: each sample carries the
# user registers and the top 4 KiB of the user stack, and perf report /
# perf script unwind them with libdw and tally-hot's .eh_frame
# (scripts/build-workloads.sh compiles with -fasynchronous-unwind-tables).
# tally-hot's main() calls hot_loop() (90 % of the work) and warm_loop()
# (10 %), both leaf functions (mix() inlined). Checks:
#   - perf record exits 0; perf report --no-children puts hot_loop first;
#   - in perf report's call graph hot_loop's and warm_loop's callers are
#     main (the first line of their chains);
#   - perf script: 95 % or more of the samples in hot_loop have main as
#     their second frame, and of those 95 % or more go on to _start (the
#     whole stack unwound, through static glibc's own CFI).
# Without libdw in perf, or without unwind tables in the workload, the
# chains end at the sampled function and the caller checks fail.
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-300}
. "$TOP/tests/linux/lib.sh"

# In the guest, perf script's output is summed up per sample as
# "T:chain <frame 1> <frame 2> <last frame>" ("-" where there is none);
# the samples' blocks are separated by empty lines.
guest='
P record -o /tmp/cg.data --call-graph dwarf,4096 -e cycles:u -c 300007 tally-hot 200 >/dev/null 2>&1
echo "T:rec $?"
P report -i /tmp/cg.data --stdio --no-children --sort sym 2>/dev/null |
	grep -v "^#" | sed "s/^/T:r /"
P script -i /tmp/cg.data -F ip,sym 2>/dev/null | awk "
	NF == 0 { if (n) print \"T:chain\", f[1], (n > 1 ? f[2] : \"-\"), f[n]; n = 0; next }
	{ f[++n] = \$2 }
	END { if (n) print \"T:chain\", f[1], (n > 1 ? f[2] : \"-\"), f[n] }"
'

run_guest callgraph "$guest" --icount --smp 1

# caller FUNC: the first frame of FUNC's call graph in perf report
# --no-children (the line "---<caller>" under FUNC's "[.] FUNC" line).
caller() {
	awk -v f="$1" '
		/^T:r +[0-9.]+%/ { on = ($NF == f); next }
		on && /^T:r +---/ { sub(/^T:r +---/, ""); print; exit }' <<<"$LOG_TEXT"
}
# chains FIRST [SECOND [LAST]]: the number of samples whose chain starts so
chains() {
	awk -v a="$1" -v b="${2:-}" -v c="${3:-}" '$1 == "T:chain" && $2 == a &&
		(b == "" || $3 == b) && (c == "" || $4 == c) { n++ } END { print n + 0 }' \
		<<<"$LOG_TEXT"
}

top=$(awk '/^T:r +[0-9.]+%/ { print $NF; exit }' <<<"$LOG_TEXT")
hot=$(chains hot_loop) hot_main=$(chains hot_loop main)
hot_start=$(chains hot_loop main _start)
echo "[linux-test] samples: $(grep -c '^T:chain' <<<"$LOG_TEXT") in all, $hot in hot_loop, $hot_main of them called from main, $hot_start unwound to _start"

check "perf record --call-graph dwarf exited 0 within its timeout" has '^T:rec 0$'
check "perf report --no-children: hot_loop on top (${top:-none})" [ "$top" = hot_loop ]
c=$(caller hot_loop)
check "perf report: hot_loop's caller is main (${c:-none})" [ "$c" = main ]
c=$(caller warm_loop)
check "perf report: warm_loop's caller is main (${c:-none})" [ "$c" = main ]
check "perf script: 95 % or more of hot_loop's $hot samples (at least 50) have main as their second frame ($hot_main)" \
	eval '[ "$hot" -ge 50 ] && [ $((100 * hot_main)) -ge $((95 * hot)) ]'
check "perf script: 95 % or more of those unwind down to _start ($hot_start of $hot_main)" \
	eval '[ "$hot_main" -gt 0 ] && [ $((100 * hot_start)) -ge $((95 * hot_main)) ]'
check_poweroff

summary
