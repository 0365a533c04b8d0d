// SPDX-License-Identifier: BSD-2-Clause
/*
 * Ecall dispatch. The switch on the EID compiles to a short compare tree.
 * BASE, PMU and SSE never get here: the trap fast path
 * (firmware/fw_base.S) calls their handlers itself.
 */
#include <sbi/sbi_console.h>
#include <sbi/sbi_dbtr.h>
#include <sbi/sbi_ecall.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_system.h>
#include <sbi/sbi_test_channel.h>
#include <sbi/sbi_timer.h>

struct sbiret sbi_ecall_handler(unsigned long a0, unsigned long a1,
				unsigned long a2, unsigned long a3,
				unsigned long a4, unsigned long a5,
				unsigned long fid, unsigned long eid)
{
	/* no copy: the frame holds them, and every handler is a tail call */
	const unsigned long *a = sbi_ecall_args();
	switch (eid) {
	case SBI_EXT_TIME:
		return sbi_ecall_time(fid, a);
	case SBI_EXT_IPI:
		return sbi_ecall_ipi(fid, a);
	case SBI_EXT_RFENCE:
		return sbi_ecall_rfence(fid, a);
	case SBI_EXT_HSM:
		return sbi_ecall_hsm(fid, a);
	case SBI_EXT_SRST:
		return sbi_ecall_srst(fid, a);
	case SBI_EXT_DBCN:
		return sbi_ecall_dbcn(fid, a);
	case SBI_EXT_SUSP:
		return sbi_ecall_susp(fid, a);
	case SBI_EXT_FWFT:
		return sbi_ecall_fwft(fid, a);
	case SBI_EXT_DBTR:
		return sbi_ecall_dbtr(fid, a);
	case SBI_EXT_0_1_SET_TIMER ... SBI_EXT_0_1_SHUTDOWN:
		return sbi_ecall_legacy(eid, a);
	case SBI_EXT_TALLY_TEST:	/* nothing but default's in production */
		return sbi_ecall_test(fid, a);
	default:
		return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
	}
}

long sbi_ecall_probe(unsigned long eid)
{
	/* as in dispatch: the hot extensions ahead of the compare tree */
	if (eid == SBI_EXT_BASE || eid == SBI_EXT_PMU)
		return 1;
	switch (eid) {
	case SBI_EXT_IPI:
	case SBI_EXT_RFENCE:
	case SBI_EXT_HSM:
	case SBI_EXT_SUSP:
	case SBI_EXT_FWFT:
	case SBI_EXT_SSE:
	case SBI_EXT_0_1_SET_TIMER ... SBI_EXT_0_1_SHUTDOWN:
		return 1;
	case SBI_EXT_TIME:
		return sbi_timer_available();
	case SBI_EXT_DBCN:	/* a serial driver runs the DT's console */
		return sbi_console_ready();
	case SBI_EXT_SRST:
		return sbi_reset_supported(SBI_SRST_RESET_TYPE_SHUTDOWN) ||
		       sbi_reset_supported(SBI_SRST_RESET_TYPE_COLD_REBOOT);
	case SBI_EXT_DBTR:	/* this hart's triggers */
		return sbi_dbtr_available(&sbi_scratch_this()->dbtr);
	case SBI_EXT_TALLY_TEST:
		return sbi_test_channel_enabled();
	default:
		return 0;
	}
}
