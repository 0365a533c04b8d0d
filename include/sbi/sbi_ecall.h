/* SPDX-License-Identifier: BSD-2-Clause */
/* SBI extension handlers, one file each; dispatched by EID. */
#ifndef SBI_ECALL_H
#define SBI_ECALL_H

#include <sbi/sbi_error.h>
#include <sbi/sbi_scratch.h>
#include <sbi/sbi_trap.h>

/* The fast path's frame of the S-mode ecall being handled (sbi_trap.h). */
static inline unsigned long *sbi_ecall_frame(void)
{
	return (unsigned long *)((char *)sbi_scratch_this() -
				 SBI_ECALL_FRAME_SIZE);
}

/* The caller's a0..a5, in place in that frame. */
static inline const unsigned long *sbi_ecall_args(void)
{
	return sbi_ecall_frame() + SBI_ECALL_FRAME_A0;
}

/* a[0..5] are the caller's a0..a5. Each returns {error, value}. */

/* A 64-bit argument at a[i]: on RV32 a[i] is the low and a[i + 1] the high half. */
#if __riscv_xlen == 32
#define SBI_ECALL_U64(a, i)	((a)[i] | ((uint64_t)(a)[(i) + 1] << 32))
#else
#define SBI_ECALL_U64(a, i)	((uint64_t)(a)[i])
#endif

struct sbiret sbi_ecall_base(unsigned long fid, const unsigned long *a);
struct sbiret sbi_ecall_time(unsigned long fid, const unsigned long *a);
struct sbiret sbi_ecall_ipi(unsigned long fid, const unsigned long *a);
struct sbiret sbi_ecall_rfence(unsigned long fid, const unsigned long *a);
struct sbiret sbi_ecall_hsm(unsigned long fid, const unsigned long *a);
struct sbiret sbi_ecall_srst(unsigned long fid, const unsigned long *a);
struct sbiret sbi_ecall_dbcn(unsigned long fid, const unsigned long *a);
struct sbiret sbi_ecall_susp(unsigned long fid, const unsigned long *a);
struct sbiret sbi_ecall_fwft(unsigned long fid, const unsigned long *a);
struct sbiret sbi_ecall_dbtr(unsigned long fid, const unsigned long *a);
struct sbiret sbi_ecall_sse(unsigned long fid, const unsigned long *a);
struct sbiret sbi_ecall_legacy(unsigned long eid, const unsigned long *a);
#if FW_TEST
/* The test channel (sbi_test_channel.h): NOT_SUPPORTED while it is off. */
struct sbiret sbi_ecall_test(unsigned long fid, const unsigned long *a);
#else
/* A production image has no test channel. */
static inline struct sbiret sbi_ecall_test(unsigned long fid,
					   const unsigned long *a)
{
	return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
}
#endif

/* Nonzero if extension @eid is implemented (BASE probe_extension). */
long sbi_ecall_probe(unsigned long eid);

#endif /* SBI_ECALL_H */
