#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Run the PMU unit tests: first check that lib/pmu/ builds freestanding for
# RV64 (as the firmware builds it) with no writable globals and no outside
# symbols but the host interface and memset/memcpy/memcmp, then run the host
# test binary; print one combined "N passed, N failed" line.
#
# usage: run.sh UNIT_BIN RV64_BUILD_DIR TOP OBJ...
set -u
bin=$1 out=$2 top=$3
shift 3
cc=${CROSS_COMPILE:-riscv64-linux-gnu-}gcc
passed=0 failed=0

result() {	# result NAME STATUS
	if [ "$2" = 0 ]; then
		echo "ok - rv64: $1"; passed=$((passed + 1))
	else
		echo "FAIL - rv64: $1"; failed=$((failed + 1))
	fi
}

mkdir -p "$out"
objs=()
st=0
for o in "$@"; do
	src=$top/lib/pmu/${o%.o}.c
	"$cc" -march=rv64imac_zicsr_zifencei -mabi=lp64 -mcmodel=medany -O2 \
		-fPIE -ffreestanding -fno-common -nostdinc \
		-isystem "$("$cc" -print-file-name=include)" \
		-I"$top/include" -mstrict-align \
		-Wall -Wextra -Werror -c "$src" -o "$out/$o" || st=1
	objs+=("$out/$o")
done
result "lib/pmu builds freestanding (-Werror)" $st

if [ $st = 0 ]; then
	"${CROSS_COMPILE:-riscv64-linux-gnu-}ld" -r -o "$out/pmu.o" "${objs[@]}"
	bad=$("${CROSS_COMPILE:-riscv64-linux-gnu-}nm" -u "$out/pmu.o" |
		awk '{print $2}' |
		grep -v -E '^(pmu_host_(csr_read|csr_write|csr_probe|smem_allowed|smem_ptr|fw_platform_(valid|match|start|stop|read|write))|memset|memcpy|memcmp)$')
	[ -z "$bad" ]; result "only host interface and mem* are external${bad:+ (got: $bad)}" $?
	rw=$("${CROSS_COMPILE:-riscv64-linux-gnu-}size" -A "$out/pmu.o" |
		awk '$1 ~ /^\.(s?data|s?bss|tdata|tbss)/ && $2 > 0 {print $1}')
	[ -z "$rw" ]; result "no writable global state${rw:+ (got: $rw)}" $?
else
	result "only host interface and mem* are external" 1
	result "no writable global state" 1
fi

"$bin" | tee "$out/unit.log"
st=${PIPESTATUS[0]}
last=$(tail -n 1 "$out/unit.log")
if [[ $last =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
	passed=$((passed + BASH_REMATCH[1]))
	failed=$((failed + BASH_REMATCH[2]))
	[ $st = 0 ] || [ "${BASH_REMATCH[2]}" != 0 ] || failed=$((failed + 1))
else
	echo "FAIL - unit test binary did not finish (exit $st)"
	failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ $failed = 0 ]
