#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Add up the closing "N passed, N failed[, N skipped]" line of each suite's
# log. A suite whose log has no such line, or whose make exited non-zero
# without reporting a failure, counts as one failure.
set -u
dir=$1; shift
tp=0 tf=0 ts=0 rc=0
printf '\n%-16s %8s %8s %8s\n' suite passed failed skipped
for s in "$@"; do
	log=$dir/$s.log
	line=$(grep -E '^([A-Za-z-]+: )?[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
	ex=$(sed -n 's/^exit=//p' "$log" | tail -1)
	if [ -z "$line" ]; then
		p=0 f=1 k=0
		echo "suite $s: no result line (exit $ex)" >&2
	else
		p=$(echo "$line" | sed -E 's/.*\b([0-9]+) passed.*/\1/')
		f=$(echo "$line" | sed -E 's/.*\b([0-9]+) failed.*/\1/')
		k=$(echo "$line" | sed -nE 's/.*\b([0-9]+) skipped.*/\1/p')
		k=${k:-0}
		if [ "$ex" != 0 ] && [ "$f" = 0 ]; then f=1; fi
	fi
	printf '%-16s %8d %8d %8d\n' "$s" "$p" "$f" "$k"
	tp=$((tp + p)); tf=$((tf + f)); ts=$((ts + k))
done
echo
if [ "$ts" -gt 0 ]; then
	echo "$tp passed, $tf failed, $ts skipped"
else
	echo "$tp passed, $tf failed"
fi
[ "$tf" = 0 ]
