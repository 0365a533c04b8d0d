# SPDX-License-Identifier: BSD-2-Clause
# `make deb`: the Debian binary package tally-firmware (scripts/build-deb.sh,
# metadata in pkg/debian/): RV64 and RV32 fw_dynamic and fw_jump, the
# device trees of dts/, as Debian's opensbi package lays its files out.
# tests/debian/package-test.sh installs it, runs lintian and boots it.

DEB_DIR		:= $(BUILD)/deb

deb: $(FW_DYNAMIC) $(FW_JUMP) $(FW_DYNAMIC32) $(FW_JUMP32) $(DTBS) ## Debian package build/deb/tally-firmware_<version>_all.deb
	@$(TOP)/scripts/build-deb.sh $(DEB_DIR) >/dev/null

.PHONY: deb
