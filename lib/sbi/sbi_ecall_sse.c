// SPDX-License-Identifier: BSD-2-Clause
/*
 * SBI SSE extension (lib/sbi/sbi_sse.c has the events). Event and
 * attribute IDs and attr_count are 32 bits: bits 63..32 are ignored. A call
 * that makes an event deliverable on this hart delivers it on its return,
 * with the call's sbiret in a0/a1 of the interrupted context.
 */
#include <sbi/sbi_ecall.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_sse.h>

struct sbiret sbi_ecall_sse(unsigned long fid, const unsigned long *a)
{
	long err;

	/* the round trip of an event first, each a tail call */
	if (fid == SBI_EXT_SSE_INJECT)
		return sbi_sse_inject(a[0], a[1]);
	if (fid == SBI_EXT_SSE_COMPLETE)
		return sbi_sse_complete();
	switch (fid) {
	case SBI_EXT_SSE_READ_ATTRS:
		err = sbi_sse_read_attrs(a[0], a[1], a[2], a[3], a[4]);
		break;
	case SBI_EXT_SSE_WRITE_ATTRS:
		err = sbi_sse_write_attrs(a[0], a[1], a[2], a[3], a[4]);
		break;
	case SBI_EXT_SSE_REGISTER:
		err = sbi_sse_register(a[0], a[1], a[2]);
		break;
	case SBI_EXT_SSE_UNREGISTER:
		err = sbi_sse_unregister(a[0]);
		break;
	case SBI_EXT_SSE_ENABLE:
		err = sbi_sse_enable(a[0]);
		goto deliver;
	case SBI_EXT_SSE_DISABLE:
		err = sbi_sse_disable(a[0]);
		break;
	case SBI_EXT_SSE_HART_UNMASK:
		err = sbi_sse_hart_unmask();
		goto deliver;
	case SBI_EXT_SSE_HART_MASK:
		err = sbi_sse_hart_mask();
		break;
	default:
		err = SBI_ERR_NOT_SUPPORTED;
	}
	return (struct sbiret){ err, 0 };
deliver:
	if (!err)
		sbi_sse_deliver_ecall();
	return (struct sbiret){ err, 0 };
}
