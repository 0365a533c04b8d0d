// SPDX-License-Identifier: BSD-2-Clause
/* fw_dynamic: next stage described by the previous stage in a2. */
#include <sbi/fw_dynamic.h>
#include <sbi/riscv_encoding.h>
#include <sbi/sbi_init.h>

const char fw_variant_name[] = "fw_dynamic";

int fw_next_stage(unsigned long fdt, unsigned long a2,
		  struct sbi_next_stage *next, const char **why)
{
	const struct fw_dynamic_info *info = (const void *)a2;

	if (!info || info->magic != FW_DYNAMIC_INFO_MAGIC) {
		*why = "fw_dynamic: bad magic in dynamic info (a2)";
		return -1;
	}
	if (info->version > FW_DYNAMIC_INFO_VERSION_MAX) {
		*why = "fw_dynamic: unsupported dynamic info version";
		return -1;
	}
	if (info->next_mode != PRV_S && info->next_mode != PRV_U) {
		*why = "fw_dynamic: next mode must be S or U";
		return -1;
	}
	next->addr = info->next_addr;
	next->mode = info->next_mode;
	next->fdt = fdt;
	return 0;
}
