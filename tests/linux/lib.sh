# SPDX-License-Identifier: BSD-2-Clause
# Helpers for the Linux tests: check a boot log, count results.
# Sourced by tests/linux/*.sh once they have set TOP.

BUILD=${BUILD:-$TOP/build}
LOG_DIR=${LOG_DIR:-$BUILD/test-logs/linux}
export TOP BUILD

passed=0 failed=0
LOG_TEXT=

# load_log FILE: the console log without carriage returns.
load_log() { LOG_TEXT=$(tr -d '\r' <"$1" 2>/dev/null); }

# has REGEX / hasnt REGEX: (no) line of the log matches the extended regex.
has() { grep -qE -- "$1" <<<"$LOG_TEXT"; }
hasnt() { ! has "$1"; }

# positive VALUE: VALUE is a decimal integer greater than zero.
positive() { [[ ${1:-} =~ ^[0-9]+$ ]] && [ "$1" -gt 0 ]; }

# between VALUE LO HI: LO <= VALUE <= HI, all decimal integers.
between() {
	[[ ${1:-} =~ ^[0-9]+$ ]] && [ "$1" -ge "$2" ] && [ "$1" -le "$3" ]
}

# perf_value EVENT [PREFIX]: the count of EVENT from `perf stat -x,` output
# lines "PREFIX<count>,<unit>,<event>,..." (PREFIX defaults to "T:perf ").
# Prints nothing when the event was "<not counted>" or "<not supported>".
perf_value() {
	local ev=$1 pre=${2:-T:perf }
	awk -F, -v ev="$ev" -v pre="$pre" '
		index($0, pre) == 1 {
			v = substr($1, length(pre) + 1)
			if ($3 == ev && v ~ /^[0-9]+$/) { print v; exit }
		}' <<<"$LOG_TEXT"
}

# check DESCRIPTION COMMAND...: run COMMAND, print ok/FAIL, count it.
check() {
	local desc=$1; shift
	if "$@"; then
		echo "ok - $desc"
		passed=$((passed + 1))
	else
		echo "FAIL - $desc"
		failed=$((failed + 1))
	fi
}

summary() {
	echo "$passed passed, $failed failed"
	[ "$failed" = 0 ]
}
