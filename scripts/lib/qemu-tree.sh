# SPDX-License-Identifier: BSD-2-Clause
# Sourced by scripts/build-qemu.sh and scripts/check-qemu-series.sh: what
# turns an unpacked QEMU orig tarball (patched or not) into a configured
# build of the project's two binaries. Part of the QEMU cache key
# (mk/qemu.mk): the configuration shapes the binaries.
# Needs log and die from the sourcing script.

# qemu_prepare_tree SRC DRAFT_HDR: the files the build needs beside the
# tarball's: the draft encoding header (target/riscv/, where the patches
# include it from), empty edk2 images and the device configuration
qemu_prepare_tree() {
	local src=$1 hdr=$2 f t
	cp "$hdr" "$src/target/riscv/riscv_draft_encoding.h"

	# The +ds tarball has no firmware blobs; meson still wants the
	# compressed edk2 images to exist when bzip2 is installed.
	for f in $(sed -n 's/.*\(edk2-[a-z0-9_-]*\.fd\).*/\1/p' \
		"$src/pc-bios/meson.build" | sort -u); do
		[ -e "$src/pc-bios/$f.bz2" ] || bzip2 -c </dev/null >"$src/pc-bios/$f.bz2"
	done

	# Only the boards the tests boot: virt, and on riscv64 sifive_u (a
	# monitor hart without S-mode, SiFive UART;
	# tests/linux/sifive-u-test.sh), spike (HTIF console and power-off)
	# and microchip-icicle-kit (PolarFire SoC: E51 monitor hart, MMUART;
	# tests/linux/boards-test.sh). A device config is named relative to
	# configs/devices/.
	for t in riscv64 riscv32; do
		printf 'CONFIG_RISCV_VIRT=y\n' >"$src/configs/devices/$t-softmmu/tally.mak"
	done
	printf 'CONFIG_SIFIVE_U=y\nCONFIG_SPIKE=y\nCONFIG_MICROCHIP_PFSOC=y\n' \
		>>"$src/configs/devices/riscv64-softmmu/tally.mak"
}

# qemu_ccache CACHE BASEDIR: compile through the shared ccache
qemu_ccache() {
	export CCACHE_DIR=$1/ccache
	export CCACHE_BASEDIR=$2
	export CCACHE_NOHASHDIR=true
	export CCACHE_SLOPPINESS=time_macros,include_file_mtime,include_file_ctime
	mkdir -p "$CCACHE_DIR"
	ccache -M 5G >/dev/null 2>&1 || true
}

# qemu_configure SRC LOG: configure SRC/build, the log in LOG
qemu_configure() {
	local src=$1 logf=$2
	# No debug info (-g): nothing reads QEMU's symbols, and a cold build
	# compiles faster without it.
	mkdir -p "$src/build"
	if ! (cd "$src/build" && ../configure \
		--python=/usr/bin/python3 \
		--cc='ccache gcc' --cxx='ccache g++' \
		--target-list=riscv64-softmmu,riscv32-softmmu \
		--without-default-features \
		--without-default-devices \
		--with-devices-riscv64=tally \
		--with-devices-riscv32=tally \
		--enable-fdt=system \
		--disable-docs --disable-werror --disable-download \
		--disable-debug-info \
		--disable-install-blobs) >"$logf" 2>&1; then
		tail -30 "$logf" >&2
		die "configure failed (log above)"
	fi
}
