# SPDX-License-Identifier: BSD-2-Clause
# The host-side script tests' checks (tests/unit/*_test.sh):
#   check DESCRIPTION COMMAND...   "ok - ..." or "FAIL - ..."
#   summary                        "N passed, N failed"; status 0 if none failed
passed=0 failed=0

check() {
	local d=$1
	shift
	if "$@"; then echo "ok - $d"; passed=$((passed + 1))
	else echo "FAIL - $d"; failed=$((failed + 1)); fi
}

summary() {
	echo "$passed passed, $failed failed"
	[ "$failed" = 0 ]
}
