#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Linux's KVM selftest riscv/sbi_pmu_test (from the same kernel version's
# source, scripts/build-kvm-selftests.sh) on Debian's own riscv64 kernel
# and kvm.ko (trixie's 6.12 or sid's 7.2, DEBIAN_SUITE;
# scripts/build-debian-guest.sh), booted on Tally in QEMU with
# -cpu max (the H extension, Sscofpmf; KVM_CPU=... for another CPU). The
# KVM guest's SBI PMU is KVM's (arch/riscv/kvm/vcpu_pmu.c); it counts with
# host perf events, which the host's riscv-pmu-sbi driver runs on Tally's
# SBI PMU, and an overflow in the guest is a host LCOFI that Tally's
# counters raised. Without Sscofpmf on the host, KVM 6.12 offers its
# guests no SBI PMU and all four tests skip, which fails here
# (KVM_CPU=max,sscofpmf=false).
#   - kvm.ko loads and /dev/kvm exists;
#   - the host driver probes Tally's PMU with the SBI snapshot;
#   - each of the selftest's four tests (basic, events, snapshot, overflow)
#     runs alone (6.12's: -d the other three; 7.x's: -t the one, and -n 1
#     for overflow)
#     under a hard timeout, exits 0 and prints its PASS line;
#   - while the overflow test runs, the host takes 2 PMU overflow
#     interrupts (2-4 accepted; the guest's cycles and instructions
#     counters each overflow once), none during the other three;
#   - no kernel warning, and the guest powers off.
# Then the same boot on each of Debian's OpenSBI builds (1.5.1, the host's
# package; sid's 1.9: tests/debian/lib.sh) for comparison: each test gives
# the same result there as on Tally, and the host driver finds no SBI
# snapshot (neither has one; the KVM guest's snapshot is KVM's own, so its
# snapshot test passes anyway). Skipped when that firmware is not there.
#
# The selftest reaches the guest in a second cpio archive appended to
# the guest's initramfs.cpio.gz (the kernel unpacks concatenated
# archives), so build-debian-guest.sh does not know about it.
# QEMU: $QEMU, else Debian's (/usr/bin, 10.0.2 from bookworm-backports),
# else the project's (build/qemu). The project's QEMU runs with -icount
# shift=0 (KVM_ICOUNT=1; the overflow test then takes some 2.5 min):
# without it, its cycle/instret-class counters count host ticks and
# overflow late (docs/qemu-model.md); a wrap found only when Linux stops
# the counter at a vCPU switch raises an LCOFI for an event already
# removed, the host drops it and the KVM guest never gets its overflow
# (the overflow test failed about half of its runs on Tally and on
# OpenSBI 1.5.1 alike). Debian's QEMU (no -icount) passed every run.
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-900}
# one sbi_pmu_test run (the overflow test alone waits 2 x 2 s in the guest)
KVM_TIMEOUT=${KVM_TIMEOUT:-300}
# the CPU of both boots (max,sscofpmf=false: KVM offers no SBI PMU, all skip)
KVM_CPU=${KVM_CPU:-max}
LOG_DIR=${LOG_DIR:-${BUILD:-$TOP/build}/test-logs/debian}
. "$TOP/tests/linux/lib.sh"
. "$TOP/tests/debian/lib.sh"

TESTS="basic events snapshot overflow"
DEBIAN_QEMU=/usr/bin/qemu-system-riscv64
if [ -z "${QEMU:-}" ]; then
	QEMU=$DEBIAN_QEMU
	[ -x "$QEMU" ] || QEMU=$BUILD/qemu/qemu-system-riscv64
fi
export QEMU FW_DYNAMIC=$TALLY_FW
if [ -z "${KVM_ICOUNT:-}" ]; then
	KVM_ICOUNT=1
	[ "$QEMU" = "$DEBIAN_QEMU" ] && KVM_ICOUNT=0
fi
boot=(--cpu "$KVM_CPU" --smp 2)
[ "$KVM_ICOUNT" = 1 ] && boot+=(--icount)

# pass_line TEST: what sbi_pmu_test prints when TEST passed.
pass_line() {
	case $1 in
	basic) echo "SBI PMU basic test : PASS" ;;
	events) echo "SBI PMU event verification test : PASS" ;;
	snapshot) echo "SBI PMU event verification with snapshot test : PASS" ;;
	overflow) echo "SBI PMU event verification with overflow test : PASS" ;;
	esac
}

# result TEST: PASS (exit status 0 and the PASS line), SKIP (status 4,
# KSFT_SKIP), none (it did not run), else FAIL(<status>).
result() {
	local rc
	rc=$(value "rc $1")
	if [ "$rc" = 0 ] && has "^T:$1 $(pass_line "$1")$"; then
		echo PASS
	elif [ -z "$rc" ]; then
		echo none
	elif [ "$rc" = 4 ]; then
		echo SKIP
	else
		echo "FAIL($rc)"
	fi
}

[ -e "$KERNEL" ] && [ -e "$INITRAMFS" ] ||
	"$TOP/scripts/build-debian-guest.sh" --suite "$DEBIAN_SUITE" >&2 ||
	echo "[kvm-test] scripts/build-debian-guest.sh failed"
"$TOP/scripts/build-kvm-selftests.sh" --suite "$DEBIAN_SUITE" >&2 ||
	echo "[kvm-test] scripts/build-kvm-selftests.sh failed"

work=$(mktemp -d "${TMPDIR:-/tmp}/kvm-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
# only the file: the first archive has /usr/bin, whose mode stays as it is
if [ -e "$DEBIAN_DIR/sbi_pmu_test" ] && [ -e "$INITRAMFS" ]; then
	mkdir -p "$work/root/usr/bin"
	cp -L "$DEBIAN_DIR/sbi_pmu_test" "$work/root/usr/bin/sbi_pmu_test"
	(cd "$work/root" && echo usr/bin/sbi_pmu_test |
		cpio --quiet -o -H newc -R 0:0 | gzip -n) >"$work/selftest.cpio.gz"
	cat "$INITRAMFS" "$work/selftest.cpio.gz" >"$work/initrd"
fi
export INITRAMFS=$work/initrd

# The selftest finds its own ELF through argv[0]: run it by its full path.
guest="
insmod /usr/lib/modules/*/kvm.ko
echo \"T:insmod \$?\"
[ -c /dev/kvm ] && echo 'T:devkvm yes'
dmesg | grep -e riscv-pmu -e 'kvm \\[' | sed 's/^/T:dmesg /'
# 6.12's selftest disables the others (-d), 7.x's picks one (-t), and
# overflows each counter -n times (default 5): once, as 6.12's does
new=
/usr/bin/sbi_pmu_test -h 2>&1 | grep -q -- '-t <test name>' && new=1
for t in $TESTS; do
	d=
	for o in $TESTS; do [ \$o = \$t ] || d=\"\$d -d \$o\"; done
	[ -z \"\$new\" ] || d=\"-t \$t\"
	[ -z \"\$new\" ] || [ \$t != overflow ] || d=\"\$d -n 1\"
	i0=\$(irqs riscv-pmu)
	timeout -s KILL $KVM_TIMEOUT /usr/bin/sbi_pmu_test \$d >/tmp/out 2>&1
	rc=\$?
	i1=\$(irqs riscv-pmu)
	sed \"s/^/T:\$t /\" /tmp/out
	echo \"T:rc \$t \$rc\"
	echo \"T:lcofi \$t \$((i1 - i0))\"
done
"

# --- Tally ---
run_guest kvm-tally "$guest" "${boot[@]}"
declare -A tally
for t in $TESTS; do
	tally[$t]=$(result "$t")
	echo "[kvm-test] Tally: $t ${tally[$t]}, host PMU interrupts during it: $(value "lcofi $t")"
done
has '^T:dmesg .*riscv-pmu-sbi: [0-9]+ firmware and [0-9]+ hardware counters' &&
	echo "[kvm-test] Tally host:$(sed -n 's/^T:dmesg .*riscv-pmu-sbi:\( [0-9]* firmware and [0-9]* hardware counters\)$/\1/p' <<<"$LOG_TEXT")"

check "booted on Tally" has '^Tally firmware'
check "kvm.ko loaded (insmod status 0)" has '^T:insmod 0$'
check "/dev/kvm exists" has '^T:devkvm yes$'
check "host riscv-pmu-sbi uses Tally's SBI PMU snapshot" \
	has '^T:dmesg .*riscv-pmu-sbi: SBI PMU snapshot detected'
for t in $TESTS; do
	check "sbi_pmu_test $t: exit status 0 and '$(pass_line "$t")'" \
		[ "${tally[$t]}" = PASS ]
done
check "host took 2-4 PMU overflow interrupts during the overflow test (2 expected)" \
	between "$(value "lcofi overflow")" 2 4
check "host took no PMU overflow interrupt during basic, events, snapshot" \
	eval '[ "$(value "lcofi basic") $(value "lcofi events") $(value "lcofi snapshot")" = "0 0 0" ]'
check "no kernel warning, BUG or oops" hasnt '(WARNING:|BUG:|Oops|Call Trace)'
check_poweroff

# --- Debian's OpenSBI builds, for comparison ---
# reference TAG FW NAME: the same boot on that firmware, each test as on Tally
reference() {
	local tag=$1 fw=$2 name=$3 t
	FW_DYNAMIC=$fw run_guest "kvm-$tag" "$guest" "${boot[@]}"
	for t in $TESTS; do
		echo "[kvm-test] $name: $t $(result "$t"), host PMU interrupts during it: $(value "lcofi $t")"
	done
	has '^T:dmesg .*riscv-pmu-sbi: [0-9]+ firmware and [0-9]+ hardware counters' &&
		echo "[kvm-test] $name host:$(sed -n 's/^T:dmesg .*riscv-pmu-sbi:\( [0-9]* firmware and [0-9]* hardware counters\)$/\1/p' <<<"$LOG_TEXT")"
	# OpenSBI's implementation ID is 1
	check "$name: booted on it, kvm.ko loaded" \
		eval 'has "SBI implementation ID=0x1 Version=" && has "^T:insmod 0$"'
	for t in $TESTS; do
		check "$name: $t gives the same result as on Tally (${tally[$t]})" \
			[ "$(result "$t")" = "${tally[$t]}" ]
	done
	check "$name: host riscv-pmu-sbi without SBI snapshot (the guest's is KVM's)" \
		eval 'has "^T:dmesg .*riscv-pmu-sbi: SBI PMU extension is available" &&
			hasnt "^T:dmesg .*SBI PMU snapshot detected"'
}
each_reference reference

summary
