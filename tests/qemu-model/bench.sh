#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Guest speed of QEMU binaries on tests/qemu-model/bench.S (see
# docs/qemu-model.md). Prints guest MIPS (million guest instructions per
# second of QEMU user+sys CPU time, best of RUNS runs, runs interleaved so
# that machine load hits every binary alike).
#
#   bench.sh OUT_DIR NAME=QEMU[:CPU] ...
# Environment: RUNS (default 5), ITERS (default 200000000), WORKLOADS
# (default "plain events"; "pdis" needs a CPU with x-smpdis=true).
set -euo pipefail
out=$1; shift
runs=${RUNS:-5}
iters=${ITERS:-200000000}
top=$(cd "$(dirname "$0")/../.." && pwd)
cc=${CROSS_COMPILE:-riscv64-linux-gnu-}gcc
mkdir -p "$out"
WORKLOADS=${WORKLOADS:-plain events}
for b in plain events pdis; do
	$cc -nostdlib -static -I"$top/include" -Wl,--no-warn-rwx-segments \
		-Wl,-Ttext=0x80000000 -DBENCH_ITERS="$iters" \
		$([ $b = events ] && echo -DEVENTS) $([ $b = pdis ] && echo -DPDIS) \
		-o "$out/bench-$b.elf" "$top/tests/qemu-model/bench.S"
done
# 9.5 guest instructions per iteration (the odd/even branch alternates)
insns=$((iters * 19 / 2))

declare -A best
for ((r = 0; r < runs; r++)); do
	for spec in "$@"; do
		name=${spec%%=*} rest=${spec#*=}
		q=${rest%%:*} cpu=rv64,sscofpmf=true
		[ "$rest" != "$q" ] && cpu=${rest#*:}
		for b in $WORKLOADS; do
			t=$( { TIMEFORMAT='%U %S'; time timeout 300 "$q" -M virt \
				-cpu "$cpu" -smp 1 -m 256M -display none \
				-monitor none -serial none \
				-bios "$out/bench-$b.elf" >/dev/null 2>&1; } 2>&1 |
				tail -1 | awk '{ print $1 + $2 }')
			k="$name/$b"
			if [ -z "${best[$k]:-}" ] ||
			   awk -v a="$t" -v b="${best[$k]}" 'BEGIN { exit !(a < b) }'; then
				best[$k]=$t
			fi
		done
	done
done
printf '%-28s %10s %10s\n' binary/workload cpu-s guest-MIPS
for spec in "$@"; do
	name=${spec%%=*}
	for b in $WORKLOADS; do
		k="$name/$b"
		printf '%-28s %10.2f %10.0f\n' "$k" "${best[$k]}" \
			"$(awk -v n=$insns -v t="${best[$k]}" 'BEGIN { print n / t / 1e6 }')"
	done
done
