#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# `make check-fuzz`: run the PMU fuzz harness over every file of the
# committed corpus (each file is one test), then one fixed-seed fuzzing run
# started from the corpus files that passed (one more test). Prints
# "fuzz: N passed, N failed"; the log of each failure is kept in WORKDIR.
#
# usage: run-check.sh BIN CORPUS WORKDIR SEED RUNS MAX_LEN
set -u
bin=$1 corpus=$2 work=$3 seed=$4 runs=$5 maxlen=$6
passed=0 failed=0

rm -rf "$work"
mkdir -p "$work/seeded"
mapfile -t files < <(cd "$corpus" && find . -maxdepth 1 -type f -printf '%f\n' |
	LC_ALL=C sort)
n=${#files[@]}

reason() {	# the first line that says what went wrong
	grep -m1 -E 'invariant broken|ERROR: (AddressSanitizer|libFuzzer)|runtime error' "$1" ||
		echo "exit status $2"
}

# One process runs the remaining files in order; after a crash, go on
# with the file after the one that crashed.
i=0
while [ "$i" -lt "$n" ]; do
	args=()
	for f in "${files[@]:i}"; do
		args+=("$corpus/$f")
	done
	"$bin" -timeout=20 "${args[@]}" >"$work/batch.log" 2>&1
	st=$?
	ran=$(grep -c '^Executed ' "$work/batch.log")
	for f in "${files[@]:i:ran}"; do
		cp "$corpus/$f" "$work/seeded/"
	done
	passed=$((passed + ran))
	i=$((i + ran))
	if [ "$st" != 0 ]; then
		if [ "$i" -lt "$n" ]; then
			f=${files[i]}
			cp "$work/batch.log" "$work/fail-$f.log"
			echo "FAIL - corpus/$f: $(reason "$work/batch.log" "$st")"
			i=$((i + 1))
		else
			echo "FAIL - harness exited $st after the last input"
		fi
		failed=$((failed + 1))
	elif [ "$ran" = 0 ]; then
		echo "FAIL - harness ran none of ${files[i]}..."
		failed=$((failed + 1))
		break
	fi
done
echo "corpus: $n files, $passed passed"

"$bin" -seed="$seed" -runs="$runs" -max_len="$maxlen" -timeout=20 \
	-artifact_prefix="$work/" "$work/seeded" >"$work/seeded.log" 2>&1
st=$?
if [ "$st" = 0 ]; then
	echo "ok - seeded run: $(grep -E '^Done' "$work/seeded.log")"
	passed=$((passed + 1))
else
	cp "$work/seeded.log" "$work/fail-seeded.log"
	echo "FAIL - seeded run (-seed=$seed -runs=$runs): $(reason "$work/seeded.log" "$st")"
	echo "       reproducer: $(ls "$work"/crash-* "$work"/leak-* "$work"/timeout-* 2>/dev/null | head -1)"
	failed=$((failed + 1))
fi
echo "fuzz: $passed passed, $failed failed"
[ "$failed" = 0 ]
