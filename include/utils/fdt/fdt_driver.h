/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Device-tree drivers. Each device class (lib/utils/serial, ipi, timer,
 * reset) keeps a table of drivers, listed one line each in the class's
 * fdt_<class>_drivers.h as driver(name) lines of a list macro; the class
 * walks the DT and probes the nodes a driver of its table matches.
 */
#ifndef FDT_DRIVER_H
#define FDT_DRIVER_H

#include <stdbool.h>
#include <stddef.h>

struct sbi_scratch;

struct fdt_driver {
	const char *name;
	/* NULL-terminated; a node matches if it is compatible with one */
	const char *const *compatible;
	/* Set the device of @node up and register it with the core. */
	int (*probe)(const void *fdt, int node);
	/*
	 * Optional, for per-hart devices (IPI, timer): does the device serve
	 * hart @cpu (its cpu node)? If so and @s is set, store the hart's
	 * registers in @s.
	 */
	bool (*hart_init)(const void *fdt, int cpu, struct sbi_scratch *s);
};

/* clang-format off */
#define FDT_DRIVER_DECLARE(d)	extern const struct fdt_driver d;
#define FDT_DRIVER_ENTRY(d)	&d,
/*
 * static @name[]: the drivers of list macro @list (one driver(x) line per
 * driver), in its order, NULL-terminated; declares each too.
 */
#define FDT_DRIVER_TABLE(name, list)				\
	list(FDT_DRIVER_DECLARE)				\
	static const struct fdt_driver *const name[] = {	\
		list(FDT_DRIVER_ENTRY) NULL			\
	}
/* clang-format on */

/* The driver of NULL-terminated @table that matches @node, or NULL. */
const struct fdt_driver *fdt_driver_match(const void *fdt, int node,
					  const struct fdt_driver *const *table);
/*
 * Probe every enabled node some driver of @table matches (each node
 * once, by the first matching driver); returns how many probed.
 */
int fdt_driver_probe_all(const void *fdt,
			 const struct fdt_driver *const *table);
/*
 * Ask every driver of @table that probed a node whether it serves hart
 * @cpu (struct fdt_driver.hart_init); true if one does.
 */
bool fdt_driver_hart_init(const void *fdt, int cpu, struct sbi_scratch *s,
			  const struct fdt_driver *const *table);
/* True if @node is compatible with one of NULL-terminated @list. */
bool fdt_compatible_any(const void *fdt, int node, const char *const *list);
/*
 * The context index of hart @cpu in device @dev: the position of the
 * hart's riscv,cpu-intc among @dev's interrupts-extended entries that
 * carry interrupt @irq; -1 if the hart has none.
 */
int fdt_hart_context(const void *fdt, int dev, int cpu, unsigned int irq);

/* A device whose per-hart registers follow @base, one per context. */
struct fdt_hart_regs {
	int node;
	unsigned long base;
};

/*
 * Hart @cpu's register in the first of @devs[0..@n) that has a context
 * of interrupt @irq for it: *@reg = base + @stride * context (if @reg).
 * False if none serves the hart.
 */
bool fdt_hart_reg(const void *fdt, const struct fdt_hart_regs *devs,
		  unsigned int n, int cpu, unsigned int irq,
		  unsigned long stride, unsigned long *reg);

#endif /* FDT_DRIVER_H */
