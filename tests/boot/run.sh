#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Suite `boot`: boot images and device trees that lack something. One run
# of the suite (mk/tests-boot.mk lists them as RUN.boot.<name> lines of the
# run table, mk/runner.mk):
#
#   run.sh [--brief] [--name NAME] [--log-dir D] RUN [ARG]
#
# RUN is one of the run_* functions below (with '-' for '_'). Payload runs
# print their own ok/FAIL lines; the checks on boot logs here add theirs.
# Ends with "NAME: N passed, N failed[, N skipped]", also written to
# D/NAME.result for scripts/sum-results.sh. --brief: only the FAIL and SKIP
# lines and the closing line, in one write; the full report is D/NAME.out
# (scripts/lib/run.sh, as scripts/run-payload.sh --brief).
#
# Environment: QEMU FW_DYNAMIC FW_JUMP BOOT_OUT SBI_PAYLOAD HARTS_PAYLOAD
# PMU_PAYLOAD DTB_DIR BOOT_FDT_ADDR FW_PROD_ELF NM FW_PAYLOAD_LINUX
# (mk/tests-boot.mk sets them; FW_DYNAMIC is the test image, FW_TEST=1).
set -uo pipefail
export LC_ALL=C

top=$(cd "$(dirname "$0")/../.." && pwd)
TOP=${TOP:-$top}
. "$top/scripts/lib/run.sh"
passed=0 failed=0 skipped=0
SBI_CPU=rv64,sscofpmf=true,smcntrpmf=true

run_begin boot "$@"
set -- "${run_args[@]}"
run=$1
shift
fn=run_${run//-/_}
name=$run_name LOG_DIR=$run_log_dir
mkdir -p "$BOOT_OUT"

check() {	# check DESCRIPTION COMMAND...
	local d=$1; shift
	if "$@"; then echo "ok - $d"; passed=$((passed + 1))
	else echo "FAIL - $d"; failed=$((failed + 1)); fi
}

# has LOG REGEX: a line of the console log matches
# (grep reads to the end: with -q it could stop early, tr then dies of
# SIGPIPE on a long log and pipefail turns the match into a failure)
has() { tr -d '\r' <"$1" | grep -aE -- "$2" >/dev/null; }

# payload run-payload.sh args...: the run's payload, counted (its console
# log is LOG_DIR/NAME.log)
payload() {
	local last p f s
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

# boot TIMEOUT qemu-run.sh args...: a run judged by its log
# (LOG_DIR/NAME.log); sets rc
boot() {
	local t=$1
	shift
	QEMU=$QEMU "$top/scripts/qemu-run.sh" --timeout "$t" "$@" \
		>"$log" 2>&1
	rc=$?
}

dtb() { echo "$DTB_DIR/$1.dtb"; }
log=$LOG_DIR/$name.log
rc=0

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
run_test_symbols() {
	local n n_syms test_elf
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
}

# The ecall fast path saves neither t2 nor t3-t6 (firmware/fw_base.S):
# in both images only the boot code and the full trap save and restore
# touch them. A function of the C code that did (a lost -ffixed-tN,
# mk/firmware.mk) would hand S-mode a changed register.
FIXED_REGS_OK="_cold_boot _setup_hart_context fw_boot_hart _trap_save_full
	_trap_exit"
fixed_reg_uses() {	# fixed_reg_uses ELF: "function" per instruction using t2-t6
	"$OBJDUMP" -d --no-show-raw-insn "$1" |
		awk '/^[0-9a-f]+ <.*>:$/ { f = substr($2, 2, length($2) - 3) }
		     /[\t ,(]t[2-6]([,)]|$)/ { print f }'
}
run_fixed_regs() {
	local elf uses n users
	for elf in "${FW_DYNAMIC%.bin}.elf" "$FW_PROD_ELF"; do
		uses=$(fixed_reg_uses "$elf")
		n=$(grep -c . <<<"$uses")
		users=$(sort -u <<<"$uses" |
			grep -vxF -f <(tr -s ' \t\n' '\n' <<<"$FIXED_REGS_OK") |
			tr '\n' ' ')
		check "$(basename "$(dirname "$elf")")/fw_dynamic.elf: its $n instructions on t2-t6 are the boot code's and the full trap's${users:+; also in: $users}" \
			eval '[ "$n" -gt 0 ] && [ -z "$users" ]'
	done
}

# fw_payload: the SBI suite inside the image, QEMU loads no kernel
run_fw_payload() {
	payload --bios "$BOOT_OUT/fw_payload_sbi.bin" --in-firmware \
		--cpu $SBI_CPU --smp 4 "$SBI_PAYLOAD"
	check "fw_payload: the firmware says so and enters the payload linked in at 0x80200000" \
		has "$log" "^Next stage +: 0x80200000 in S-mode"
	check "fw_payload: banner names the variant" \
		has "$log" "Tally firmware [0-9.]+ \(fw_payload\)"
}

# fw_payload with the Linux kernel: it starts and runs to init (there is
# no root file system: QEMU loads no initrd without -kernel)
run_fw_payload_linux() {
	local kdtb=$BOOT_OUT/fw-payload-linux.dtb
	if [ -z "${FW_PAYLOAD_LINUX:-}" ]; then
		echo "SKIP - fw_payload + Linux (no kernel: make linux)"
		skipped=$((skipped + 1))
		return
	fi
	cp "$(dtb qemu-virt-sscofpmf-4)" "$kdtb" &&
		fdtput -t s "$kdtb" /chosen bootargs "console=ttyS0 earlycon panic=-1"
	boot 120 --bios "$FW_PAYLOAD_LINUX" --cpu $SBI_CPU \
		--smp 4 -- -dtb "$kdtb" -no-reboot
	check "fw_payload + Linux: the firmware enters the kernel linked in" \
		has "$log" "^Next stage +: 0x80200000 in S-mode"
	# the banner of the kernel linked in (make linux's, 7.2 today)
	banner=$(grep -ao "Linux version [0-9][^ ]*" "$FW_PAYLOAD_LINUX" | head -1)
	check "fw_payload + Linux: the kernel starts (${banner:-no banner in the image})" \
		eval '[ -n "$banner" ] && has "$log" "$banner "'
	check "fw_payload + Linux: all 4 harts come up" \
		has "$log" "smp: Brought up 1 node, 4 CPUs$"
	check "fw_payload + Linux: it runs to init (none there), then QEMU stops" \
		eval 'has "$log" "Kernel panic - not syncing: No working init found" && [ "$rc" = 0 ]'
}

# fw_jump with FW_JUMP_FDT_ADDR: the payload finds the DT moved there
run_fw_jump_fdt() {
	local a
	payload --bios "$BOOT_OUT/fw_jump_fdt.bin" --cpu $SBI_CPU \
		--smp 4 --append tally.test "$SBI_PAYLOAD"
	a=$(printf '0x%x' "$BOOT_FDT_ADDR")
	check "fw_jump FW_JUMP_FDT_ADDR: the next stage gets the DT at $a" \
		has "$log" "^# payload: boot hart [0-9]+, fdt $a,"
	check "fw_jump FW_JUMP_FDT_ADDR: the banner says DT at $a" \
		has "$log" "DT at $a$"
}

# the .elf image as QEMU's -bios (as Debian's opensbi package offers it):
# QEMU loads an ELF where it is linked, so that must be the DRAM base
run_fw_dynamic_elf() {
	payload --bios "${FW_DYNAMIC%.bin}.elf" --cpu $SBI_CPU \
		--smp 4 --append tally.test "$SBI_PAYLOAD"
	check "fw_dynamic.elf as -bios: loaded at 0x80000000, where it is linked" \
		has "$log" "^Firmware region : 0x80000000-"
}

# loaded 16 MiB above its link address: it relocates itself, finds the DT
# at FW_JUMP_FDT_ADDR (a1 holds none) and the SBI groups run that do not
# take 0x80000000 for firmware memory (the others do). QEMU's
# generic loader puts it there, without -bios: Debian's QEMU has that
# device (make deps installs it), the project's build leaves it out.
run_relocated() {
	local loader=${LOADER_QEMU:-/usr/bin/qemu-system-riscv64}
	local rdtb=$BOOT_OUT/relocated.dtb
	$loader -M virt,dumpdtb="$rdtb" -cpu $SBI_CPU -smp 1 -m 512M -nographic >/dev/null 2>&1 &&
		fdtput -t s "$rdtb" /chosen bootargs "tally.test sbi.only=base sbi.only=time sbi.only=ipi sbi.only=rfence sbi.only=hsm"
	QEMU=$loader boot 120 --bios none --cpu $SBI_CPU --smp 1 -- \
		-device loader,file="$rdtb",addr=$BOOT_FDT_ADDR \
		-device loader,file="$SBI_PAYLOAD" \
		-device loader,file="$BOOT_OUT/fw_jump_fdt.bin",addr=0x81000000 \
		-device loader,addr=0x81000000,cpu-num=0
	check "loaded at 0x81000000, not where linked: it relocates itself and says so" \
		has "$log" "^Firmware region : 0x81000000-"
	check "loaded at 0x81000000: the SBI groups that assume no firmware address pass" \
		has "$log" "^[1-9][0-9]* passed, 0 failed"
}

# no CLINT: said at boot, the boot hart alone is served, the suite passes
run_no_clint() {
	payload --bios "$FW_DYNAMIC" --cpu $SBI_CPU --smp 4 \
		--append tally.test "$SBI_PAYLOAD" -- -dtb "$(dtb qemu-virt-noclint)"
	check "no CLINT: a boot message says no IPIs, only the boot hart" \
		has "$log" "^tally: no CLINT/ACLINT MSWI in the DT: no IPIs, only the boot hart is served$"
	check "no CLINT: one hart served" \
		has "$log" "^Harts +: 1 \("
}

# "tally.test" turns the channel on as a whole bootargs word only, first,
# last or between others; words that merely contain it do not
words() {	# words BOOTARGS: the harts payload on 4 harts
	payload --bios "$FW_DYNAMIC" --cpu $SBI_CPU --smp 4 \
		--append "$1" "$HARTS_PAYLOAD"
}
run_test_word_not() {
	words "notally.test tally.tests xtally.testx harts.expect=4"
	check "bootargs with notally.test, tally.tests, xtally.testx: no test channel" \
		eval '! has "$log" "^Test channel"'
}
run_test_word_mid() {
	words "harts.expect=4 tally.test notally.testing"
	check "bootargs with the word tally.test between others: test channel on" \
		has "$log" "^Test channel +: enabled"
}

# no console: nothing to print on, yet a payload starting every hart
# (IPIs, HSM, fences) runs to a clean end ("exit-status": a failed check
# would make QEMU exit non-zero)
run_no_console() {
	boot 120 --bios "$FW_DYNAMIC" --cpu $SBI_CPU --smp 4 \
		--kernel "$HARTS_PAYLOAD" --append "tally.test exit-status harts.expect=4" \
		-- -dtb "$(dtb qemu-virt-noconsole)"
	check "no console: the harts payload passed and powered off (QEMU status $rc)" \
		[ "$rc" = 0 ]
	check "no console: nothing was written to the UART the DT does not name" \
		[ ! -s "$log" ]
}

# stdout-path naming a device that is no UART: a message, the first UART
run_stdout_other() {
	local other=$BOOT_OUT/stdout-other.dtb
	cp "$(dtb qemu-virt-sscofpmf-4)" "$other" &&
		fdtput -t s "$other" /chosen stdout-path /soc/rtc@101000
	payload --bios "$FW_DYNAMIC" --cpu $SBI_CPU --smp 4 \
		--append tally.test "$SBI_PAYLOAD" -- -dtb "$other"
	check "stdout-path names no UART: a boot message, console on the first UART" \
		has "$log" "^tally: stdout-path names no ns16550/8250 or SiFive UART: console on the first one in the DT$"
}

# the next stage where the harts' areas would follow the image: they go
# to a PMP region of their own at the top of RAM, below the DT
run_harts_high() {
	boot 4 --bios "$BOOT_OUT/fw_jump_noroom.bin" --cpu $SBI_CPU --smp 4
	check "next stage right after the image: the harts' areas get a region at the top of RAM" \
		has "$log" "^Harts region +: 0x9fdf0000-0x9fdfffff \(PMP\)$"
	check "next stage right after the image: the image's PMP region stops before it" \
		has "$log" "^Firmware region : 0x80000000-0x8001ffff "
	check "next stage right after the image: the firmware boots it" \
		has "$log" "^Next stage +: 0x80030000 in S-mode"
}
# the DT moved right after the image (fw_jump FW_JUMP_FDT_ADDR=0x80030000):
# the areas go high and the SBI groups that start, stop and signal harts
# and fence them run on them
run_harts_high_sbi() {
	payload --bios "$BOOT_OUT/fw_jump_lowfdt.bin" --cpu $SBI_CPU \
		--smp 4 --append "tally.test sbi.only=hsm sbi.only=ipi sbi.only=rfence" "$SBI_PAYLOAD"
	check "DT right after the image: the harts' areas at the top of RAM" \
		has "$log" "^Harts region +: 0x9fff0000-0x9fffffff \(PMP\)$"
}

# the same in a DT whose RAM ends right after that next stage: no room
run_no_room() {
	local small=$BOOT_OUT/small-ram.dtb
	cp "$(dtb qemu-virt-sscofpmf-4)" "$small" &&
		fdtput -t x "$small" /memory@80000000 reg 0 0x80000000 0 0x40000
	boot 4 --bios "$BOOT_OUT/fw_jump_noroom.bin" --cpu $SBI_CPU \
		--smp 4 -- -dtb "$small"
	check "no room anywhere for the harts' state: the firmware says how much it needed" \
		has "$log" "^tally: 4 harts need 52 KiB \(12 KiB each\): after the image they reach the next stage, at the top of RAM they lie below the next stage"
	check "no room anywhere for the harts' state: it refuses to boot" \
		has "$log" "^tally: cannot boot: no room for the harts' state$"
}

# the boot hart disabled in the DT
run_hart_off() {
	local off=$BOOT_OUT/boot-hart-off.dtb
	cp "$(dtb qemu-virt-sscofpmf-4)" "$off" &&
		fdtput -t s "$off" /cpus/cpu@0 status disabled
	boot 4 --bios "$FW_DYNAMIC" --cpu $SBI_CPU --smp 4 \
		--kernel "$SBI_PAYLOAD" -- -dtb "$off"
	check "boot hart disabled in the DT: a clear refusal" \
		has "$log" "^tally: cannot boot: the boot hart is not an enabled cpu of the device tree$"
}

# QEMU virt's maximum of 512 harts (tests/harts), one host thread for
# them all (TCG round robin: the harts must sleep, not spin, while they
# wait). fw_jump with QEMU's own DT: every hart started through HSM.
MANY=(--cpu $SBI_CPU --smp 512 --timeout 300)
run_harts_512() {
	payload "${MANY[@]}" --bios "$FW_JUMP" \
		--append "tally.test harts.expect=512" "$HARTS_PAYLOAD" \
		-- -accel tcg,thread=single
	check "512 harts: the firmware serves them all (banner)" \
		has "$log" "^Harts +: 512 \(ids 0-511, "
}

# fw_dynamic, sparse ids: the DT names 177 of the 512 harts, up to id 511
# (dts/qemu-virt-sparse-512.dts); the other 335 are never served
run_harts_sparse_512() {
	payload "${MANY[@]}" --bios "$FW_DYNAMIC" \
		--append "tally.test harts.expect=177 harts.gaps=335" "$HARTS_PAYLOAD" \
		-- -dtb "$(dtb qemu-virt-sparse-512)" -accel tcg,thread=single
	check "512 harts, 177 in the DT: the firmware serves those (banner)" \
		has "$log" "^Harts +: 177 \(ids 0x0,0x1,"
}

# QEMU sifive_u -smp 5, its own DT: hart 0 is the E51 monitor core (no
# S-mode, no mmu-type), parked and refused by HSM; harts 1-4 (U54) are
# served, whichever image boots. No power-off device: the payloads end with
# an SRST reboot (reboot-exit), which ends QEMU (-no-reboot).
SU=(--machine sifive_u --smp 5)
run_sifive_u() {	# run_sifive_u dynamic|jump
	local fw=${1:?sifive-u dynamic|jump} img=$FW_DYNAMIC
	[ "$fw" = jump ] && img=$FW_JUMP
	payload "${SU[@]}" --bios "$img" \
		--append "tally.test reboot-exit harts.expect=4 harts.disabled=1" \
		"$HARTS_PAYLOAD"
	check "sifive_u fw_$fw: the firmware serves harts 1-4 (banner)" \
		has "$log" "^Harts +: 4 \(ids 0x1,0x2,0x3,0x4, "
	check "sifive_u fw_$fw: hart 0 (no mmu-type) is parked" \
		has "$log" "^tally: 1 DT harts have no S-mode \(no mmu-type\): parked, not served$"
}
# the PMU of QEMU's sifive-u54 (privileged spec 1.10, no mcountinhibit):
# cycle and instret as counters that cannot be stopped (pmu.nostop), the
# 32 firmware counters after them (under icount the run's work is fixed:
# the timeout only guards against a hang, on a busy host too)
run_sifive_u_pmu() {
	payload "${SU[@]}" --icount --timeout 600 --bios "$FW_DYNAMIC" \
		--append "tally.test reboot-exit pmu.num=35 pmu.hw=0x5 pmu.nostop=0x5 pmu.no-time-csr" "$PMU_PAYLOAD"
}

# QEMU spike: no UART, HTIF (lib/utils/serial/htif.c) is the console and
# the power-off; the SBI suite ends with an SRST shutdown through it
run_spike() {
	payload --machine spike --bios "$FW_DYNAMIC" --append "tally.test" "$SBI_PAYLOAD"
	check "spike: firmware banner on the HTIF console, SRST and DBCN served" \
		has "$log" "^SBI extensions +:.* SRST .*DBCN"
}

declare -F "$fn" >/dev/null || { echo "run.sh: no run $run" >&2; exit 2; }
"$fn" "$@"
run_end "$passed" "$failed" "$skipped"
