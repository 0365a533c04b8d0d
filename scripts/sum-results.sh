#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Add up the .result files of a suite's payload runs (each one line
# "NAME: N passed, N failed[, N skipped]" written by run-payload.sh); a
# missing or empty file counts as one failure.
#
#   sum-results.sh SUITE FILE...   prints "SUITE: N passed, N failed[, N skipped]"
set -eu

suite=$1
shift
for r in "$@"; do
	if [ -s "$r" ]; then cat "$r"; else echo "x: 0 passed, 1 failed"; fi
done | awk -v suite="$suite" '{ p += $2; f += $4; s += $6 }
	END { printf "%s: %d passed, %d failed", suite, p, f
	      if (s) printf ", %d skipped", s; print "" }'
