/* SPDX-License-Identifier: BSD-2-Clause */
/* Small helpers over libfdt used by the platform and driver code. */
#ifndef FDT_HELPER_H
#define FDT_HELPER_H

#include <stdbool.h>
#include <stdint.h>

/* Entry @index of a node's "reg", using the parent's cell sizes. */
int fdt_get_reg(const void *fdt, int node, int index, unsigned long *addr,
		unsigned long *size);
/* The same with the parent known: no walk from the root to find it. */
int fdt_get_reg_in(const void *fdt, int parent, int node, int index,
		   unsigned long *addr, unsigned long *size);
/* A u32 property, or @def if absent. */
uint32_t fdt_get_u32(const void *fdt, int node, const char *name,
		     uint32_t def);
/* A property of one or two cells into *@v; untouched if absent. */
void fdt_get_ulong(const void *fdt, int node, const char *name,
		   unsigned long *v);
/* True unless "status" says otherwise. */
bool fdt_node_enabled(const void *fdt, int node);
/* Node named by /chosen/stdout-path (options after ':' ignored). */
int fdt_stdout_node(const void *fdt);
/* Add a no-map /reserved-memory entry @name of the firmware; grows the tree. */
int fdt_reserve_firmware(void *fdt, const char *name, unsigned long base,
			 unsigned long size);
/* Mark cpu nodes of harts the firmware cannot run as disabled. */
int fdt_disable_unusable_harts(void *fdt);
/*
 * Remove the extensions in @hide (bit per enum sbi_isa_ext) from every cpu
 * node's riscv,isa-extensions and riscv,isa.
 */
int fdt_hide_isa_extensions(void *fdt, unsigned long hide);

#endif /* FDT_HELPER_H */
