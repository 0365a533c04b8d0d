// SPDX-License-Identifier: BSD-2-Clause
/*
 * fw_jump: the next stage sits at a build-time address (FW_JUMP_ADDR);
 * with FW_JUMP_FDT_ADDR the DT goes to a build-time address too.
 */
#include <libfdt.h>
#include <sbi/riscv_encoding.h>
#include <sbi/sbi_init.h>

#ifndef FW_JUMP_ADDR
#define FW_JUMP_ADDR	0x80200000UL
#endif

const char fw_variant_name[] = "fw_jump";

#ifdef FW_JUMP_FDT_ADDR
/*
 * The DT from a1 moves to FW_JUMP_FDT_ADDR (fdt_move copies overlapping
 * blobs safely); without one in a1, a loader put it there itself.
 */
unsigned long fw_fdt_address(unsigned long a1)
{
	void *to = (void *)FW_JUMP_FDT_ADDR;

	if (a1 && a1 != FW_JUMP_FDT_ADDR && !fdt_check_header((void *)a1))
		fdt_move((void *)a1, to, fdt_totalsize((void *)a1));
	return FW_JUMP_FDT_ADDR;
}
#endif

int fw_next_stage(unsigned long fdt, unsigned long a2,
		  struct sbi_next_stage *next, const char **why)
{
	(void)a2;
	(void)why;
	next->addr = FW_JUMP_ADDR;
	next->mode = PRV_S;
	next->fdt = fdt;
	return 0;
}
