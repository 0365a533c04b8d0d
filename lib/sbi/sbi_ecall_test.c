// SPDX-License-Identifier: BSD-2-Clause
/* The test channel extension (see sbi_test_channel.h). */
#include <libfdt.h>
#include <sbi/sbi_ecall.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_string.h>
#include <sbi/sbi_suspend_loss.h>
#include <sbi/sbi_test_channel.h>

extern char _fw_start[], _fw_ro_end[];

static bool enabled;
static unsigned long boot_checksum;

/*
 * FNV-1a over text, rodata and relocations: fixed after relocation. XLEN
 * wide: the 64-bit basis and prime, or the 32-bit ones on RV32.
 */
#if __riscv_xlen == 32
#define FNV_BASIS	0x811c9dc5UL
#define FNV_PRIME	0x01000193UL
#else
#define FNV_BASIS	0xcbf29ce484222325UL
#define FNV_PRIME	0x100000001b3UL
#endif

static unsigned long image_checksum(void)
{
	const unsigned char *p = (const unsigned char *)_fw_start;
	unsigned long h = FNV_BASIS;

	for (; p < (const unsigned char *)_fw_ro_end; p++)
		h = (h ^ *p) * FNV_PRIME;
	return h;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\0';
}

/*
 * @word as a whole word of the @len bytes at @args: "tally.test" is, but
 * neither "notally.test" nor "tally.tests" turns the channel on.
 */
static bool has_word(const char *args, int len, const char *word)
{
	int n = strlen(word);

	for (int i = 0; i + n <= len; i++)
		if ((i == 0 || is_space(args[i - 1])) &&
		    !strncmp(args + i, word, n) &&
		    (i + n == len || is_space(args[i + n])))
			return true;
	return false;
}

void sbi_test_channel_init(const void *fdt)
{
	int chosen = fdt_path_offset(fdt, "/chosen");
	const char *args;
	int len;

	if (chosen < 0)
		return;
	args = fdt_getprop(fdt, chosen, "bootargs", &len);
	if (!args || len <= 0)
		return;
	enabled = has_word(args, len, "tally.test");
	if (enabled)
		boot_checksum = image_checksum();
}

bool sbi_test_channel_enabled(void)
{
	return enabled;
}

/* The sum of a per-hart counter (at @off in the scratch) over all harts. */
static unsigned long sum_harts(size_t off)
{
	unsigned long sum = 0;
	unsigned int i;

	for (i = 0; i < sbi_plat.hart_count; i++)
		sum += __atomic_load_n((unsigned long *)((char *)sbi_scratch_at(i) +
							 off),
				       __ATOMIC_RELAXED);
	return sum;
}

/* The hgatp in place when @hartid last ran an HFENCE.VVMA*. */
static struct sbiret vvma_hgatp(unsigned long hartid)
{
	struct sbi_scratch *s = sbi_scratch_of(hartid);

	if (!s)
		return (struct sbiret){ SBI_ERR_INVALID_PARAM, 0 };
	return (struct sbiret){ 0, (long)__atomic_load_n(&s->test.vvma_hgatp,
							 __ATOMIC_ACQUIRE) };
}

struct sbiret sbi_ecall_test(unsigned long fid, const unsigned long *a)
{
	if (!enabled)
		return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
	switch (fid) {
	case SBI_TALLY_TEST_UNEXPECTED_TRAPS:
		return (struct sbiret){
			0, (long)sum_harts(offsetof(struct sbi_scratch,
						    test.unexpected_traps)) };
	case SBI_TALLY_TEST_FW_CHECKSUM:
		return (struct sbiret){ 0, (long)image_checksum() };
	case SBI_TALLY_TEST_FW_CHECKSUM_BOOT:
		return (struct sbiret){ 0, (long)boot_checksum };
	case SBI_TALLY_TEST_VVMA_HGATP:
		return vvma_hgatp(a[0]);
	case SBI_TALLY_TEST_SUSPEND_LOSSES:
		if (!sbi_suspend_loss_enabled())
			return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
		return (struct sbiret){
			0, (long)sum_harts(offsetof(struct sbi_scratch,
						    test.suspend_losses)) };
	default:
		return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
	}
}
