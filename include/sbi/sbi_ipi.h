/* SPDX-License-Identifier: BSD-2-Clause */
/* Inter-processor interrupts between harts in M-mode. */
#ifndef SBI_IPI_H
#define SBI_IPI_H

#define SBI_IPI_EVENT_SOFT	(1UL << 0)	/* raise SSIP for S-mode */
#define SBI_IPI_EVENT_FENCE	(1UL << 1)	/* run the pending rfence */
#define SBI_IPI_EVENT_WAKE	(1UL << 2)	/* HSM: leave the wait loop */

/* Post @events to @hartid and interrupt it. */
void sbi_ipi_send(unsigned long hartid, unsigned long events);
/* Send SSIP to every hart in @hmask (hart ids), counting IPI events. */
void sbi_ipi_send_soft(unsigned long hmask);
/* Handle this hart's posted events (M-mode software interrupt). */
void sbi_ipi_process(void);
/* Convert an SBI (hart_mask, hart_mask_base) pair to a hart-id bitmap. */
int sbi_hartmask_from_sbi(unsigned long mask, unsigned long base,
			  unsigned long *out);

#endif /* SBI_IPI_H */
