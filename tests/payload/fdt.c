/* SPDX-License-Identifier: BSD-2-Clause */
/* Flattened device tree: header check and a property walk. */
#include <payload.h>

#define FDT_MAGIC	0xd00dfeed
#define FDT_BEGIN_NODE	1
#define FDT_END_NODE	2
#define FDT_PROP	3
#define FDT_NOP		4
#define FDT_END		9
#define FDT_PATH_MAX	128
#define FDT_DEPTH_MAX	16

int fdt_valid(const void *fdt)
{
	unsigned long p = (unsigned long)fdt;

	if (!p || (p & 3))
		return 0;
	return fdt32(fdt) == FDT_MAGIC && fdt32((const char *)fdt + 20) >= 16;
}

uint32_t fdt_totalsize(const void *fdt)
{
	return fdt32((const char *)fdt + 4);
}

uint64_t fdt_cells(const void *p, int cells)
{
	const uint8_t *b = p;

	if (cells == 2)
		return ((uint64_t)fdt32(b) << 32) | fdt32(b + 4);
	return fdt32(b);
}

static uint32_t align4(uint32_t x)
{
	return (x + 3) & ~3U;
}

struct walk {
	char path[FDT_PATH_MAX];
	uint32_t saved_len[FDT_DEPTH_MAX];
	int depth;			/* -1 before the root node */
};

static int walk_enter(struct walk *w, const char *name)
{
	uint32_t len = strlen(w->path), n = strlen(name);

	if (w->depth + 1 >= FDT_DEPTH_MAX)
		return -1;
	w->saved_len[++w->depth] = len;
	if (w->depth == 0) {
		w->path[0] = '/';
		w->path[1] = '\0';
		return 0;
	}
	if (len > 1)
		w->path[len++] = '/';
	if (len + n >= FDT_PATH_MAX)
		return -1;
	memcpy(w->path + len, name, n);
	w->path[len + n] = '\0';
	return 0;
}

static void walk_leave(struct walk *w)
{
	if (w->depth >= 0)
		w->path[w->saved_len[w->depth--]] = '\0';
}

int fdt_walk(const void *fdt, fdt_prop_cb cb, void *ctx)
{
	const char *base = fdt;
	const char *strings, *p, *end;
	struct walk w = { .path = "", .depth = -1 };
	uint32_t tok, len;

	if (!fdt_valid(fdt))
		return -1;
	p = base + fdt32(base + 8);
	strings = base + fdt32(base + 12);
	end = base + fdt_totalsize(fdt);
	while (p + 4 <= end) {
		tok = fdt32(p);
		p += 4;
		switch (tok) {
		case FDT_BEGIN_NODE:
			if (walk_enter(&w, p))
				return -1;
			p += align4(strlen(p) + 1);
			break;
		case FDT_END_NODE:
			walk_leave(&w);
			break;
		case FDT_PROP:
			len = fdt32(p);
			if (p + 8 + len > end)
				return -1;
			if (cb(ctx, w.path, w.depth, strings + fdt32(p + 4),
			       p + 8, len))
				return 0;
			p += 8 + align4(len);
			break;
		case FDT_NOP:
			break;
		case FDT_END:
			return 0;
		default:
			return -1;
		}
	}
	return -1;
}

struct getprop {
	const char *path;
	const char *name;
	const void *data;
	uint32_t len;
};

static int getprop_cb(void *ctx, const char *path, int depth,
		      const char *name, const void *data, uint32_t len)
{
	struct getprop *g = ctx;

	if (strcmp(path, g->path) || strcmp(name, g->name))
		return 0;
	g->data = data;
	g->len = len;
	return 1;
}

const void *fdt_getprop(const void *fdt, const char *path, const char *name,
			uint32_t *len)
{
	struct getprop g = { path, name, NULL, 0 };

	fdt_walk(fdt, getprop_cb, &g);
	if (g.data && len)
		*len = g.len;
	return g.data;
}

int fdt_strlist_has(const char *data, uint32_t len, const char *s)
{
	uint32_t off = 0;

	while (off < len) {
		if (!strcmp(data + off, s))
			return 1;
		off += strlen(data + off) + 1;
	}
	return 0;
}

void fdt_copy_path(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src);

	if (n >= size)
		n = size - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}
