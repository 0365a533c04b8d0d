// SPDX-License-Identifier: BSD-2-Clause
/*
 * Feed the riscv,pmu node of each DT blob to the firmware's own parser
 * (lib/pmu/pmu_dt.c, built for the host) and say whether it takes every
 * property; a truncated copy of each property must be refused, so the
 * check can fail.
 *
 *   pmu-dt-check FILE.dtb...      ok/FAIL lines, then "N passed, N failed"
 */
#include <libfdt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pmu/pmu.h>
#include <pmu/pmu_host.h>
#include <sbi/sbi_error.h>

typedef int (*loader)(struct pmu_platform *, const void *, unsigned long);

static const struct {
	const char *name;
	loader load;
} props[] = {
	{ "riscv,event-to-mhpmevent", pmu_dt_event_to_mhpmevent },
	{ "riscv,event-to-mhpmcounters", pmu_dt_event_to_mhpmcounters },
	{ "riscv,raw-event-to-mhpmcounters", pmu_dt_raw_event_to_mhpmcounters },
};

static int passed, failed;

/* The host's DT access, as the firmware's (lib/sbi/sbi_pmu_host.c) */
const void *pmu_host_dt_prop(const void *dt, enum pmu_dt_node which,
			     const char *name, unsigned long *len)
{
	int node = which == PMU_DT_CHOSEN ?
		   fdt_path_offset(dt, "/chosen") :
		   fdt_node_offset_by_compatible(dt, -1, "riscv,pmu");
	int n = 0;
	const void *p = node < 0 ? NULL : fdt_getprop(dt, node, name, &n);

	*len = p ? (unsigned long)n : 0;
	return p;
}

static void check(int ok, const char *file, const char *what)
{
	printf("%s - %s: %s\n", ok ? "ok" : "FAIL", file, what);
	if (ok)
		passed++;
	else
		failed++;
}

static void *load_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	long n;
	void *buf = NULL;

	if (!f)
		return NULL;
	if (!fseek(f, 0, SEEK_END) && (n = ftell(f)) > 0 && !fseek(f, 0, SEEK_SET)) {
		buf = malloc(n);
		if (buf && fread(buf, 1, n, f) != (size_t)n) {
			free(buf);
			buf = NULL;
		}
	}
	fclose(f);
	return buf;
}

/* Events with at least one counter once every property is loaded. */
static unsigned int mapped_events(const struct pmu_platform *p)
{
	unsigned int i, n = 0;

	for (i = 0; i < PMU_HW_EVENT_SLOTS; i++)
		n += p->events[i].counters != 0;
	return n;
}

static void check_dtb(const char *path)
{
	const char *file = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	struct pmu_platform plat, bad;
	char what[160];
	unsigned int i, found = 0;
	void *fdt = load_file(path);
	int node;

	if (!fdt || fdt_check_header(fdt)) {
		check(0, file, "readable DT blob");
		free(fdt);
		return;
	}
	node = fdt_node_offset_by_compatible(fdt, -1, "riscv,pmu");
	check(node >= 0, file, "has a riscv,pmu node");
	memset(&plat, 0, sizeof(plat));
	for (i = 0; node >= 0 && i < sizeof(props) / sizeof(props[0]); i++) {
		int len, ret;
		const void *v = fdt_getprop(fdt, node, props[i].name, &len);

		if (!v)
			continue;
		found++;
		ret = props[i].load(&plat, v, len);
		snprintf(what, sizeof(what), "%s accepted (%d bytes, error %d)",
			 props[i].name, len, ret);
		check(ret == 0, file, what);
		memset(&bad, 0, sizeof(bad));
		ret = props[i].load(&bad, v, len - 4);
		snprintf(what, sizeof(what), "%s cut by one cell refused "
			 "(error %d)", props[i].name, ret);
		check(ret == SBI_ERR_INVALID_PARAM, file, what);
	}
	snprintf(what, sizeof(what), "all three mapping properties present (%u)",
		 found);
	check(found == 3, file, what);
	snprintf(what, sizeof(what), "%u events mapped to counters",
		 mapped_events(&plat));
	check(mapped_events(&plat) > 0, file, what);
	/* the firmware's own loading of the node: the same map */
	memset(&bad, 0, sizeof(bad));
	check(!pmu_dt_load_maps(&bad, fdt) &&
	      !memcmp(bad.events, plat.events, sizeof(plat.events)) &&
	      !memcmp(bad.raw, plat.raw, sizeof(plat.raw)) &&
	      bad.map_rows == plat.map_rows, file,
	      "pmu_dt_load_maps() loads the same map");
	free(fdt);
}

int main(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++)
		check_dtb(argv[i]);
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
