#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Run test scripts one after the other and add up their closing lines.
#
#   run-test-scripts.sh DIR NAME...   runs DIR/NAME-test.sh for each NAME
#
# Each script prints "ok/FAIL - ..." lines and ends with "N passed, N
# failed[, N skipped]"; one that ends without that line (a crash, a hang
# killed by its own timeout) counts as one failure, and the run goes on.
# scripts/sum-results.sh prints the sum as the suite's closing line; exits
# 1 if anything failed.
set -u

dir=$1
shift
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for t in "$@"; do
	echo "--- $t-test.sh"
	"$dir/$t-test.sh" | tee "$out/$t.out"
	# only a closing last line counts
	tail -1 "$out/$t.out" >"$out/$t.last"
done
"$(dirname "$0")/sum-results.sh" $(printf "$out/%s.last " "$@")
