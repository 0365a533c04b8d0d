#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Run one S-mode test payload (an ELF linked at 0x80200000) under QEMU via
# scripts/qemu-run.sh and judge the run.
#
#   run-payload.sh [--name NAME] [--machine M] [--bios FW] [--cpu C] [--smp N]
#                  [--timeout S] [--icount] [--append ARGS] [--log-dir D]
#                  [--qemu Q] [--chosen NAME=U32]... [--brief]
#                  [--in-firmware] PAYLOAD.elf [-- extra QEMU arguments]
#
# Environment: QEMU and FW_DYNAMIC as for qemu-run.sh (--qemu and --bios
# win). A later option overrides an earlier one (mk/runner.mk puts a
# suite's options before a run's own).
# --in-firmware: the payload is linked into FW (fw_payload): QEMU loads no
# kernel (and so takes no --append).
# --chosen: boot QEMU's own DT for this CPU and SMP with /chosen NAME =
# U32 added (scripts/mkdtb.sh; LOG_DIR/NAME.dtb), e.g. the firmware's
# knobs tally,pmu-delegate=0x7f8.
# --brief: print only the FAIL and SKIP lines and the closing line, in one
# write (runs side by side under make -j do not mix their lines); the full
# report is LOG_DIR/NAME.out.
#
# Prints the payload's ok/FAIL/SKIP lines and ends with
#   NAME: N passed, N failed[, N skipped]
# (also written to LOG_DIR/NAME.result; the full console log is
# LOG_DIR/NAME.log, LOG_DIR defaulting to build/test-logs). On top of the
# payload's own FAIL lines, one failure each for: QEMU not exiting 0 by
# itself (timeout, crash, or a shutdown reporting failure), no closing
# "N passed, N failed" line from the payload, or a closing line that does
# not match the result lines seen (lost or garbled output).
# Exit status: 0 when nothing failed, 1 otherwise, 2 on usage errors.
set -uo pipefail
export LC_ALL=C

top=$(cd "$(dirname "$0")/.." && pwd)
name='' bios='' cpu='' smp=4 timeout=120 icount='' append='' machine=virt
log_dir=${BUILD:-$top/build}/test-logs
payload='' infw='' brief='' chosen=()

usage() { sed -n '4,12p' "$0" >&2; exit 2; }

while [ $# -gt 0 ]; do
	case $1 in
	--name) name=$2; shift ;;
	--machine) machine=$2; shift ;;
	--bios) bios=$2; shift ;;
	--cpu) cpu=$2; shift ;;
	--smp) smp=$2; shift ;;
	--timeout) timeout=$2; shift ;;
	--icount) icount=1 ;;
	--append) append=$2; shift ;;
	--log-dir) log_dir=$2; shift ;;
	--in-firmware) infw=1 ;;
	--qemu) export QEMU=$2; shift ;;
	--chosen) chosen+=("$2"); shift ;;
	--brief) brief=1 ;;
	--) shift; break ;;
	-*) echo "run-payload.sh: unknown option $1" >&2; usage ;;
	*) [ -z "$payload" ] || usage; payload=$1 ;;
	esac
	shift
done

[ -n "$payload" ] || usage
[ -f "$payload" ] || { echo "run-payload.sh: no payload $payload" >&2; exit 2; }
# The closing-line parser (scripts/sum-results.sh) wants [A-Za-z0-9-] names.
name=${name:-$(basename "$payload" .elf)}
name=$(printf '%s' "$name" | tr -c 'A-Za-z0-9-' '-')
mkdir -p "$log_dir"
log=$log_dir/$name.log
result=$log_dir/$name.result
rm -f "$log" "$result"

# --brief: the report to NAME.out, its FAIL/SKIP and last lines at the end
if [ -n "$brief" ]; then
	out=$log_dir/$name.out
	exec 3>&1 >"$out" 2>&1
	trap 'printf "%s\n" "$(grep -aE "^(FAIL|SKIP)" "$out"; tail -1 "$out")" >&3' EXIT
fi

if [ ${#chosen[@]} -gt 0 ]; then
	dtb=$log_dir/$name.dtb
	"$top/scripts/mkdtb.sh" "$dtb" "${cpu:--}" "$smp" - - "${chosen[@]}" ||
		{ echo "FAIL - $name: no DT with /chosen ${chosen[*]}"; echo "$name: 0 passed, 1 failed" | tee "$result"; exit 1; }
	set -- -dtb "$dtb" "$@"
fi

args=(--machine "$machine" --smp "$smp" --timeout "$timeout")
[ -n "$infw" ] || args+=(--kernel "$payload")
[ -n "$bios" ] && args+=(--bios "$bios")
[ -n "$cpu" ] && args+=(--cpu "$cpu")
[ -n "$icount" ] && args+=(--icount)
[ -n "$append" ] && args+=(--append "$append")

echo "=== $name: $(basename "$payload") on ${bios:-${FW_DYNAMIC:-default firmware}}, smp $smp${cpu:+, cpu $cpu}"
"$top/scripts/qemu-run.sh" "${args[@]}" -- "$@" >"$log" 2>&1
status=$?

# Console lines may end in CR LF; a misbehaving firmware may print binary
# junk (no newline) in front of a result line, so results are found
# anywhere in a line, after a non-letter.
lines=$(tr -d '\r\000' <"$log")
results=$(printf '%s\n' "$lines" |
	grep -aoE '(^|[^A-Za-z])(ok|FAIL|SKIP) [0-9]+ - .*' |
	sed -E 's/^[^A-Za-z]*((ok|FAIL|SKIP) [0-9]+ - )/\1/')
printf '%s\n' "$results" | grep -av '^$'

passed=$(printf '%s\n' "$results" | grep -ac '^ok ')
failed=$(printf '%s\n' "$results" | grep -ac '^FAIL ')
skipped=$(printf '%s\n' "$results" | grep -ac '^SKIP ')
closing=$(printf '%s\n' "$lines" |
	grep -aoE '[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$' | tail -1)

runner_fail() {
	echo "FAIL - $name: $*"
	failed=$((failed + 1))
}

if [ -z "$closing" ]; then
	runner_fail "the payload printed no closing 'N passed, N failed' line; its last lines:"
	printf '%s\n' "$lines" | tail -5 | cat -v | sed 's/^/#   /'
else
	p=$(echo "$closing" | sed -E 's/^([0-9]+) passed.*/\1/')
	f=$(echo "$closing" | sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/')
	s=$(echo "$closing" | sed -nE 's/.* ([0-9]+) skipped$/\1/p')
	if [ "$p" != "$passed" ] || [ "$f" != "$failed" ] ||
	   [ "${s:-0}" != "$skipped" ]; then
		runner_fail "payload closed with '$closing' but printed $passed ok, $failed FAIL, $skipped SKIP lines"
	fi
fi

case $status in
0) ;;
124|137) runner_fail "QEMU timed out after ${timeout}s (log $log)" ;;
*) runner_fail "QEMU exited with status $status (log $log)" ;;
esac

if [ "$skipped" -gt 0 ]; then
	summary="$name: $passed passed, $failed failed, $skipped skipped"
else
	summary="$name: $passed passed, $failed failed"
fi
echo "$summary" | tee "$result"
[ "$failed" = 0 ]
