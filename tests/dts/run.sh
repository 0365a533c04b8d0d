#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Suite `dts` (mk/dts.mk): every dts/*.dts compiles with dtc; the firmware's
# riscv,pmu parser (lib/pmu/pmu_dt.c) takes each blob's PMU node; and each
# QEMU virt description says what QEMU itself generates for the -cpu and
# -smp named in its first comment line: same harts, ISA strings, PMU node,
# RAM, timebase and device addresses.
#
#   run.sh CHECKER OUT_DIR      (QEMU from the environment)
set -uo pipefail
export LC_ALL=C

top=$(cd "$(dirname "$0")/../.." && pwd)
checker=${1:?usage: run.sh CHECKER OUT_DIR}
out=${2:?usage: run.sh CHECKER OUT_DIR}
qemu=${QEMU:-$top/build/qemu/qemu-system-riscv64}
passed=0 failed=0

check() {	# check DESCRIPTION COMMAND...
	local d=$1; shift
	if "$@"; then echo "ok - $d"; passed=$((passed + 1))
	else echo "FAIL - $d"; failed=$((failed + 1)); fi
}

# props DTB: the facts compared with QEMU's own DT, one "path prop value"
# a line (cpu properties of every hart)
props() {
	local dtb=$1 p n r
	echo "ncpus $(fdtget -l "$dtb" /cpus | grep -c '^cpu@')"
	# keyed by hart id: QEMU names cpu nodes in decimal, dts/ in hex
	for n in $(fdtget -l "$dtb" /cpus | grep '^cpu@'); do
		r=$(fdtget "$dtb" /cpus/$n reg)
		for p in riscv,isa riscv,isa-extensions mmu-type; do
			echo "hart $r $p $(fdtget "$dtb" /cpus/$n $p)"
		done
	done | sort -n -k2,2 -s
	echo "/cpus timebase $(fdtget "$dtb" /cpus timebase-frequency)"
	for p in riscv,event-to-mhpmevent riscv,event-to-mhpmcounters \
		riscv,raw-event-to-mhpmcounters; do
		echo "/pmu $p $(fdtget "$dtb" /pmu $p)"
	done
	echo "memory $(fdtget "$dtb" /memory@80000000 reg)"
	for p in clint@2000000 serial@10000000 plic@c000000 test@100000; do
		echo "/soc/$p $(fdtget "$dtb" /soc/$p reg)"
	done
	echo "clint-irqs $(fdtget "$dtb" /soc/clint@2000000 interrupts-extended | wc -w)"
}

same_as_qemu() {	# same_as_qemu DTB CPU SMP
	local ref=$out/qemu-$(basename "$1")
	rm -f "$ref"
	"$qemu" -M virt,dumpdtb="$ref" -bios none -cpu "$2" -smp "$3" \
		-m 512M -display none >/dev/null 2>&1
	[ -s "$ref" ] || return 1
	diff <(props "$ref") <(props "$1") >"$out/$(basename "$1").diff"
}

mkdir -p "$out"
dtbs=()
for src in "$top"/dts/*.dts; do
	name=$(basename "$src" .dts)
	check "$name.dts compiles" \
		"$top/scripts/dts-build.sh" "$src" "$out/$name.dtb"
	[ -f "$out/$name.dtb" ] && dtbs+=("$out/$name.dtb")
done

"$checker" "${dtbs[@]}" >"$out/pmu-dt-check.out"
grep -E '^(ok|FAIL) - ' "$out/pmu-dt-check.out"
p=$(grep -c '^ok - ' "$out/pmu-dt-check.out")
f=$(grep -c '^FAIL - ' "$out/pmu-dt-check.out")
passed=$((passed + p)) failed=$((failed + f))
check "PMU parser check ran on ${#dtbs[@]} blobs" \
	grep -q "^$p passed, $f failed$" "$out/pmu-dt-check.out"

for src in "$top"/dts/qemu-virt-*.dts; do
	name=$(basename "$src" .dts)
	line=$(grep -m1 -oE 'QEMU virt: -cpu [^ ]+ -smp [0-9]+' "$src")
	[ -n "$line" ] || continue
	set -- $line
	[ -f "$out/$name.dtb" ] || continue
	check "$name: as QEMU describes -cpu $4 -smp $6 (harts, ISA, PMU, RAM, devices)" \
		same_as_qemu "$out/$name.dtb" "$4" "$6"
done

echo "dts: $passed passed, $failed failed"
[ "$failed" = 0 ]
