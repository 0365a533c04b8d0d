#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# One run of suite `qemu-model` (mk/tests-qemu-model.mk, the run table of
# mk/runner.mk): a bare M-mode test payload booted as -bios under
# `-icount shift=0`, or props.sh.
#
#   run.sh [--brief] [--name NAME] [--log-dir D] TEST
#
# TEST is a test-TEST.c (its payload $QM_OUT/TEST.elf) or "props". One
# hart, two for smp*; a source line "QM_CPU_EXTRA: <options>" adds -cpu
# options after $QM_CPU. The output goes to D/NAME.log; its closing line
# "N passed, N failed" becomes "NAME: N passed, N failed" (also in
# D/NAME.result). --brief prints only the FAIL and SKIP lines and that line
# (scripts/lib/run.sh).
#
# Environment: QEMU QM_SRC QM_OUT QM_CPU (mk/tests-qemu-model.mk).
set -uo pipefail
export LC_ALL=C

top=$(cd "$(dirname "$0")/../.." && pwd)
TOP=${TOP:-$top}
. "$top/scripts/lib/run.sh"
run_begin qemu-model "$@"
test=${run_args[0]}
log=$run_log_dir/$run_name.log

if [ "$test" = props ]; then
	"$QM_SRC/props.sh" "$QEMU" >"$log" 2>&1
else
	case $test in smp*) smp=2 ;; *) smp=1 ;; esac
	extra=$(sed -n 's/.*QM_CPU_EXTRA: *//p' "$QM_SRC/test-$test.c")
	"$top/scripts/qemu-run.sh" --bios "$QM_OUT/$test.elf" \
		--cpu "$QM_CPU${extra:+,$extra}" --smp $smp --mem 256M \
		--icount --timeout 60 >"$log" 2>&1
fi
cat "$log"
closing=$(tr -d '\r' <"$log" |
	grep -aoE '[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$' | tail -1)
if [ -z "$closing" ]; then
	echo "FAIL - $run_name: no closing 'N passed, N failed' line (log $log)"
	closing="0 passed, 1 failed"
fi
read -r p f s <<<"$(sed -E 's/([0-9]+) passed, ([0-9]+) failed(, ([0-9]+) skipped)?/\1 \2 \4/' <<<"$closing")"
run_end "$p" "$f" "${s:-0}"
