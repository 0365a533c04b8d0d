# SPDX-License-Identifier: BSD-2-Clause
# `make check-conformance KUT_SRC=<kvm-unit-tests tree>`: the public SBI
# conformance tests of kvm-unit-tests (riscv/sbi.flat, isa-dbltrp.flat)
# built from that tree (outside the clone) with the Debian cross compiler
# and run on Tally's fw_dynamic under the project's QEMU
# (scripts/check-conformance.sh, docs/conformance.md). Ends with
# "conformance: N passed, N failed, N skipped".
#
# Not part of `make check`: the suite's source is no Debian package.
#
#   KUT_FW=<fw_dynamic.bin>      another firmware (with KUT_IMPL_ID and
#                                KUT_IMPL_VERSION, the values it reports)
#   KUT_SMP, KUT_MEM, KUT_CPUS   harts, RAM and the CPU models (one run of
#                                sbi.flat each); KUT_ENV='K=V ...' adds to
#                                the suite's environment

KUT_SRC		?=
KUT_FW		?= $(FW_DYNAMIC)
# what Tally's BASE answers (include/sbi/sbi_ecall_interface.h,
# include/sbi/sbi_init.h)
KUT_IMPL_ID	?= $(shell sed -n 's/^\#define SBI_IMPL_ID_TALLY[[:space:]]*\(0x[0-9a-fA-F]*\).*/\1/p' \
		   $(TOP)/include/sbi/sbi_ecall_interface.h)
KUT_IMPL_VERSION ?= $(shell $(TOP)/scripts/fw-version.sh --impl)
# 3 harts at least for the IPI hart-mask test; RAM above 4 GiB for DBCN's
# high-address tests
KUT_SMP		?= 4
KUT_MEM		?= 5G
# Svade next to Svadu makes FWFT PTE_AD_HW_UPDATING switchable (with Svadu
# alone A/D updating is always on, and its tests are skipped)
KUT_CPUS	?= max max,svade=true
KUT_ENV		?=
KUT_OUT		:= $(BUILD)/conformance

ifeq ($(KUT_SRC),)

check-conformance: ## kvm-unit-tests' SBI tests on the firmware (KUT_SRC=<tree>)
	@echo "conformance: KUT_SRC is not set: give a kvm-unit-tests tree," \
		"e.g. make check-conformance KUT_SRC=<kvm-unit-tests> (docs/conformance.md)"
	@exit 1

else

check-conformance: deps qemu firmware
	@$(TOP)/scripts/check-conformance.sh --kut-src $(KUT_SRC) --out $(KUT_OUT) \
		--qemu $(QEMU) --bios $(KUT_FW) \
		--impl-id $(KUT_IMPL_ID) --impl-version $(KUT_IMPL_VERSION) \
		--smp $(KUT_SMP) --mem $(KUT_MEM) --cpus "$(KUT_CPUS)" \
		$(foreach e,$(KUT_ENV),--env $(e))

endif

.PHONY: check-conformance
