# SPDX-License-Identifier: BSD-2-Clause
# Helpers for the Debian suite (tests/debian/): Debian trixie's own riscv64
# kernel, perf and busybox-static (scripts/build-debian-guest.sh), booted
# on the firmware as a user of the distribution boots them, next to
# Debian's OpenSBI 1.5.1 on the same QEMU for comparison. Sourced after
# tests/linux/lib.sh.

DEBIAN_DIR=${DEBIAN_DIR:-$BUILD/debian}
export KERNEL=$DEBIAN_DIR/Image INITRAMFS=$DEBIAN_DIR/initramfs.cpio.gz
# Tally's fw_dynamic, and Debian's OpenSBI (package opensbi) as the anchor
TALLY_FW=${FW_DYNAMIC:-$BUILD/firmware/fw_dynamic.bin}
OPENSBI_FW=${OPENSBI_FW:-/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin}
OPENSBI_NAME=${OPENSBI_NAME:-OpenSBI 1.5.1}
# Debian's QEMU (package qemu-system-riscv) and the project's
DEBIAN_QEMU=${DEBIAN_QEMU:-/usr/bin/qemu-system-riscv64}
PROJECT_QEMU=${PROJECT_QEMU:-$BUILD/qemu/qemu-system-riscv64}
# Debian's userland with python3 (the guest holds linux-perf's whole
# Depends closure): 512M would not even unpack it
export QEMU_MEM=${QEMU_MEM:-1G}
# The CPU a user gets from Debian's QEMU with the PMU extension on
DEBIAN_CPU=${DEBIAN_CPU:-rv64,sscofpmf=true}

# qemus: "NAME=PATH" of each QEMU to boot (DEBIAN_QEMUS overrides).
qemus() {
	if [ -n "${DEBIAN_QEMUS:-}" ]; then
		printf '%s\n' $DEBIAN_QEMUS
		return
	fi
	echo "debian-qemu=$DEBIAN_QEMU"
	echo "project-qemu=$PROJECT_QEMU"
}

# boot NAME QEMU FW GUEST [run-linux.sh options...]: run_guest with QEMU
# and FW; the log is $LOG_DIR/NAME.log.
boot() {
	local name=$1 q=$2 fw=$3 guest=$4
	shift 4
	QEMU=$q FW_DYNAMIC=$fw run_guest "$name" "$guest" --cpu "$DEBIAN_CPU" "$@"
}

# csv_lines TAG: the "T:TAG count,unit,event,..." lines of the last boot as
# "event count" pairs (count as printed: a number or <not counted> ...).
csv_lines() {
	awk -F, -v pre="T:$1 " 'index($0, pre) == 1 {
		print $3, substr($1, length(pre) + 1)
	}' <<<"$LOG_TEXT"
}

# rec TAG: "rc samples" of the guest's `sampled TAG ...` line.
rec() { sed -n "s/^T:rec $1 //p" <<<"$LOG_TEXT" | tail -1; }
