// SPDX-License-Identifier: BSD-2-Clause
/* SBI v0.1 legacy calls; hart masks are pointers into S-mode memory. */
#include <sbi/riscv_asm.h>
#include <sbi/sbi_console.h>
#include <sbi/sbi_system.h>
#include <limits.h>
#include <sbi/sbi_ecall.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_ipi.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_timer.h>
#include <sbi/sbi_tlb.h>
#include <sbi/sbi_unpriv.h>

/* Legacy calls that fault on their hart-mask pointer report this. */
#define LEGACY_FAULTED	(-LONG_MAX - 1)	/* no legacy result */

/*
 * Read the hart mask S-mode points at (hart ids 0..XLEN-1; bits naming no
 * hart are ignored), with S-mode's rights; if S-mode could not read it,
 * the ecall takes the fault S-mode would have taken. A NULL pointer means
 * every hart (base -1).
 */
static long legacy_hmask(unsigned long ptr, unsigned long *hmask,
			 unsigned long *base)
{
	unsigned long m, cause;

	*base = ptr ? 0 : -1UL;
	*hmask = 0;
	if (!ptr)
		return 0;
	cause = sbi_load_ulong(ptr, &m);
	if (cause) {
		sbi_ecall_redirect(cause, ptr);
		return LEGACY_FAULTED;
	}
	*hmask = m;
	return 0;
}

static long legacy_fence(unsigned long eid, const unsigned long *a)
{
	struct sbi_tlb_req req = { SBI_TLB_FENCE_I, a[1], a[2], a[3] };
	unsigned long hmask, base;
	long err = legacy_hmask(a[0], &hmask, &base);

	if (err)
		return err;
	if (eid == SBI_EXT_0_1_REMOTE_SFENCE_VMA)
		req.type = SBI_TLB_SFENCE_VMA;
	else if (eid == SBI_EXT_0_1_REMOTE_SFENCE_VMA_ASID)
		req.type = SBI_TLB_SFENCE_VMA_ASID;
	return sbi_tlb_request(hmask, base, &req);
}

struct sbiret sbi_ecall_legacy(unsigned long eid, const unsigned long *a)
{
	unsigned long hmask, base;
	long ret = 0;
	char c;

	switch (eid) {
	case SBI_EXT_0_1_SET_TIMER:
		sbi_timer_set(SBI_ECALL_U64(a, 0));
		break;
	case SBI_EXT_0_1_CONSOLE_PUTCHAR:
		c = (char)a[0];	/* the int's low byte; bits 63..32 are junk */
		sbi_console_write(&c, 1);
		break;
	case SBI_EXT_0_1_CONSOLE_GETCHAR:
		ret = sbi_getc();
		break;
	case SBI_EXT_0_1_CLEAR_IPI:
		/* positive if an IPI was pending, as v0.1 specifies */
		ret = (csr_read_clear(CSR_MIP, MIP_SSIP) & MIP_SSIP) ? 1 : 0;
		break;
	case SBI_EXT_0_1_SEND_IPI:
		ret = legacy_hmask(a[0], &hmask, &base);
		if (!ret)
			sbi_ipi_send_soft(hmask, base);
		break;
	case SBI_EXT_0_1_SHUTDOWN:
		sbi_reset(SBI_SRST_RESET_TYPE_SHUTDOWN, SBI_SRST_RESET_REASON_NONE);
		ret = SBI_ERR_FAILED;
		break;
	default:
		ret = legacy_fence(eid, a);
		break;
	}
	if (ret == LEGACY_FAULTED)	/* registers as at the faulting ecall */
		return (struct sbiret){ (long)a[0], (long)a[1] };
	/* v0.1 returns in a0 only: a1 goes back as the caller left it */
	return (struct sbiret){ ret, (long)a[1] };
}
