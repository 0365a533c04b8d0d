/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Decoding fuzz bytes into arguments. Every generator reads a selector
 * byte: most selectors pick a value that is interesting for that argument
 * (counter indices near the ends of the index space, masks built from the
 * hart's own bitmaps, flags with reserved bits, every event type, shared
 * memory addresses around every boundary of the memory map); the rest give
 * a value from a table of edge cases or 8 raw bytes. Exhausted input reads
 * as zeros.
 */
#include <string.h>
#include "fuzz.h"

uint8_t fz_u8(struct fz_rd *r)
{
	return r->i < r->n ? r->p[r->i++] : 0;
}

uint16_t fz_u16(struct fz_rd *r)
{
	uint16_t v = fz_u8(r);

	return v | (uint16_t)(fz_u8(r) << 8);
}

uint32_t fz_u32(struct fz_rd *r)
{
	uint32_t v = fz_u16(r);

	return v | ((uint32_t)fz_u16(r) << 16);
}

uint64_t fz_u64(struct fz_rd *r)
{
	uint64_t v = fz_u32(r);

	return v | ((uint64_t)fz_u32(r) << 32);
}

static const unsigned long edge[] = {
	0, 1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 0xff, 0x100,
	0xfff, 0x1000, 0x1001, 0xffff, 0x10000, 0xfffff, 0x100000,
	0x7fffffffUL, 0x80000000UL, 0xffffffffUL, 1UL << 32, 1UL << 48,
	(1UL << 48) - 1, 1UL << 56, (1UL << 56) - 1, 1UL << 62, 1UL << 63,
	~0UL, ~0UL - 1, ~0UL - 15, ~0UL - 4095, ~0UL << 12, ~0UL >> 1,
	FZ_RAM_BASE, FZ_SRAM_BASE, FZ_RAM_END, FZ_MMIO_BASE,
	0x504d55, 0xf0000, 0xfffff, 0x20000, 0x30000, 0x10000,
};

#define N_EDGE	(sizeof(edge) / sizeof(edge[0]))

/* the generic tail of every generator: an edge value or raw bytes */
static unsigned long any_of(struct fz_rd *r, uint8_t sel)
{
	if (sel & 1)
		return fz_u64(r);
	return edge[fz_u8(r) % N_EDGE];
}

unsigned long fz_gen_any(struct fz_rd *r)
{
	uint8_t sel = fz_u8(r);

	if (sel < 0x40)
		return sel;
	return any_of(r, sel);
}

static unsigned long lowest(uint64_t x)
{
	return x ? (unsigned long)__builtin_ctzll(x) : 0;
}

unsigned long fz_gen_base(struct fz_rd *r, unsigned int h)
{
	const struct fz_model *m = &fz.m[h];
	uint8_t sel = fz_u8(r);
	unsigned long anchor[8] = {
		0, PMU_IDX_HPM_FIRST, fz.lay.hw_slots, fz.lay.num_ctrs,
		32, 64, m->last_idx, lowest(m->mapped),
	};

	if (sel < 0x40)
		return sel;
	if (sel < 0x80)
		return anchor[sel & 7] + ((sel >> 3) & 7) - 4;
	if (sel < 0xc0)
		return (sel & 1) ? m->last_idx : fz.lay.hw_slots + (sel & 31);
	return any_of(r, sel);
}

unsigned long fz_gen_mask(struct fz_rd *r, unsigned int h, unsigned long base)
{
	const struct fz_model *m = &fz.m[h];
	uint8_t sel = fz_u8(r);

	if (sel < 0x40)
		return 1UL << sel;
	if (sel < 0x80)
		return (1UL << (sel & 63)) - 1;
	if (sel < 0xa0)
		return base < 64 ? (unsigned long)(m->mapped >> base) : 0;
	if (sel < 0xc0)
		return base < 64 ? (unsigned long)(m->started >> base) : 0;
	if (sel < 0xe0)
		return ~0UL << (sel & 31);
	return any_of(r, sel);
}

unsigned long fz_gen_flags(struct fz_rd *r, unsigned long valid)
{
	uint8_t sel = fz_u8(r);

	if (sel < 0xc0)
		return fz_u8(r) & valid;
	if (sel < 0xe0)
		return (fz_u8(r) & valid) | (1UL << ((8 + (sel & 31)) % 64)) |
		       ((sel & 1) ? 1UL << 63 : 0);
	return any_of(r, sel);
}

unsigned long fz_gen_event_idx(struct fz_rd *r)
{
	static const unsigned int fw_codes[8] = {
		22, 255, 256, 257, 1000, 65534, 65535, 0x8000,
	};
	uint8_t sel = fz_u8(r);

	switch (sel >> 5) {
	case 0:	/* general events, 11..15 invalid */
		return PMU_EVIDX(PMU_EV_TYPE_HW, sel & 15);
	case 1:	/* cache events, 56..63 and op 3 invalid */
		return PMU_EVIDX(PMU_EV_TYPE_CACHE, fz_u8(r) & 63);
	case 2:
		return PMU_EVIDX((sel & 1) ? PMU_EV_TYPE_RAW_V2 :
				 PMU_EV_TYPE_RAW, (sel & 2) ? fz_u8(r) : 0);
	case 3:	/* SBI firmware events, 22..31 reserved */
		return PMU_EVIDX(PMU_EV_TYPE_FW, sel & 31);
	case 4:
		return PMU_EVIDX(PMU_EV_TYPE_FW, fw_codes[sel & 7]);
	case 5:	/* any type, any code */
		return PMU_EVIDX(sel & 15, fz_u16(r));
	case 6:	/* a valid-looking index with a reserved bit above 19 */
		return PMU_EVIDX((sel & 1) ? PMU_EV_TYPE_FW : PMU_EV_TYPE_HW,
				 (sel >> 1) & 7) |
		       (1UL << (20 + fz_u8(r) % 44));
	default:
		return any_of(r, sel);
	}
}

uint64_t fz_gen_data(struct fz_rd *r)
{
	static const uint64_t raw_edge[8] = {
		(1ULL << 48) - 1, 1ULL << 48, (1ULL << 56) - 1, 1ULL << 56,
		~0ULL, 1ULL << 63, 1, 0x8000000000000000ULL | 3,
	};
	uint8_t sel = fz_u8(r);

	if (sel < 0x80)
		return 0;
	if (sel < 0xa0)
		return sel & 31;
	if (sel < 0xb0)
		return raw_edge[sel & 7];
	if (sel < 0xe0) {
		/* something a raw map row matches, or nearly */
		const struct fz_ref_map *m = &fz.ref;
		uint64_t v;

		if (!m->num_raw)
			return fz_u16(r);
		v = m->raw[fz_u8(r) % m->num_raw].base;
		if (sel & 1)
			v |= ~m->raw[fz_u8(r) % m->num_raw].mask &
			     ((sel & 2) ? PMU_RAW_DATA_MASK : 1ULL << 40);
		return v;
	}
	return any_of(r, sel);
}

unsigned long fz_gen_addr(struct fz_rd *r, unsigned int h)
{
	static const unsigned long off[8] = { 0, 0, 0, 16, 32, 8, 4080, 1 };
	static const unsigned long special[16] = {
		FZ_RAM_BASE, FZ_RAM_BASE + 0x1000, FZ_SRAM_BASE - 0x1000,
		FZ_SRAM_BASE - 16, FZ_RAM_END - 0x1000, FZ_RAM_END - 16,
		FZ_RAM_END, FZ_RAM_END + 0x1000, FZ_MMIO_BASE, 0, ~0UL,
		~0UL & ~0xfffUL, ~0UL - 15, 0x1000, 1UL << 63,
		FZ_SRAM_BASE + (1UL << 32),
	};
	uint8_t sel = fz_u8(r);

	if (sel < 0x40)
		return FZ_SRAM_BASE + (sel & 7) * 0x1000UL +
		       off[(sel >> 3) & 7];
	if (sel < 0x60)
		return special[sel & 15];
	if (sel < 0x80)
		return fz.m[(h + sel) % FZ_HARTS].snap_addr;
	if (sel < 0xe0)
		return FZ_SRAM_BASE + (sel & 7) * 0x1000UL;
	return any_of(r, sel);
}

unsigned long fz_gen_hi(struct fz_rd *r)
{
	static const unsigned long hi[4] = { 1, ~0UL, 1UL << 63, 0x80000000UL };
	uint8_t sel = fz_u8(r);

	if (sel < 0xc0)
		return 0;
	if (sel < 0xe0)
		return hi[sel & 3];
	return any_of(r, sel);
}

unsigned long fz_gen_count(struct fz_rd *r)
{
	static const unsigned long big[8] = {
		256, ~0UL / 16, ~0UL / 16 + 1, 1UL << 60, 1UL << 59, ~0UL,
		FZ_SRAM_SIZE / 16 + 1, 4096 / 16,
	};
	uint8_t sel = fz_u8(r);

	if (sel < 0x80)
		return sel & 63;
	if (sel < 0xa0)
		return FZ_SRAM_SIZE / 16 + (sel & 7) - 4;
	if (sel < 0xc0)
		return big[sel & 7];
	return any_of(r, sel);
}

uint64_t fz_gen_init(struct fz_rd *r)
{
	uint8_t sel = fz_u8(r);

	if (sel < 0x40)
		return sel;
	if (sel < 0x80)
		return fz_width_mask(PMU_IDX_HPM_FIRST) - (sel & 7);
	if (sel < 0xc0)
		return ~0ULL - (sel & 7);
	return any_of(r, sel);
}

unsigned int fz_gen_fw_code(struct fz_rd *r)
{
	static const unsigned int code[8] = {
		22, 255, 256, 257, 1000, 65534, 65535, 0x10000,
	};
	uint8_t sel = fz_u8(r);

	if (sel < 0xc0)
		return sel % PMU_FW_STD_MAX;
	if (sel < 0xe0)
		return code[sel & 7];
	return fz_u32(r);
}

/* ---- device-tree cells ---- */

static void put_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

/* an event_idx for a DT row: mostly general/cache events */
static uint32_t dt_event(struct fz_rd *r)
{
	uint8_t sel = fz_u8(r);

	if (sel < 0x60)
		return PMU_EVIDX(PMU_EV_TYPE_HW, sel % 12);
	if (sel < 0xc0)
		return PMU_EVIDX(PMU_EV_TYPE_CACHE, sel & 63);
	if (sel < 0xe0)
		return PMU_EVIDX(sel & 15, sel & 0x10 ? 0xffff : 1);
	return fz_u32(r);
}

/*
 * Cells of one riscv,pmu property (0: event-to-mhpmevent, 1:
 * event-to-mhpmcounters, 2: raw-event-to-mhpmcounters): either raw bytes
 * of any length or whole rows of plausible values.
 */
void fz_gen_dt_cells(struct fz_rd *r, unsigned int prop, uint8_t *buf,
		     unsigned long *len, unsigned long max)
{
	uint8_t sel = fz_u8(r);
	unsigned long n, i, row = prop == 2 ? 20 : 12;

	if (sel & 0x80) {
		n = fz_u8(r) % (max + 1);
		for (i = 0; i < n; i++)
			buf[i] = fz_u8(r);
		*len = n;
		return;
	}
	n = (sel & 63) + 1;
	if (n * row > max)
		n = max / row;
	for (i = 0; i < n; i++) {
		uint8_t *p = buf + i * row;
		uint32_t start, bm = fz_u32(r);
		uint64_t mask, base;

		switch (prop) {
		case 0:
			put_be32(p, dt_event(r));
			put_be32(p + 4, (sel & 0x40) ? fz_u32(r) : 0);
			put_be32(p + 8, (sel & 0x40) ? fz_u32(r) : fz_u8(r));
			break;
		case 1:
			start = dt_event(r);
			put_be32(p, start);
			put_be32(p + 4, start + ((sel & 0x40) ? fz_u16(r) :
						 fz_u8(r) & 15));
			put_be32(p + 8, bm);
			break;
		default:
			mask = (sel & 0x40) ? fz_u64(r) :
			       ((1ULL << (fz_u8(r) % 57)) - 1) << (bm & 7);
			base = fz_u64(r);
			if (!(bm & 8))
				base &= mask;
			put_be32(p, (uint32_t)(base >> 32));
			put_be32(p + 4, (uint32_t)base);
			put_be32(p + 8, (uint32_t)(mask >> 32));
			put_be32(p + 12, (uint32_t)mask);
			put_be32(p + 16, bm);
			break;
		}
	}
	*len = n * row;
}
