/* SPDX-License-Identifier: BSD-2-Clause */
/* A read-only flattened device tree walker (enough for test payloads). */
#ifndef PAYLOAD_FDT_H
#define PAYLOAD_FDT_H

#include <stddef.h>
#include <stdint.h>

/* Non-zero when @fdt starts with a plausible FDT header. */
int fdt_valid(const void *fdt);
uint32_t fdt_totalsize(const void *fdt);

/*
 * Called for every property: @path is the node's full path ("/cpus/cpu@0"),
 * @depth its depth (root = 0). Return non-zero to stop the walk.
 */
typedef int (*fdt_prop_cb)(void *ctx, const char *path, int depth,
			   const char *name, const void *data, uint32_t len);
int fdt_walk(const void *fdt, fdt_prop_cb cb, void *ctx);

/* Property @name of the node at @path, or NULL; *@len gets its size. */
const void *fdt_getprop(const void *fdt, const char *path, const char *name,
			uint32_t *len);

static inline uint32_t fdt32(const void *p)
{
	const uint8_t *b = p;

	return ((uint32_t)b[0] << 24) | ((uint32_t)b[1] << 16) |
	       ((uint32_t)b[2] << 8) | b[3];
}

/* Read @cells big-endian 32-bit cells (1 or 2) as one number. */
uint64_t fdt_cells(const void *p, int cells);

/* Does the string-list property value @data (@len bytes) contain @s? */
int fdt_strlist_has(const char *data, uint32_t len, const char *s);
/* Copy node path @src into @dst (@size bytes), truncating, NUL-terminated. */
void fdt_copy_path(char *dst, size_t size, const char *src);

#endif /* PAYLOAD_FDT_H */
