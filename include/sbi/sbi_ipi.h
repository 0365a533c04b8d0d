/* SPDX-License-Identifier: BSD-2-Clause */
/* Inter-processor interrupts between harts in M-mode. */
#ifndef SBI_IPI_H
#define SBI_IPI_H

#define SBI_IPI_EVENT_SOFT	(1UL << 0)	/* raise SSIP for S-mode */
#define SBI_IPI_EVENT_FENCE	(1UL << 1)	/* run the pending rfence */
#define SBI_IPI_EVENT_WAKE	(1UL << 2)	/* HSM: leave the wait loop */
#define SBI_IPI_EVENT_SSE	(1UL << 3)	/* an SSE event became pending */

/* Post @events to @hartid and interrupt it. */
void sbi_ipi_send(unsigned long hartid, unsigned long events);
/* Send SSIP to every hart of an SBI hart set, counting IPI events. */
void sbi_ipi_send_soft(unsigned long mask, unsigned long base);
/* Handle this hart's posted events (M-mode software interrupt); returns them. */
unsigned long sbi_ipi_process(void);

struct sbi_scratch;

/*
 * The IPI device a driver registers (lib/utils/ipi/): raise and clear the
 * machine software interrupt of the hart of @s. Without one, no IPIs.
 */
struct sbi_ipi_device {
	const char *name;
	void (*send)(struct sbi_scratch *s);
	void (*clear)(struct sbi_scratch *s);
};

void sbi_ipi_set_device(const struct sbi_ipi_device *dev);
/* After cold boot: wake the served harts waiting in fw_base.S. */
void sbi_ipi_wake_harts(void);

/*
 * SBI hart sets (sbi_hartmask.c): bit i of @mask names hart id @base + i;
 * @base -1 names every hart. sbi_hartmask_check() is SBI_ERR_INVALID_PARAM
 * if a bit names no served hart; sbi_hartmask_next() walks the served
 * harts of the set from cursor *@pos (start at 0), NULL at the end.
 */
int sbi_hartmask_check(unsigned long mask, unsigned long base);
struct sbi_scratch *sbi_hartmask_next(unsigned long mask, unsigned long base,
				      unsigned long *pos);

#endif /* SBI_IPI_H */
