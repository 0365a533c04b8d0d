// SPDX-License-Identifier: BSD-2-Clause
/*
 * SBI Debug Triggers extension (DBTR, SBI v3.0, EID 0x44425452).
 *
 * The shared memory is checked once, when it is set: trig_max entries of
 * four XLEN words in the caller's RAM (the same check as DBCN buffers and
 * the PMU snapshot). Each call copies the entries it reads once, so the
 * caller cannot change them under the checks. The triggers themselves are
 * sbi_dbtr.c's.
 *
 * Ranges: the spec's "trig_idx_base + trig_count >= trig_max" and
 * "trig_count >= trig_max" would forbid reading or installing the last
 * trigger; this firmware refuses only what does not fit (> trig_max).
 */
#include <sbi/sbi_dbtr.h>
#include <sbi/sbi_ecall.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_scratch.h>

static volatile unsigned long *entry(const struct sbi_dbtr_hart *h,
				     unsigned long i)
{
	return (volatile unsigned long *)(h->shmem + i * DBTR_ENTRY_SIZE);
}

static struct sbiret set_shmem(struct sbi_dbtr_hart *h, unsigned long lo,
			       unsigned long hi, unsigned long flags)
{
	if (flags)
		return (struct sbiret){ SBI_ERR_INVALID_PARAM, 0 };
	if (lo == DBTR_SHMEM_NONE && hi == DBTR_SHMEM_NONE) {
		h->shmem = DBTR_SHMEM_NONE;
		return (struct sbiret){ SBI_SUCCESS, 0 };
	}
	if (lo & (sizeof(unsigned long) - 1))
		return (struct sbiret){ SBI_ERR_INVALID_PARAM, 0 };
	if (hi || !sbi_supervisor_ram(lo, h->count * DBTR_ENTRY_SIZE))
		return (struct sbiret){ SBI_ERR_INVALID_ADDRESS, 0 };
	h->shmem = lo;
	return (struct sbiret){ SBI_SUCCESS, 0 };
}

static struct sbiret read_triggers(const struct sbi_dbtr_hart *h,
				   unsigned long base, unsigned long n)
{
	struct sbi_dbtr_config c;
	volatile unsigned long *e;
	unsigned long i;

	if (h->shmem == DBTR_SHMEM_NONE)
		return (struct sbiret){ SBI_ERR_NO_SHMEM, 0 };
	if (base >= h->count || n > h->count - base)
		return (struct sbiret){ SBI_ERR_BAD_RANGE, 0 };
	for (i = 0; i < n; i++) {
		sbi_dbtr_read(h, base + i, &c);
		e = entry(h, i);
		e[0] = c.idx;		/* trig_state */
		e[1] = c.tdata1;
		e[2] = c.tdata2;
		e[3] = c.tdata3;
	}
	return (struct sbiret){ SBI_SUCCESS, 0 };
}

/* install (1) or update (0) of the first @n entries */
static struct sbiret configure(struct sbi_dbtr_hart *h, unsigned long n,
			       bool install)
{
	struct sbi_dbtr_config cfg[SBI_DBTR_MAX_TRIGGERS];
	volatile unsigned long *e;
	unsigned long i, fail = 0;
	int err;

	if (h->shmem == DBTR_SHMEM_NONE)
		return (struct sbiret){ SBI_ERR_NO_SHMEM, 0 };
	if (n > h->count)
		return (struct sbiret){ SBI_ERR_BAD_RANGE, 0 };
	for (i = 0; i < n; i++) {
		e = entry(h, i);
		cfg[i] = (struct sbi_dbtr_config){ e[0], e[1], e[2], e[3] };
	}
	if (install)
		err = sbi_dbtr_install(h, cfg, n, &fail);
	else
		err = sbi_dbtr_update(h, cfg, n, &fail);
	if (err)
		return (struct sbiret){ err, (long)fail };
	for (i = 0; install && i < n; i++)
		entry(h, i)[0] = cfg[i].idx;
	return (struct sbiret){ SBI_SUCCESS, 0 };
}

static struct sbiret result(int err)
{
	return (struct sbiret){ err, 0 };
}

struct sbiret sbi_ecall_dbtr(unsigned long fid, const unsigned long *a)
{
	struct sbi_dbtr_hart *h = &sbi_scratch_this()->dbtr;

	if (!sbi_dbtr_available(h))
		return result(SBI_ERR_NOT_SUPPORTED);
	switch (fid) {
	case SBI_EXT_DBTR_NUM_TRIGGERS:
		return (struct sbiret){ 0, (long)sbi_dbtr_num_triggers(h, a[0]) };
	case SBI_EXT_DBTR_SETUP_SHMEM:
		return set_shmem(h, a[0], a[1], a[2]);
	case SBI_EXT_DBTR_TRIGGER_READ:
		return read_triggers(h, a[0], a[1]);
	case SBI_EXT_DBTR_TRIGGER_INSTALL:
		return configure(h, a[0], true);
	case SBI_EXT_DBTR_TRIGGER_UPDATE:
		return configure(h, a[0], false);
	case SBI_EXT_DBTR_TRIGGER_UNINSTALL:
		return result(sbi_dbtr_uninstall(h, a[0], a[1]));
	case SBI_EXT_DBTR_TRIGGER_ENABLE:
		return result(sbi_dbtr_enable(h, a[0], a[1], true));
	case SBI_EXT_DBTR_TRIGGER_DISABLE:
		return result(sbi_dbtr_enable(h, a[0], a[1], false));
	default:
		return result(SBI_ERR_NOT_SUPPORTED);
	}
}
