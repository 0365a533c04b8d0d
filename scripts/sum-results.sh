#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The one place that adds up closing lines: a suite's runs (the .result
# files of mk/runner.mk), a suite's test scripts, and `make check`'s
# suites (their logs) into its final line.
#
#   sum-results.sh [--name NAME] [--table] FILE...
#
# From each FILE it takes the last line "[NAME: ]N passed, N failed[, N
# skipped]". A FILE with no such line counts as one failure, and so does
# one whose "exit=N" line (check.mk writes it) says it failed with no
# failure counted. --table prints a line per FILE (named by its basename
# without extension). Prints "[NAME: ]N passed, N failed[, N skipped]" and
# exits 1 if anything failed.
set -u

name='' table=''
while [ $# -gt 0 ]; do
	case $1 in
	--name) name=$2; shift ;;
	--table) table=1 ;;
	*) break ;;
	esac
	shift
done

# counts: "p f s" of FILE's last closing line, or nothing
counts() {
	tr -d '\r' 2>/dev/null <"$1" |
		sed -nE 's/^([A-Za-z0-9-]+: )?([0-9]+) passed, ([0-9]+) failed(, ([0-9]+) skipped)?.*/\2 \3 \5/p' |
		tail -1
}

tp=0 tf=0 ts=0
[ -z "$table" ] || printf '\n%-24s %8s %8s %8s\n' '' passed failed skipped
for r in "$@"; do
	read -r p f s <<<"$(counts "$r")"
	ex=$(sed -n 's/^exit=//p' "$r" 2>/dev/null | tail -1)
	if [ -z "${p:-}" ]; then
		p=0 f=1 s=0
		echo "FAIL - $(basename "$r"): no closing 'N passed, N failed' line${ex:+ (exit $ex)}"
	elif [ -n "$ex" ] && [ "$ex" != 0 ] && [ "$f" = 0 ]; then
		f=1
	fi
	s=${s:-0}
	[ -z "$table" ] || printf '%-24s %8d %8d %8d\n' "$(basename "${r%.*}")" "$p" "$f" "$s"
	tp=$((tp + p)) tf=$((tf + f)) ts=$((ts + s))
done
[ -z "$table" ] || echo
line="$tp passed, $tf failed"
[ "$ts" = 0 ] || line+=", $ts skipped"
echo "${name:+$name: }$line"
[ "$tf" = 0 ]
