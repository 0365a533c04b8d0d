// SPDX-License-Identifier: BSD-2-Clause
/*
 * The hart table from /cpus: which harts the firmware serves, their ids
 * in ascending order, and each hart's device registers (asked of the IPI
 * and timer classes).
 */
#include <libfdt.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_string.h>
#include <utils/fdt/fdt_helper.h>
#include <utils/fdt/fdt_platform.h>
#include <utils/ipi/fdt_ipi.h>
#include <utils/timer/fdt_timer.h>

/* The enabled cpu nodes, one call of @fn each; stops on non-zero. */
static int for_each_cpu(const void *fdt,
			int (*fn)(const void *fdt, int node,
				  unsigned long hartid, void *arg),
			void *arg)
{
	int cpus = fdt_path_offset(fdt, "/cpus");
	int node, ret;

	if (cpus < 0)
		return cpus;
	fdt_for_each_subnode(node, fdt, cpus) {
		const char *type = fdt_getprop(fdt, node, "device_type", NULL);
		unsigned long hartid;

		if (!type || strcmp(type, "cpu") || !fdt_node_enabled(fdt, node))
			continue;
		if (fdt_get_reg_in(fdt, cpus, node, 0, &hartid, NULL))
			continue;
		ret = fn(fdt, node, hartid, arg);
		if (ret)
			return ret;
	}
	return 0;
}

struct hart_scan {
	unsigned long boot_hartid;
	bool boot_found;
	unsigned long isa;
	unsigned long *ids;	/* fill pass only */
};

/*
 * A cpu without mmu-type is a monitor core (sifive_u's E51): no S-mode,
 * nothing for the supervisor to start.
 */
static bool hart_has_smode(const void *fdt, int node)
{
	return fdt_getprop(fdt, node, "mmu-type", NULL) != NULL;
}

/*
 * A hart is served if it can run S-mode and an MSWI reaches it (else
 * nothing could start it); the boot hart always is.
 */
static bool hart_served(const void *fdt, int node, unsigned long hartid,
			const struct hart_scan *scan)
{
	return hartid == scan->boot_hartid ||
	       (hart_has_smode(fdt, node) && fdt_ipi_hart_init(fdt, node, NULL));
}

static int count_hart(const void *fdt, int node, unsigned long hartid,
		      void *arg)
{
	struct hart_scan *scan = arg;

	if (!hart_served(fdt, node, hartid, scan)) {
		if (!hart_has_smode(fdt, node))
			sbi_plat.hart_no_smode++;
		else
			sbi_plat.hart_ignored++;
		return 0;
	}
	if (hartid == scan->boot_hartid)
		scan->boot_found = true;
	sbi_plat.hart_count++;
	scan->isa &= sbi_isa_from_fdt(fdt, node);
	return 0;
}

int fdt_harts_init(const void *fdt, unsigned long boot_hartid)
{
	struct hart_scan scan = { .boot_hartid = boot_hartid, .isa = ~0UL };
	int cpus = fdt_path_offset(fdt, "/cpus");
	int err;

	if (cpus < 0)
		return cpus;
	sbi_plat.timebase_freq = fdt_get_u32(fdt, cpus, "timebase-frequency",
					     10000000);
	err = for_each_cpu(fdt, count_hart, &scan);
	if (err)
		return err;
	if (!scan.boot_found)
		return -FDT_ERR_NOTFOUND;
	sbi_plat.isa_dt.ext = scan.isa;
	sbi_plat.isa.ext = scan.isa;
	return 0;
}

/* Insert into the ascending id array; a repeated id is dropped. */
static int fill_hart(const void *fdt, int node, unsigned long hartid,
		     void *arg)
{
	struct hart_scan *scan = arg;
	unsigned long *ids = scan->ids;
	unsigned int i = sbi_plat.hart_count;

	if (!hart_served(fdt, node, hartid, scan))
		return 0;
	while (i && ids[i - 1] > hartid)
		i--;
	if (i && ids[i - 1] == hartid)
		return 0;
	memmove(&ids[i + 1], &ids[i],
		(sbi_plat.hart_count - i) * sizeof(ids[0]));
	ids[i] = hartid;
	sbi_plat.hart_count++;
	return 0;
}

static int set_hart_regs(const void *fdt, int node, unsigned long hartid,
			 void *arg)
{
	int i = sbi_hartid_to_index(hartid);
	struct sbi_scratch *s;

	if (i < 0)
		return 0;
	s = sbi_scratch_at(i);
	fdt_ipi_hart_init(fdt, node, s);
	fdt_timer_hart_init(fdt, node, s);
	return 0;
}

void sbi_platform_harts_from_fdt(const void *fdt, unsigned long boot_hartid,
				 unsigned long *ids)
{
	struct hart_scan scan = { .boot_hartid = boot_hartid, .ids = ids };
	unsigned int i;

	sbi_plat.hart_count = 0;
	for_each_cpu(fdt, fill_hart, &scan);
	sbi_plat.hart_ids = ids;
	sbi_plat.hart_dense = ids[sbi_plat.hart_count - 1] ==
			      sbi_plat.hart_count - 1;
	for (i = 0; i < sbi_plat.hart_count; i++) {
		struct sbi_scratch *s = sbi_scratch_at(i);

		s->hartid = ids[i];
		s->hartindex = i;
	}
	for_each_cpu(fdt, set_hart_regs, NULL);
}

struct successor {
	long hartid;
	int node;
};

static int find_successor(const void *fdt, int node, unsigned long hartid,
			  void *arg)
{
	struct successor *next = arg;

	if (!hart_has_smode(fdt, node) || !fdt_ipi_hart_init(fdt, node, NULL))
		return 0;
	next->hartid = hartid;
	next->node = node;
	return 1;
}

long sbi_platform_boot_successor(const void *fdt, struct sbi_scratch *s)
{
	struct successor next = { .hartid = -1 };

	if (fdt_check_header(fdt))
		return -1;
	fdt_ipi_init(fdt);
	for_each_cpu(fdt, find_successor, &next);
	if (next.hartid >= 0)
		fdt_ipi_hart_init(fdt, next.node, s);
	return next.hartid;
}

int fdt_disable_unusable_harts(void *fdt)
{
	int cpus = fdt_path_offset(fdt, "/cpus");
	int node, err;

	if (cpus < 0)
		return cpus;
	fdt_for_each_subnode(node, fdt, cpus) {
		unsigned long hartid;

		if (fdt_get_reg_in(fdt, cpus, node, 0, &hartid, NULL) ||
		    sbi_hart_valid(hartid) || !fdt_node_enabled(fdt, node))
			continue;
		err = fdt_setprop_string(fdt, node, "status", "disabled");
		if (err)
			return err;
	}
	return 0;
}
