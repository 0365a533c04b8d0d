#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# One run of suite `opensbi` (mk/opensbi.mk, the run table of
# mk/runner.mk): OpenSBI built with Tally's PMU (build/opensbi/<version>/)
# under the project's own suites.
#
#   run.sh [--brief] [--name NAME] [--log-dir D] PART [NAME...]
#
# PART: link (Tally's PMU objects are the ones linked), pmu (suite pmu on
# it, and its banners name the tally-pmu device), pmu-testdev (suite pmu's
# OPENSBI_TD_RUNS on the build with the test platform's PMU device), sbi-sse
# (the SBI payload's SSE group, where OpenSBI has SBI v3.0's SSE), linux
# (suite linux). The NAMEs are the part's runs or tests: without an
# OpenSBI tree (OPENSBI_TREE empty) each is one skip, "opensbi PART-NAME".
# Ends with "NAME: N passed, N failed[, N skipped]" (also D/NAME.result);
# --brief: only the FAIL and SKIP lines and that line, in one write
# (scripts/lib/run.sh).
#
# Environment (mk/opensbi.mk): MAKE TOP NM OPENSBI_TREE OPENSBI_VER
# OPENSBI_OUT OPENSBI_TD_OUT OPENSBI_PMU_APPEND OPENSBI_TD_APPEND
# OPENSBI_TD_RUNS OPENSBI_SSE_APPEND.
set -uo pipefail
export LC_ALL=C

. "$TOP/scripts/lib/run.sh"
run_begin opensbi "$@"
set -- "${run_args[@]}"
part=$1
shift
log_dir=$run_log_dir
p=0 f=0 s=0

ok() { echo "ok - $*"; p=$((p + 1)); }
bad() { echo "FAIL - $*"; f=$((f + 1)); }

# add FILE: the counts of FILE's last "[NAME: ]N passed, N failed[, N
# skipped]" line
add() {
	local line x
	line=$(grep -aE '^([A-Za-z0-9-]+: )?[0-9]+ passed, [0-9]+ failed' "$1" | tail -1)
	if [ -z "$line" ]; then
		bad "opensbi: no result line in $1"
		return
	fi
	line=${line#*: }
	p=$((p + ${line%% passed*}))
	x=${line#* passed, }; f=$((f + ${x%% failed*}))
	case $line in *skipped) x=${line#* failed, }; s=$((s + ${x%% skipped*})) ;; esac
}

# suite SUITE OUT ARGS...: a suite of the project on OpenSBI, counted
suite() {
	local suite=$1 o=$2
	shift 2
	$MAKE -C "$TOP" --no-print-directory "check-$suite" "$@" | tee "$o"
	add "$o"
}

logs=${OPENSBI_LOGS:-$log_dir/opensbi-$OPENSBI_VER}
fw=$OPENSBI_OUT/fw_dynamic.bin
if [ -z "${OPENSBI_TREE:-}" ]; then
	if [ $# = 0 ]; then set -- ""; fi
	for n in "$@"; do
		echo "SKIP - opensbi $part${n:+-$n} (no OpenSBI tree)"
		s=$((s + 1))
	done
else
	mkdir -p "$logs"
	case $part in
	link)
		# Tally's objects are in the image (a platform that only added
		# them to platform-objs-y would link OpenSBI's own PMU); both
		# sbi_pmu.o and sbi_ecall_pmu.o must be ours.
		syms=$("$NM" "$OPENSBI_OUT/fw_dynamic.elf" 2>/dev/null)
		for sym in pmu_sbi_ecall tally_pmu_call tally_ecall_pmu; do
			if grep -qE " $sym$" <<<"$syms"; then
				ok "opensbi link: $sym in fw_dynamic.elf"
			else
				bad "opensbi link: $sym missing from $OPENSBI_OUT/fw_dynamic.elf"
			fi
		done ;;
	pmu)
		suite pmu "$logs/pmu.out" FW_DYNAMIC="$fw" \
			PMU_APPEND="$OPENSBI_PMU_APPEND" PMU_LOGS="$logs"
		n=0
		for l in "$logs"/pmu-*.log; do
			grep -qaE 'Platform PMU Device *: tally-pmu' "$l" || n=$((n + 1))
		done
		if [ $n = 0 ]; then ok "opensbi boot banners name the tally-pmu device"
		else bad "opensbi: $n payload logs lack the tally-pmu banner line"; fi ;;
	pmu-testdev)
		suite pmu "$logs/pmu-testdev.out" \
			FW_DYNAMIC="$OPENSBI_TD_OUT/fw_dynamic.bin" \
			RUNS="$OPENSBI_TD_RUNS" PMU_APPEND="$OPENSBI_TD_APPEND" \
			PMU_LOGS="$logs/testdev"
		if grep -qaE 'Platform PMU Device *: tally-testdev' "$logs"/testdev/pmu-*.log; then
			ok "opensbi: the test platform's PMU device is registered"
		else
			bad "opensbi: the testdev boot banner lacks tally-testdev"
		fi ;;
	sbi-sse)
		if grep -q SBI_EXT_SSE_HART_UNMASK "$OPENSBI_TREE/include/sbi/sbi_ecall_interface.h"; then
			suite sbi "$logs/sbi-sse.out" FW_DYNAMIC="$fw" \
				RUNS=fw-dynamic-icount SBI_APPEND="$OPENSBI_SSE_APPEND" \
				SBI_LOGS="$logs/sbi"
		else
			echo "SKIP - opensbi: SBI payload's SSE group (OpenSBI $OPENSBI_VER has only the draft SSE, no hart_unmask)"
			s=$((s + 1))
		fi ;;
	linux)
		suite linux "$logs/linux.out" FW_DYNAMIC="$fw" \
			LINUX_TEST_LOGS="$logs/linux" ;;
	*) bad "opensbi: no part $part" ;;
	esac
fi

run_end $p $f $s
