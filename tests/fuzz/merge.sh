#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# `make fuzz-merge`: minimise the corpus with libFuzzer's -merge=1. The
# hand-written seeds (seed-*) and the reproducers of known bugs (bug-*) are
# kept as they are; every other file is replaced by the merged set.
#
# usage: merge.sh BIN CORPUS WORKDIR MAX_LEN
set -eu
bin=$1 corpus=$2 work=$3 maxlen=$4

rm -rf "$work"
mkdir -p "$work/new" "$work/old"
find "$corpus" -maxdepth 1 -type f ! -name 'seed-*' ! -name 'bug-*' \
	-exec cp {} "$work/old/" \;
find "$corpus" -maxdepth 1 -type f -name 'seed-*' -exec cp {} "$work/new/" \;
before=$(find "$work/old" -type f | wc -l)
"$bin" -merge=1 -max_len="$maxlen" -timeout=20 "$work/new" "$work/old" \
	>"$work/merge.log" 2>&1 || { tail -20 "$work/merge.log"; exit 1; }
find "$corpus" -maxdepth 1 -type f ! -name 'seed-*' ! -name 'bug-*' -delete
find "$work/new" -maxdepth 1 -type f ! -name 'seed-*' -exec cp {} "$corpus/" \;
after=$(find "$corpus" -maxdepth 1 -type f ! -name 'seed-*' ! -name 'bug-*' | wc -l)
echo "fuzz-merge: $before -> $after files (plus seed-* and bug-*)"
