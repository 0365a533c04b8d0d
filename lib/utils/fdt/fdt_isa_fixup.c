// SPDX-License-Identifier: BSD-2-Clause
/*
 * Device-tree ISA fix-up: the next stage must not be told about extensions
 * it cannot use (absent on the hart, or kept by the firmware).
 */
#include <libfdt.h>
#include <utils/fdt/fdt_helper.h>
#include <sbi/sbi_isa.h>
#include <sbi/sbi_string.h>

#define ISA_PROP_MAX	2048

static bool hidden(const char *name, size_t len, unsigned long hide)
{
	unsigned int e;

	for (e = 0; e < SBI_ISA_EXT_MAX; e++) {
		const char *n = sbi_isa_ext_name(e);

		if (((hide >> e) & 1) && strlen(n) == len &&
		    !strncmp(n, name, len))
			return true;
	}
	return false;
}

/* riscv,isa-extensions: a list of NUL-terminated names. */
static int fix_ext_list(void *fdt, int node, unsigned long hide)
{
	char out[ISA_PROP_MAX];
	const char *p;
	int len, off, n = 0;

	p = fdt_getprop(fdt, node, "riscv,isa-extensions", &len);
	if (!p)
		return 0;
	if (len > ISA_PROP_MAX)
		return -FDT_ERR_NOSPACE;
	for (off = 0; off < len; off += strnlen(p + off, len - off) + 1) {
		size_t l = strnlen(p + off, len - off);

		if (hidden(p + off, l, hide))
			continue;
		memcpy(out + n, p + off, l);
		out[n + l] = 0;
		n += l + 1;
	}
	return n == len ? 0 : fdt_setprop(fdt, node, "riscv,isa-extensions",
					  out, n);
}

/* riscv,isa: "rv64imac_zicsr_sscofpmf": drop the "_name" tokens. */
static int fix_isa_string(void *fdt, int node, unsigned long hide)
{
	char out[ISA_PROP_MAX];
	const char *p;
	int len, i = 0, n = 0;

	p = fdt_getprop(fdt, node, "riscv,isa", &len);
	if (!p)
		return 0;
	len = strnlen(p, len);
	if (len >= ISA_PROP_MAX)
		return -FDT_ERR_NOSPACE;
	while (i < len) {
		int start = i;

		i++;	/* the first character or the '_' separator */
		while (i < len && p[i] != '_')
			i++;
		if (p[start] == '_' && hidden(p + start + 1, i - start - 1, hide))
			continue;
		memcpy(out + n, p + start, i - start);
		n += i - start;
	}
	out[n] = 0;
	return n == len ? 0 : fdt_setprop_string(fdt, node, "riscv,isa", out);
}

int fdt_hide_isa_extensions(void *fdt, unsigned long hide)
{
	int cpus = fdt_path_offset(fdt, "/cpus");
	int node, err;

	if (cpus < 0 || !hide)
		return cpus < 0 ? cpus : 0;
	fdt_for_each_subnode(node, fdt, cpus) {
		const char *type = fdt_getprop(fdt, node, "device_type", NULL);

		if (!type || strcmp(type, "cpu"))
			continue;
		err = fix_ext_list(fdt, node, hide);
		if (!err)
			err = fix_isa_string(fdt, node, hide);
		if (err)
			return err;
	}
	return 0;
}
