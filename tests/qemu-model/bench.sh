#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Guest speed of QEMU binaries on tests/qemu-model/bench.S (see
# docs/qemu-model.md, docs/performance.md). Prints guest MIPS (million
# guest instructions per second of QEMU user+sys CPU time), the median of
# RUNS runs, runs interleaved so that machine load hits every binary alike.
#
#   bench.sh OUT_DIR NAME=QEMU[:CPU] ...
# Environment: RUNS (default 5), ITERS (default 200000000), WORKLOADS
# (default "plain events"; "pdis" runs only where CPU has x-smpdis=true),
# BENCH_CSV (also write NAME,WORKLOAD,CPU_S,MIPS lines there).
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

# workloads SPEC: the workloads this binary/CPU can run
workloads() {
	local b
	for b in $WORKLOADS; do
		case $b:$1 in pdis:*x-smpdis=true*|plain:*|events:*) echo "$b" ;; esac
	done
}

# cpu_time QEMU CPU WORKLOAD: user+sys seconds of one run
cpu_time() {
	{ TIMEFORMAT='%U %S'; time timeout 300 "$1" -M virt -cpu "$2" -smp 1 \
		-m 256M -display none -monitor none -serial none \
		-bios "$out/bench-$3.elf" >/dev/null 2>&1; } 2>&1 |
		tail -1 | awk '{ print $1 + $2 }'
}

for spec in "$@"; do
	q=${spec#*=} q=${q%%:*}
	[ -x "$q" ] || { echo "bench.sh: no QEMU binary $q" >&2; exit 2; }
done

declare -A times
for ((r = 0; r < runs; r++)); do
	for spec in "$@"; do
		name=${spec%%=*} rest=${spec#*=}
		q=${rest%%:*} cpu=rv64,sscofpmf=true
		[ "$rest" != "$q" ] && cpu=${rest#*:}
		for b in $(workloads "$cpu"); do
			times[$name/$b]+="$(cpu_time "$q" "$cpu" "$b") "
		done
	done
done

median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

printf '%-28s %10s %10s\n' binary/workload cpu-s guest-MIPS
[ -n "${BENCH_CSV:-}" ] && : >"$BENCH_CSV"
for spec in "$@"; do
	name=${spec%%=*} rest=${spec#*=}
	for b in $(workloads "${rest#*:}"); do
		t=$(median <<<"${times[$name/$b]}")
		mips=$(awk -v n=$insns -v t="$t" 'BEGIN { printf "%.0f", n / t / 1e6 }')
		printf '%-28s %10.2f %10s\n' "$name/$b" "$t" "$mips"
		[ -z "${BENCH_CSV:-}" ] || echo "$name,$b,$t,$mips" >>"$BENCH_CSV"
	done
done
