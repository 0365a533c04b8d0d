/* SPDX-License-Identifier: BSD-2-Clause */
/* CSR access by number for the benchmark's host interface (generated list). */
#ifndef BENCH_CSR_SWITCH_H
#define BENCH_CSR_SWITCH_H

static inline unsigned long bench_csr_read(unsigned int csr)
{
	unsigned long v = 0;

	switch (csr) {
	case 0xb00: asm volatile("csrr %0, 0xb00" : "=r"(v)); break;
	case 0xb02: asm volatile("csrr %0, 0xb02" : "=r"(v)); break;
	case 0xb03: asm volatile("csrr %0, 0xb03" : "=r"(v)); break;
	case 0xb04: asm volatile("csrr %0, 0xb04" : "=r"(v)); break;
	case 0xb05: asm volatile("csrr %0, 0xb05" : "=r"(v)); break;
	case 0xb06: asm volatile("csrr %0, 0xb06" : "=r"(v)); break;
	case 0xb07: asm volatile("csrr %0, 0xb07" : "=r"(v)); break;
	case 0xb08: asm volatile("csrr %0, 0xb08" : "=r"(v)); break;
	case 0xb09: asm volatile("csrr %0, 0xb09" : "=r"(v)); break;
	case 0xb0a: asm volatile("csrr %0, 0xb0a" : "=r"(v)); break;
	case 0xb0b: asm volatile("csrr %0, 0xb0b" : "=r"(v)); break;
	case 0xb0c: asm volatile("csrr %0, 0xb0c" : "=r"(v)); break;
	case 0xb0d: asm volatile("csrr %0, 0xb0d" : "=r"(v)); break;
	case 0xb0e: asm volatile("csrr %0, 0xb0e" : "=r"(v)); break;
	case 0xb0f: asm volatile("csrr %0, 0xb0f" : "=r"(v)); break;
	case 0xb10: asm volatile("csrr %0, 0xb10" : "=r"(v)); break;
	case 0xb11: asm volatile("csrr %0, 0xb11" : "=r"(v)); break;
	case 0xb12: asm volatile("csrr %0, 0xb12" : "=r"(v)); break;
	case 0xb13: asm volatile("csrr %0, 0xb13" : "=r"(v)); break;
	case 0xb14: asm volatile("csrr %0, 0xb14" : "=r"(v)); break;
	case 0xb15: asm volatile("csrr %0, 0xb15" : "=r"(v)); break;
	case 0xb16: asm volatile("csrr %0, 0xb16" : "=r"(v)); break;
	case 0xb17: asm volatile("csrr %0, 0xb17" : "=r"(v)); break;
	case 0xb18: asm volatile("csrr %0, 0xb18" : "=r"(v)); break;
	case 0xb19: asm volatile("csrr %0, 0xb19" : "=r"(v)); break;
	case 0xb1a: asm volatile("csrr %0, 0xb1a" : "=r"(v)); break;
	case 0xb1b: asm volatile("csrr %0, 0xb1b" : "=r"(v)); break;
	case 0xb1c: asm volatile("csrr %0, 0xb1c" : "=r"(v)); break;
	case 0xb1d: asm volatile("csrr %0, 0xb1d" : "=r"(v)); break;
	case 0xb1e: asm volatile("csrr %0, 0xb1e" : "=r"(v)); break;
	case 0xb1f: asm volatile("csrr %0, 0xb1f" : "=r"(v)); break;
	case 0x306: asm volatile("csrr %0, 0x306" : "=r"(v)); break;
	case 0x320: asm volatile("csrr %0, 0x320" : "=r"(v)); break;
	case 0x321: asm volatile("csrr %0, 0x321" : "=r"(v)); break;
	case 0x322: asm volatile("csrr %0, 0x322" : "=r"(v)); break;
	case 0x323: asm volatile("csrr %0, 0x323" : "=r"(v)); break;
	case 0x324: asm volatile("csrr %0, 0x324" : "=r"(v)); break;
	case 0x325: asm volatile("csrr %0, 0x325" : "=r"(v)); break;
	case 0x326: asm volatile("csrr %0, 0x326" : "=r"(v)); break;
	case 0x327: asm volatile("csrr %0, 0x327" : "=r"(v)); break;
	case 0x328: asm volatile("csrr %0, 0x328" : "=r"(v)); break;
	case 0x329: asm volatile("csrr %0, 0x329" : "=r"(v)); break;
	case 0x32a: asm volatile("csrr %0, 0x32a" : "=r"(v)); break;
	case 0x32b: asm volatile("csrr %0, 0x32b" : "=r"(v)); break;
	case 0x32c: asm volatile("csrr %0, 0x32c" : "=r"(v)); break;
	case 0x32d: asm volatile("csrr %0, 0x32d" : "=r"(v)); break;
	case 0x32e: asm volatile("csrr %0, 0x32e" : "=r"(v)); break;
	case 0x32f: asm volatile("csrr %0, 0x32f" : "=r"(v)); break;
	case 0x330: asm volatile("csrr %0, 0x330" : "=r"(v)); break;
	case 0x331: asm volatile("csrr %0, 0x331" : "=r"(v)); break;
	case 0x332: asm volatile("csrr %0, 0x332" : "=r"(v)); break;
	case 0x333: asm volatile("csrr %0, 0x333" : "=r"(v)); break;
	case 0x334: asm volatile("csrr %0, 0x334" : "=r"(v)); break;
	case 0x335: asm volatile("csrr %0, 0x335" : "=r"(v)); break;
	case 0x336: asm volatile("csrr %0, 0x336" : "=r"(v)); break;
	case 0x337: asm volatile("csrr %0, 0x337" : "=r"(v)); break;
	case 0x338: asm volatile("csrr %0, 0x338" : "=r"(v)); break;
	case 0x339: asm volatile("csrr %0, 0x339" : "=r"(v)); break;
	case 0x33a: asm volatile("csrr %0, 0x33a" : "=r"(v)); break;
	case 0x33b: asm volatile("csrr %0, 0x33b" : "=r"(v)); break;
	case 0x33c: asm volatile("csrr %0, 0x33c" : "=r"(v)); break;
	case 0x33d: asm volatile("csrr %0, 0x33d" : "=r"(v)); break;
	case 0x33e: asm volatile("csrr %0, 0x33e" : "=r"(v)); break;
	case 0x33f: asm volatile("csrr %0, 0x33f" : "=r"(v)); break;
	case 0xda0: asm volatile("csrr %0, 0xda0" : "=r"(v)); break;
	default: break;
	}
	return v;
}

static inline void bench_csr_write(unsigned int csr, unsigned long v)
{
	switch (csr) {
	case 0xb00: asm volatile("csrw 0xb00, %0" :: "r"(v)); break;
	case 0xb02: asm volatile("csrw 0xb02, %0" :: "r"(v)); break;
	case 0xb03: asm volatile("csrw 0xb03, %0" :: "r"(v)); break;
	case 0xb04: asm volatile("csrw 0xb04, %0" :: "r"(v)); break;
	case 0xb05: asm volatile("csrw 0xb05, %0" :: "r"(v)); break;
	case 0xb06: asm volatile("csrw 0xb06, %0" :: "r"(v)); break;
	case 0xb07: asm volatile("csrw 0xb07, %0" :: "r"(v)); break;
	case 0xb08: asm volatile("csrw 0xb08, %0" :: "r"(v)); break;
	case 0xb09: asm volatile("csrw 0xb09, %0" :: "r"(v)); break;
	case 0xb0a: asm volatile("csrw 0xb0a, %0" :: "r"(v)); break;
	case 0xb0b: asm volatile("csrw 0xb0b, %0" :: "r"(v)); break;
	case 0xb0c: asm volatile("csrw 0xb0c, %0" :: "r"(v)); break;
	case 0xb0d: asm volatile("csrw 0xb0d, %0" :: "r"(v)); break;
	case 0xb0e: asm volatile("csrw 0xb0e, %0" :: "r"(v)); break;
	case 0xb0f: asm volatile("csrw 0xb0f, %0" :: "r"(v)); break;
	case 0xb10: asm volatile("csrw 0xb10, %0" :: "r"(v)); break;
	case 0xb11: asm volatile("csrw 0xb11, %0" :: "r"(v)); break;
	case 0xb12: asm volatile("csrw 0xb12, %0" :: "r"(v)); break;
	case 0xb13: asm volatile("csrw 0xb13, %0" :: "r"(v)); break;
	case 0xb14: asm volatile("csrw 0xb14, %0" :: "r"(v)); break;
	case 0xb15: asm volatile("csrw 0xb15, %0" :: "r"(v)); break;
	case 0xb16: asm volatile("csrw 0xb16, %0" :: "r"(v)); break;
	case 0xb17: asm volatile("csrw 0xb17, %0" :: "r"(v)); break;
	case 0xb18: asm volatile("csrw 0xb18, %0" :: "r"(v)); break;
	case 0xb19: asm volatile("csrw 0xb19, %0" :: "r"(v)); break;
	case 0xb1a: asm volatile("csrw 0xb1a, %0" :: "r"(v)); break;
	case 0xb1b: asm volatile("csrw 0xb1b, %0" :: "r"(v)); break;
	case 0xb1c: asm volatile("csrw 0xb1c, %0" :: "r"(v)); break;
	case 0xb1d: asm volatile("csrw 0xb1d, %0" :: "r"(v)); break;
	case 0xb1e: asm volatile("csrw 0xb1e, %0" :: "r"(v)); break;
	case 0xb1f: asm volatile("csrw 0xb1f, %0" :: "r"(v)); break;
	case 0x306: asm volatile("csrw 0x306, %0" :: "r"(v)); break;
	case 0x320: asm volatile("csrw 0x320, %0" :: "r"(v)); break;
	case 0x321: asm volatile("csrw 0x321, %0" :: "r"(v)); break;
	case 0x322: asm volatile("csrw 0x322, %0" :: "r"(v)); break;
	case 0x323: asm volatile("csrw 0x323, %0" :: "r"(v)); break;
	case 0x324: asm volatile("csrw 0x324, %0" :: "r"(v)); break;
	case 0x325: asm volatile("csrw 0x325, %0" :: "r"(v)); break;
	case 0x326: asm volatile("csrw 0x326, %0" :: "r"(v)); break;
	case 0x327: asm volatile("csrw 0x327, %0" :: "r"(v)); break;
	case 0x328: asm volatile("csrw 0x328, %0" :: "r"(v)); break;
	case 0x329: asm volatile("csrw 0x329, %0" :: "r"(v)); break;
	case 0x32a: asm volatile("csrw 0x32a, %0" :: "r"(v)); break;
	case 0x32b: asm volatile("csrw 0x32b, %0" :: "r"(v)); break;
	case 0x32c: asm volatile("csrw 0x32c, %0" :: "r"(v)); break;
	case 0x32d: asm volatile("csrw 0x32d, %0" :: "r"(v)); break;
	case 0x32e: asm volatile("csrw 0x32e, %0" :: "r"(v)); break;
	case 0x32f: asm volatile("csrw 0x32f, %0" :: "r"(v)); break;
	case 0x330: asm volatile("csrw 0x330, %0" :: "r"(v)); break;
	case 0x331: asm volatile("csrw 0x331, %0" :: "r"(v)); break;
	case 0x332: asm volatile("csrw 0x332, %0" :: "r"(v)); break;
	case 0x333: asm volatile("csrw 0x333, %0" :: "r"(v)); break;
	case 0x334: asm volatile("csrw 0x334, %0" :: "r"(v)); break;
	case 0x335: asm volatile("csrw 0x335, %0" :: "r"(v)); break;
	case 0x336: asm volatile("csrw 0x336, %0" :: "r"(v)); break;
	case 0x337: asm volatile("csrw 0x337, %0" :: "r"(v)); break;
	case 0x338: asm volatile("csrw 0x338, %0" :: "r"(v)); break;
	case 0x339: asm volatile("csrw 0x339, %0" :: "r"(v)); break;
	case 0x33a: asm volatile("csrw 0x33a, %0" :: "r"(v)); break;
	case 0x33b: asm volatile("csrw 0x33b, %0" :: "r"(v)); break;
	case 0x33c: asm volatile("csrw 0x33c, %0" :: "r"(v)); break;
	case 0x33d: asm volatile("csrw 0x33d, %0" :: "r"(v)); break;
	case 0x33e: asm volatile("csrw 0x33e, %0" :: "r"(v)); break;
	case 0x33f: asm volatile("csrw 0x33f, %0" :: "r"(v)); break;
	case 0xda0: asm volatile("csrw 0xda0, %0" :: "r"(v)); break;
	default: break;
	}
}

#endif /* BENCH_CSR_SWITCH_H */
