# SPDX-License-Identifier: BSD-2-Clause
# Sourced by a suite's run command (RUN_CMD.<suite>, mk/runner.mk:
# tests/boot/run.sh, tests/qemu-model/run.sh, tests/opensbi/run.sh): the
# options the runner passes and the closing line it sums, as
# scripts/run-payload.sh has them.

# run_begin PREFIX [--brief] [--name NAME] [--log-dir D] ARG...: sets
# run_name (default PREFIX-<first ARG>), run_log_dir (default
# $BUILD/test-logs), run_result (D/NAME.result, removed) and run_args (the
# ARGs). --brief: everything printed from here goes to D/NAME.out, and at
# exit only its FAIL and SKIP lines and its last line are printed, in one
# write (runs side by side under make -j do not mix their lines).
run_begin() {
	local prefix=$1 brief=''
	shift
	run_name='' run_log_dir=${BUILD:-$TOP/build}/test-logs
	while [ $# -gt 0 ]; do
		case $1 in
		--brief) brief=1 ;;
		--name) run_name=$2; shift ;;
		--log-dir) run_log_dir=$2; shift ;;
		-*) echo "usage: $0 [--brief] [--name NAME] [--log-dir D] ARG..." >&2
			exit 2 ;;
		*) break ;;
		esac
		shift
	done
	[ $# -ge 1 ] || { echo "usage: $0 [--brief] [--name NAME] [--log-dir D] ARG..." >&2; exit 2; }
	run_args=("$@")
	run_name=${run_name:-$prefix-$1}
	mkdir -p "$run_log_dir"
	run_result=$run_log_dir/$run_name.result
	rm -f "$run_result"
	if [ -n "$brief" ]; then
		run_out=$run_log_dir/$run_name.out
		exec 3>&1 >"$run_out" 2>&1
		trap 'printf "%s\n" "$(grep -aE "^(FAIL|SKIP)" "$run_out"; tail -1 "$run_out")" >&3' EXIT
	fi
}

# run_end PASSED FAILED SKIPPED: the closing line "NAME: N passed, N
# failed[, N skipped]", printed and written to run_result; the status is
# 0 when nothing failed
run_end() {
	local line="$run_name: $1 passed, $2 failed"
	[ "$3" = 0 ] || line+=", $3 skipped"
	echo "$line" >"$run_result"
	echo "$line"
	[ "$2" = 0 ]
}
