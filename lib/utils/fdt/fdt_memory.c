// SPDX-License-Identifier: BSD-2-Clause
/* RAM: the reg entries of the enabled device_type = "memory" nodes. */
#include <libfdt.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_string.h>
#include <utils/fdt/fdt_helper.h>
#include <utils/fdt/fdt_platform.h>

void fdt_memory_init(const void *fdt)
{
	int node;

	fdt_for_each_subnode(node, fdt, 0) {
		const char *type = fdt_getprop(fdt, node, "device_type", NULL);
		unsigned long base, size;
		int i;

		if (!type || strcmp(type, "memory") || !fdt_node_enabled(fdt, node))
			continue;
		for (i = 0; !fdt_get_reg(fdt, node, i, &base, &size); i++) {
			struct sbi_mem_region *r;

			if (sbi_plat.mem_count == SBI_MAX_MEM_REGIONS || !size)
				break;
			r = &sbi_plat.mem[sbi_plat.mem_count++];
			r->base = base;
			r->size = size;
		}
	}
}
