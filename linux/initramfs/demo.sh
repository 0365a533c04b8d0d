#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# `make run`: a short perf tour on Tally's SBI PMU. Every perf call runs
# under a hard timeout: SIGKILL, since perf 6.12 loops forever without
# Sscofpmf (perf record) and its SIGTERM handler does not stop that loop.
T=60
run() {
	echo
	echo "### $*"
	timeout -s KILL $T "$@"
	rc=$?
	[ $rc = 0 ] || echo "### exit status $rc"
}

echo "### PMU: $(dmesg | grep -m1 'riscv-pmu-sbi: .*counters' || echo 'riscv-pmu-sbi not probed')"
run perf stat -e cycles,instructions tally-loop 10000000
run perf stat -e cycles,instructions,dTLB-load-misses,dTLB-store-misses,iTLB-load-misses tally-mem 16 4
# SBI firmware events (r8000000000000000 | code): 6 IPI_SENT, 7 IPI_RECEIVED,
# 12 SFENCE_VMA_ASID_SENT, 13 SFENCE_VMA_ASID_RECEIVED; on every hart.
run perf stat -a -e r8000000000000006,r8000000000000007,r800000000000000c,r800000000000000d tally-ipi 500
