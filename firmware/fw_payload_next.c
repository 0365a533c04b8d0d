// SPDX-License-Identifier: BSD-2-Clause
/* fw_payload: the next stage is the payload inside the image, in S-mode. */
#include <sbi/riscv_encoding.h>
#include <sbi/sbi_init.h>

extern char _fw_payload_start[];

const char fw_variant_name[] = "fw_payload";

int fw_next_stage(unsigned long fdt, unsigned long a2,
		  struct sbi_next_stage *next, const char **why)
{
	(void)a2;
	(void)why;
	next->addr = (unsigned long)_fw_payload_start;
	next->mode = PRV_S;
	next->fdt = fdt;
	return 0;
}
