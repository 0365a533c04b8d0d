#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Run test scripts one after the other and add up their closing lines.
#
#   run-test-scripts.sh DIR NAME...   runs DIR/NAME-test.sh for each NAME
#
# Each script prints "ok/FAIL - ..." lines and ends with "N passed, N
# failed[, N skipped]"; one that ends without that line (a crash, a hang
# killed by its own timeout) counts as one failure, and the run goes on.
# Prints the sum as the suite's closing line; exits 1 if anything failed.
set -u

dir=$1
shift
p=0 f=0 s=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for t in "$@"; do
	echo "--- $t-test.sh"
	"$dir/$t-test.sh" | tee "$out"
	line=$(tail -1 "$out")
	if [[ $line =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)?$ ]]; then
		p=$((p + BASH_REMATCH[1]))
		f=$((f + BASH_REMATCH[2]))
		s=$((s + ${BASH_REMATCH[4]:-0}))
	else
		echo "FAIL - $t-test.sh gave no result line"
		f=$((f + 1))
	fi
done
if [ "$s" -gt 0 ]; then
	echo "$p passed, $f failed, $s skipped"
else
	echo "$p passed, $f failed"
fi
[ "$f" = 0 ]
