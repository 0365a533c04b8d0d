#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Suite `boot` (mk/tests-boot.mk lists the runs): boot images and device
# trees that lack something. Payload runs print their own ok/FAIL lines;
# the checks on boot logs here add theirs. Ends with
#   boot: N passed, N failed[, N skipped]
#
# Environment: QEMU FW_DYNAMIC FW_JUMP BOOT_OUT LOG_DIR SBI_PAYLOAD
# HARTS_PAYLOAD PMU_PAYLOAD DTB_DIR BOOT_FDT_ADDR FW_PROD_ELF NM
# (mk/tests-boot.mk sets them; FW_DYNAMIC is the test image, FW_TEST=1).
set -uo pipefail
export LC_ALL=C

top=$(cd "$(dirname "$0")/../.." && pwd)
passed=0 failed=0 skipped=0
SBI_CPU=rv64,sscofpmf=true,smcntrpmf=true
mkdir -p "$LOG_DIR" "$BOOT_OUT"

check() {	# check DESCRIPTION COMMAND...
	local d=$1; shift
	if "$@"; then echo "ok - $d"; passed=$((passed + 1))
	else echo "FAIL - $d"; failed=$((failed + 1)); fi
}

# has LOG REGEX: a line of the console log matches
# (grep reads to the end: with -q it could stop early, tr then dies of
# SIGPIPE on a long log and pipefail turns the match into a failure)
has() { tr -d '\r' <"$1" | grep -aE -- "$2" >/dev/null; }

# payload NAME run-payload.sh args...: a payload run, counted
payload() {
	local name=$1 last p f s
	shift
	# (no tee /dev/stderr: with stderr a file, as in make check's suite
	# logs, tee would reopen and truncate it)
	last=$(QEMU=$QEMU "$top/scripts/run-payload.sh" --name "$name" \
		--log-dir "$LOG_DIR" "$@")
	printf '%s\n' "$last"
	last=$(tail -1 <<<"$last")
	p=$(sed -n 's/.*: \([0-9]*\) passed.*/\1/p' <<<"$last")
	f=$(sed -n 's/.* \([0-9]*\) failed.*/\1/p' <<<"$last")
	s=$(sed -n 's/.* \([0-9]*\) skipped.*/\1/p' <<<"$last")
	passed=$((passed + ${p:-0})) failed=$((failed + ${f:-1}))
	skipped=$((skipped + ${s:-0}))
}

# boot NAME TIMEOUT qemu-run.sh args...: a run judged by its log; sets rc
boot() {
	local name=$1 t=$2
	shift 2
	QEMU=$QEMU "$top/scripts/qemu-run.sh" --timeout "$t" "$@" \
		>"$LOG_DIR/$name.log" 2>&1
	rc=$?
}

dtb() { echo "$DTB_DIR/$1.dtb"; }

# The test machinery (FW_TEST=1) is in the test image and none of it in
# the production one: the functions of the test channel, of emulated
# suspend loss and of trigger scrambling, and the channel's bootargs word.
TEST_SYMS="sbi_ecall_test sbi_test_channel_init sbi_test_channel_enabled
	sbi_suspend_loss_init sbi_suspend_loss_enabled sbi_suspend_lose_state
	sbi_dbtr_hart_scramble boot_checksum"
syms_of() { "$NM" "$1" | awk '{ print $NF }' | sort -u; }
in_syms() {	# in_syms ELF: how many of TEST_SYMS it has
	comm -12 <(syms_of "$1") <(tr -s ' \t\n' '\n' <<<"$TEST_SYMS" | sort -u) | wc -l
}
n_syms=$(wc -w <<<"$TEST_SYMS")
test_elf=${FW_DYNAMIC%.bin}.elf
n=$(in_syms "$test_elf")
check "test image $(basename "$(dirname "$test_elf")")/fw_dynamic.elf has all $n_syms test symbols ($n)" \
	[ "$n" = "$n_syms" ]
n=$(in_syms "$FW_PROD_ELF")
check "production image firmware/fw_dynamic.elf has none of the $n_syms test symbols ($n)" \
	eval '[ -s "$FW_PROD_ELF" ] && [ "$n" = 0 ]'
check "production image: no \"tally.test\" string (test image: $(grep -c tally.test "$test_elf"))" \
	eval '! grep -q tally.test "$FW_PROD_ELF" && grep -q tally.test "$test_elf"'

# fw_payload: the SBI suite inside the image, QEMU loads no kernel
payload boot-fw-payload --bios "$BOOT_OUT/fw_payload_sbi.bin" --in-firmware \
	--cpu $SBI_CPU --smp 4 "$SBI_PAYLOAD"
check "fw_payload: the firmware says so and enters the payload linked in at 0x80200000" \
	has "$LOG_DIR/boot-fw-payload.log" "^Next stage +: 0x80200000 in S-mode"
check "fw_payload: banner names the variant" \
	has "$LOG_DIR/boot-fw-payload.log" "Tally firmware [0-9.]+ \(fw_payload\)"

# fw_payload with the Linux kernel: it starts and runs to init (there is
# no root file system: QEMU loads no initrd without -kernel)
if [ -n "${FW_PAYLOAD_LINUX:-}" ]; then
	kdtb=$BOOT_OUT/fw-payload-linux.dtb
	cp "$(dtb qemu-virt-sscofpmf-4)" "$kdtb" &&
		fdtput -t s "$kdtb" /chosen bootargs "console=ttyS0 earlycon panic=-1"
	boot boot-fw-payload-linux 120 --bios "$FW_PAYLOAD_LINUX" --cpu $SBI_CPU \
		--smp 4 -- -dtb "$kdtb" -no-reboot
	l=$LOG_DIR/boot-fw-payload-linux.log
	check "fw_payload + Linux: the firmware enters the kernel linked in" \
		has "$l" "^Next stage +: 0x80200000 in S-mode"
	check "fw_payload + Linux: the kernel starts" has "$l" "Linux version 6\.12"
	check "fw_payload + Linux: all 4 harts come up" \
		has "$l" "smp: Brought up 1 node, 4 CPUs$"
	check "fw_payload + Linux: it runs to init (none there), then QEMU stops" \
		eval 'has "$l" "Kernel panic - not syncing: No working init found" && [ "$rc" = 0 ]'
else
	echo "SKIP - fw_payload + Linux (no kernel: make linux)"
	skipped=$((skipped + 1))
fi

# fw_jump with FW_JUMP_FDT_ADDR: the payload finds the DT moved there
payload boot-fw-jump-fdt --bios "$BOOT_OUT/fw_jump_fdt.bin" --cpu $SBI_CPU \
	--smp 4 --append tally.test "$SBI_PAYLOAD"
a=$(printf '0x%x' "$BOOT_FDT_ADDR")
check "fw_jump FW_JUMP_FDT_ADDR: the next stage gets the DT at $a" \
	has "$LOG_DIR/boot-fw-jump-fdt.log" "^# payload: boot hart [0-9]+, fdt $a,"
check "fw_jump FW_JUMP_FDT_ADDR: the banner says DT at $a" \
	has "$LOG_DIR/boot-fw-jump-fdt.log" "DT at $a$"

# the .elf image as QEMU's -bios (as Debian's opensbi package offers it):
# QEMU loads an ELF where it is linked, so that must be the DRAM base
payload boot-fw-dynamic-elf --bios "${FW_DYNAMIC%.bin}.elf" --cpu $SBI_CPU \
	--smp 4 --append tally.test "$SBI_PAYLOAD"
check "fw_dynamic.elf as -bios: loaded at 0x80000000, where it is linked" \
	has "$LOG_DIR/boot-fw-dynamic-elf.log" "^Firmware region : 0x80000000-"

# loaded 16 MiB above its link address: it relocates itself, finds the DT
# at FW_JUMP_FDT_ADDR (a1 holds none) and the SBI groups run that do not
# take 0x80000000 for firmware memory (the others do). QEMU's
# generic loader puts it there, without -bios: Debian's QEMU has that
# device (make deps installs it), the project's build leaves it out.
LOADER_QEMU=${LOADER_QEMU:-/usr/bin/qemu-system-riscv64}
rdtb=$BOOT_OUT/relocated.dtb
$LOADER_QEMU -M virt,dumpdtb="$rdtb" -cpu $SBI_CPU -smp 1 -m 512M -nographic >/dev/null 2>&1 &&
	fdtput -t s "$rdtb" /chosen bootargs "tally.test sbi.only=base sbi.only=time sbi.only=ipi sbi.only=rfence sbi.only=hsm"
QEMU=$LOADER_QEMU boot boot-relocated 120 --bios none --cpu $SBI_CPU --smp 1 -- \
	-device loader,file="$rdtb",addr=$BOOT_FDT_ADDR \
	-device loader,file="$SBI_PAYLOAD" \
	-device loader,file="$BOOT_OUT/fw_jump_fdt.bin",addr=0x81000000 \
	-device loader,addr=0x81000000,cpu-num=0
check "loaded at 0x81000000, not where linked: it relocates itself and says so" \
	has "$LOG_DIR/boot-relocated.log" "^Firmware region : 0x81000000-"
check "loaded at 0x81000000: the SBI groups that assume no firmware address pass" \
	has "$LOG_DIR/boot-relocated.log" "^[1-9][0-9]* passed, 0 failed"

# no CLINT: said at boot, the boot hart alone is served, the suite passes
payload boot-no-clint --bios "$FW_DYNAMIC" --cpu $SBI_CPU --smp 4 \
	--append tally.test "$SBI_PAYLOAD" -- -dtb "$(dtb qemu-virt-noclint)"
check "no CLINT: a boot message says no IPIs, only the boot hart" \
	has "$LOG_DIR/boot-no-clint.log" "^tally: no CLINT/ACLINT MSWI in the DT: no IPIs, only the boot hart is served$"
check "no CLINT: one hart served" \
	has "$LOG_DIR/boot-no-clint.log" "^Harts +: 1 \("

# "tally.test" turns the channel on as a whole bootargs word only, first,
# last or between others; words that merely contain it do not
words() {	# words NAME BOOTARGS: the harts payload on 4 harts
	payload "$1" --bios "$FW_DYNAMIC" --cpu $SBI_CPU --smp 4 \
		--append "$2" "$HARTS_PAYLOAD"
}
words boot-test-word-not "notally.test tally.tests xtally.testx harts.expect=4"
check "bootargs with notally.test, tally.tests, xtally.testx: no test channel" \
	eval '! has "$LOG_DIR/boot-test-word-not.log" "^Test channel"'
words boot-test-word-mid "harts.expect=4 tally.test notally.testing"
check "bootargs with the word tally.test between others: test channel on" \
	has "$LOG_DIR/boot-test-word-mid.log" "^Test channel +: enabled"

# no console: nothing to print on, yet a payload starting every hart
# (IPIs, HSM, fences) runs to a clean end ("exit-status": a failed check
# would make QEMU exit non-zero)
boot boot-no-console 120 --bios "$FW_DYNAMIC" --cpu $SBI_CPU --smp 4 \
	--kernel "$HARTS_PAYLOAD" --append "tally.test exit-status harts.expect=4" \
	-- -dtb "$(dtb qemu-virt-noconsole)"
check "no console: the harts payload passed and powered off (QEMU status $rc)" \
	[ "$rc" = 0 ]
check "no console: nothing was written to the UART the DT does not name" \
	[ ! -s "$LOG_DIR/boot-no-console.log" ]

# stdout-path naming a device that is no UART: a message, the first UART
other=$BOOT_OUT/stdout-other.dtb
cp "$(dtb qemu-virt-sscofpmf-4)" "$other" &&
	fdtput -t s "$other" /chosen stdout-path /soc/rtc@101000
payload boot-stdout-other --bios "$FW_DYNAMIC" --cpu $SBI_CPU --smp 4 \
	--append tally.test "$SBI_PAYLOAD" -- -dtb "$other"
check "stdout-path names no UART: a boot message, console on the first UART" \
	has "$LOG_DIR/boot-stdout-other.log" "^tally: stdout-path names no ns16550/8250 or SiFive UART: console on the first one in the DT$"

# the next stage where the harts' areas would follow the image: they go
# to a PMP region of their own at the top of RAM, below the DT
boot boot-harts-high 4 --bios "$BOOT_OUT/fw_jump_noroom.bin" --cpu $SBI_CPU --smp 4
l=$LOG_DIR/boot-harts-high.log
check "next stage right after the image: the harts' areas get a region at the top of RAM" \
	has "$l" "^Harts region +: 0x9fdf0000-0x9fdfffff \(PMP\)$"
check "next stage right after the image: the image's PMP region stops before it" \
	has "$l" "^Firmware region : 0x80000000-0x8001ffff "
check "next stage right after the image: the firmware boots it" \
	has "$l" "^Next stage +: 0x80030000 in S-mode"
# the DT moved right after the image (fw_jump FW_JUMP_FDT_ADDR=0x80030000):
# the areas go high and the SBI groups that start, stop and signal harts
# and fence them run on them
payload boot-harts-high-sbi --bios "$BOOT_OUT/fw_jump_lowfdt.bin" --cpu $SBI_CPU \
	--smp 4 --append "tally.test sbi.only=hsm sbi.only=ipi sbi.only=rfence" "$SBI_PAYLOAD"
check "DT right after the image: the harts' areas at the top of RAM" \
	has "$LOG_DIR/boot-harts-high-sbi.log" "^Harts region +: 0x9fff0000-0x9fffffff \(PMP\)$"

# the same in a DT whose RAM ends right after that next stage: no room
small=$BOOT_OUT/small-ram.dtb
cp "$(dtb qemu-virt-sscofpmf-4)" "$small" &&
	fdtput -t x "$small" /memory@80000000 reg 0 0x80000000 0 0x40000
boot boot-no-room 4 --bios "$BOOT_OUT/fw_jump_noroom.bin" --cpu $SBI_CPU \
	--smp 4 -- -dtb "$small"
check "no room anywhere for the harts' state: the firmware says how much it needed" \
	has "$LOG_DIR/boot-no-room.log" "^tally: 4 harts need 52 KiB \(12 KiB each\): after the image they reach the next stage, at the top of RAM they lie below the next stage"
check "no room anywhere for the harts' state: it refuses to boot" \
	has "$LOG_DIR/boot-no-room.log" "^tally: cannot boot: no room for the harts' state$"

# the boot hart disabled in the DT
off=$BOOT_OUT/boot-hart-off.dtb
cp "$(dtb qemu-virt-sscofpmf-4)" "$off" &&
	fdtput -t s "$off" /cpus/cpu@0 status disabled
boot boot-hart-off 4 --bios "$FW_DYNAMIC" --cpu $SBI_CPU --smp 4 \
	--kernel "$SBI_PAYLOAD" -- -dtb "$off"
check "boot hart disabled in the DT: a clear refusal" \
	has "$LOG_DIR/boot-hart-off.log" "^tally: cannot boot: the boot hart is not an enabled cpu of the device tree$"

# QEMU virt's maximum of 512 harts (tests/harts), one host thread for
# them all (TCG round robin: the harts must sleep, not spin, while they
# wait). fw_jump with QEMU's own DT: every hart started through HSM.
MANY=(--cpu $SBI_CPU --smp 512 --timeout 300)
payload boot-harts-512 "${MANY[@]}" --bios "$FW_JUMP" \
	--append "tally.test harts.expect=512" "$HARTS_PAYLOAD" \
	-- -accel tcg,thread=single
check "512 harts: the firmware serves them all (banner)" \
	has "$LOG_DIR/boot-harts-512.log" "^Harts +: 512 \(ids 0-511, "
# fw_dynamic, sparse ids: the DT names 177 of the 512 harts, up to id 511
# (dts/qemu-virt-sparse-512.dts); the other 335 are never served
payload boot-harts-sparse-512 "${MANY[@]}" --bios "$FW_DYNAMIC" \
	--append "tally.test harts.expect=177 harts.gaps=335" "$HARTS_PAYLOAD" \
	-- -dtb "$(dtb qemu-virt-sparse-512)" -accel tcg,thread=single
check "512 harts, 177 in the DT: the firmware serves those (banner)" \
	has "$LOG_DIR/boot-harts-sparse-512.log" "^Harts +: 177 \(ids 0x0,0x1,"

# QEMU sifive_u -smp 5, its own DT: hart 0 is the E51 monitor core (no
# S-mode, no mmu-type), parked and refused by HSM; harts 1-4 (U54) are
# served, whichever image boots. No power-off device: the payloads end with
# an SRST reboot (reboot-exit), which ends QEMU (-no-reboot).
SU=(--machine sifive_u --smp 5)
for fw in dynamic jump; do
	img=$FW_DYNAMIC; [ $fw = jump ] && img=$FW_JUMP
	payload boot-sifive-u-$fw "${SU[@]}" --bios "$img" \
		--append "tally.test reboot-exit harts.expect=4 harts.disabled=1" \
		"$HARTS_PAYLOAD"
	check "sifive_u fw_$fw: the firmware serves harts 1-4 (banner)" \
		has "$LOG_DIR/boot-sifive-u-$fw.log" "^Harts +: 4 \(ids 0x1,0x2,0x3,0x4, "
	check "sifive_u fw_$fw: hart 0 (no mmu-type) is parked" \
		has "$LOG_DIR/boot-sifive-u-$fw.log" "^tally: 1 DT harts have no S-mode \(no mmu-type\): parked, not served$"
done
# the PMU of QEMU's sifive-u54 (privileged spec 1.10, no mcountinhibit):
# the 32 firmware counters, no hardware counter (under icount the run's
# work is fixed: the timeout only guards against a hang, on a busy host too)
payload boot-sifive-u-pmu "${SU[@]}" --icount --timeout 600 --bios "$FW_DYNAMIC" \
	--append "tally.test reboot-exit pmu.num=32 pmu.hw=0 pmu.no-time-csr" "$PMU_PAYLOAD"

# QEMU spike: no UART, HTIF (lib/utils/serial/htif.c) is the console and
# the power-off; the SBI suite ends with an SRST shutdown through it
payload boot-spike --machine spike --bios "$FW_DYNAMIC" --append "tally.test" "$SBI_PAYLOAD"
check "spike: firmware banner on the HTIF console, SRST and DBCN served" \
	has "$LOG_DIR/boot-spike.log" "^SBI extensions +:.* SRST .*DBCN"

if [ "$skipped" -gt 0 ]; then
	echo "boot: $passed passed, $failed failed, $skipped skipped"
else
	echo "boot: $passed passed, $failed failed"
fi
[ "$failed" = 0 ]
