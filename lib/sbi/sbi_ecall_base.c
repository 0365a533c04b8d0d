// SPDX-License-Identifier: BSD-2-Clause
/* SBI BASE extension. */
#include <sbi/riscv_asm.h>
#include <sbi/sbi_ecall.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_init.h>

struct sbiret sbi_ecall_base(unsigned long fid, const unsigned long *a)
{
	/* the one every kernel makes first, ahead of the jump table */
	if (fid == SBI_EXT_BASE_GET_SPEC_VERSION)
		return (struct sbiret){ 0,
			(SBI_SPEC_VERSION_MAJOR << SBI_SPEC_VERSION_MAJOR_SHIFT) |
			SBI_SPEC_VERSION_MINOR };
	switch (fid) {
	case SBI_EXT_BASE_GET_IMP_ID:
		return (struct sbiret){ 0, SBI_IMPL_ID_TALLY };
	case SBI_EXT_BASE_GET_IMP_VERSION:
		return (struct sbiret){ 0, FW_IMPL_VERSION };
	case SBI_EXT_BASE_PROBE_EXT:
		return (struct sbiret){ 0, sbi_ecall_probe(a[0]) };
	case SBI_EXT_BASE_GET_MVENDORID:
		return (struct sbiret){ 0, csr_read(CSR_MVENDORID) };
	case SBI_EXT_BASE_GET_MARCHID:
		return (struct sbiret){ 0, csr_read(CSR_MARCHID) };
	case SBI_EXT_BASE_GET_MIMPID:
		return (struct sbiret){ 0, csr_read(CSR_MIMPID) };
	default:
		return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
	}
}
