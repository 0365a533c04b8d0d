#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Run the PMU unit tests: first check that lib/pmu/ builds freestanding for
# RV64 and RV32 (as the firmware builds it) with no writable globals and no
# outside symbols but the host interface and memset/memcpy/memcmp (and, on
# RV32, the firmware's 64-bit shift helpers), then run the host test binary;
# print one combined "N passed, N failed" line. Also the bench check's
# host-only test (tests/bench/pathcheck_test.py) and the build cache's
# (tests/unit/cache_test.sh, scripts/lib/cache.sh) and qemu-run.sh's exit
# status (tests/unit/qemu_run_test.sh).
#
# usage: run.sh UNIT_BIN RV64_BUILD_DIR TOP OBJ...
set -u
bin=$1 out=$2 top=$3
shift 3
cc=${CROSS_COMPILE:-riscv64-linux-gnu-}gcc
passed=0 failed=0

result() {	# result NAME STATUS
	if [ "$2" = 0 ]; then
		echo "ok - $1"; passed=$((passed + 1))
	else
		echo "FAIL - $1"; failed=$((failed + 1))
	fi
}

# freestanding XLEN OUT MARCH MABI LD_EMULATION EXTRA_ALLOWED: the three
# checks for one XLEN
freestanding() {
	local x=$1 dir=$2 march=$3 mabi=$4 emul=$5 extra=$6 objs=() st=0 o src bad rw

	mkdir -p "$dir"
	for o in "${pmu_objs[@]}"; do
		src=$top/lib/pmu/${o%.o}.c
		"$cc" -march="$march" -mabi="$mabi" -mcmodel=medany -O2 \
			-fPIE -ffreestanding -fno-common -nostdinc \
			-isystem "$("$cc" -print-file-name=include)" \
			-I"$top/include" -mstrict-align \
			-Wall -Wextra -Werror -c "$src" -o "$dir/$o" || st=1
		objs+=("$dir/$o")
	done
	result "$x: lib/pmu builds freestanding (-Werror)" $st
	if [ $st != 0 ]; then
		result "$x: only host interface and mem* are external" 1
		result "$x: no writable global state" 1
		return
	fi
	"${CROSS_COMPILE:-riscv64-linux-gnu-}ld" -m "$emul" -r -o "$dir/pmu.o" "${objs[@]}"
	bad=$("${CROSS_COMPILE:-riscv64-linux-gnu-}nm" -u "$dir/pmu.o" |
		awk '{print $2}' |
		grep -v -E "^(pmu_host_(csr_read|csr_write|csr_probe|smem_allowed|smem_ptr|fw_platform_(valid|match|start|stop|read|write))|memset|memcpy|memcmp$extra)\$")
	[ -z "$bad" ]; result "$x: only host interface and mem* are external${bad:+ (got: $bad)}" $?
	rw=$("${CROSS_COMPILE:-riscv64-linux-gnu-}size" -A "$dir/pmu.o" |
		awk '$1 ~ /^\.(s?data|s?bss|tdata|tbss)/ && $2 > 0 {print $1}')
	[ -z "$rw" ]; result "$x: no writable global state${rw:+ (got: $rw)}" $?
}

pmu_objs=("$@")
freestanding rv64 "$out" rv64imac_zicsr_zifencei lp64 elf64lriscv ''
# RV32: also the 64-bit shifts the firmware provides (lib/sbi/sbi_libgcc32.c);
# no 64-bit division (there is no RV32 libgcc to link)
freestanding rv32 "$out/rv32" rv32imac_zicsr_zifencei ilp32 elf32lriscv \
	'|__ashldi3|__lshrdi3'

# part LOG WHAT CMD...: run a test program, add up its closing line
part() {
	local log=$1 what=$2 st last
	shift 2
	"$@" | tee "$log"
	st=${PIPESTATUS[0]}
	last=$(tail -n 1 "$log")
	if [[ $last =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
		passed=$((passed + BASH_REMATCH[1]))
		failed=$((failed + BASH_REMATCH[2]))
		[ $st = 0 ] || [ "${BASH_REMATCH[2]}" != 0 ] || failed=$((failed + 1))
	else
		echo "FAIL - $what did not finish (exit $st)"
		failed=$((failed + 1))
	fi
}

part "$out/unit.log" "unit test binary" "$bin"
# the bench check (`make bench`) against the committed docs/performance.md
part "$out/pathcheck.log" "bench check test" \
	"${PYTHON:-/usr/bin/python3}" "$top/tests/bench/pathcheck_test.py" \
	"$top/docs/performance.md"
# the build cache library (scripts/lib/cache.sh) in a throwaway directory
part "$out/cache.log" "build cache test" "$top/tests/unit/cache_test.sh" "$top"
# scripts/qemu-run.sh's exit status, with a stand-in for QEMU
part "$out/qemu-run.log" "qemu-run test" "$top/tests/unit/qemu_run_test.sh" "$top"
echo "$passed passed, $failed failed"
[ $failed = 0 ]
