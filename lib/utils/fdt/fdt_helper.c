// SPDX-License-Identifier: BSD-2-Clause
/* Generic device-tree lookups shared by the drivers. */
#include <libfdt.h>
#include <utils/fdt/fdt_helper.h>
#include <sbi/sbi_string.h>

static unsigned long read_cells(const fdt32_t *p, int cells)
{
	uint64_t v = 0;

	while (cells--)
		v = (v << 32) | fdt32_to_cpu(*p++);
	return (unsigned long)v;
}

int fdt_get_reg_in(const void *fdt, int parent, int node, int index,
		   unsigned long *addr, unsigned long *size)
{
	int ac, sc, len, entry;
	const fdt32_t *reg;

	ac = fdt_address_cells(fdt, parent);
	sc = fdt_size_cells(fdt, parent);
	if (ac < 1 || ac > 2 || sc < 0 || sc > 2)
		return -FDT_ERR_BADNCELLS;
	reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg)
		return -FDT_ERR_NOTFOUND;
	entry = (ac + sc) * 4;
	if (len < (index + 1) * entry)
		return -FDT_ERR_NOTFOUND;
	reg += index * (ac + sc);
	*addr = read_cells(reg, ac);
	if (size)
		*size = sc ? read_cells(reg + ac, sc) : 0;
	return 0;
}

int fdt_get_reg(const void *fdt, int node, int index, unsigned long *addr,
		unsigned long *size)
{
	int parent = fdt_parent_offset(fdt, node);

	if (parent < 0)
		return parent;
	return fdt_get_reg_in(fdt, parent, node, index, addr, size);
}

uint32_t fdt_get_u32(const void *fdt, int node, const char *name, uint32_t def)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, name, &len);

	return p && len >= 4 ? fdt32_to_cpu(*p) : def;
}

void fdt_get_ulong(const void *fdt, int node, const char *name,
		   unsigned long *v)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, name, &len);

	if (p && len == 4)
		*v = fdt32_to_cpu(p[0]);
	else if (p && len == 8)
		*v = (unsigned long)(((uint64_t)fdt32_to_cpu(p[0]) << 32) |
				     fdt32_to_cpu(p[1]));
}

bool fdt_node_enabled(const void *fdt, int node)
{
	int len;
	const char *s = fdt_getprop(fdt, node, "status", &len);

	return !s || !strcmp(s, "okay") || !strcmp(s, "ok");
}

int fdt_stdout_node(const void *fdt)
{
	int chosen = fdt_path_offset(fdt, "/chosen");
	const char *path, *colon;
	int len;

	if (chosen < 0)
		return chosen;
	path = fdt_getprop(fdt, chosen, "stdout-path", &len);
	if (!path)
		return -FDT_ERR_NOTFOUND;
	colon = memchr(path, ':', len);
	if (colon)
		return fdt_path_offset_namelen(fdt, path, colon - path);
	if (path[0] != '/')
		return fdt_path_offset(fdt, fdt_get_alias(fdt, path) ?: path);
	return fdt_path_offset(fdt, path);
}

static int fdt_grow(void *fdt, int extra)
{
	return fdt_open_into(fdt, fdt, fdt_totalsize(fdt) + extra);
}

int fdt_reserve_firmware(void *fdt, const char *name, unsigned long base,
			 unsigned long size)
{
	int root, rsv, node, err, ac, sc;
	fdt32_t reg[4];
	int n = 0;

	err = fdt_grow(fdt, 1024);
	if (err)
		return err;
	root = fdt_path_offset(fdt, "/");
	ac = fdt_address_cells(fdt, root);
	sc = fdt_size_cells(fdt, root);
	rsv = fdt_subnode_offset(fdt, root, "reserved-memory");
	if (rsv < 0) {
		rsv = fdt_add_subnode(fdt, root, "reserved-memory");
		if (rsv < 0)
			return rsv;
		fdt_setprop_u32(fdt, rsv, "#address-cells", ac);
		fdt_setprop_u32(fdt, rsv, "#size-cells", sc);
		fdt_setprop(fdt, rsv, "ranges", NULL, 0);
	}
	node = fdt_add_subnode(fdt, rsv, name);
	if (node < 0)
		return node;
	if (ac == 2)
		reg[n++] = cpu_to_fdt32((uint64_t)base >> 32);
	reg[n++] = cpu_to_fdt32(base);
	if (sc == 2)
		reg[n++] = cpu_to_fdt32((uint64_t)size >> 32);
	reg[n++] = cpu_to_fdt32(size);
	err = fdt_setprop(fdt, node, "reg", reg, n * sizeof(reg[0]));
	if (!err)
		err = fdt_setprop(fdt, node, "no-map", NULL, 0);
	return err;
}
