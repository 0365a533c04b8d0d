// SPDX-License-Identifier: BSD-2-Clause
/*
 * SBI Firmware Features extension (FWFT, SBI v3.0, EID 0x46574654).
 *
 * Every defined feature is local (per hart). The values live in the hart's
 * scratch and are applied to menvcfg/medeleg at once; hart set-up and
 * non-retentive resume build those CSRs from them again
 * (sbi_fwft_menvcfg/medeleg), so a value survives a suspend and a start
 * resets it (SBI v3.0: "retained and restored" vs "upon hart reset").
 * Feature IDs are 32-bit: bits 63..32 of a0 are not part of them.
 */
#include <sbi/riscv_asm.h>
#include <sbi/sbi_ecall.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_fwft.h>
#include <sbi/sbi_scratch.h>

#define MISALIGNED_DELEG	(BIT(CAUSE_MISALIGNED_LOAD) | \
				 BIT(CAUSE_MISALIGNED_STORE))

/* What each feature needs and which menvcfg field it drives. */
struct fwft_feature {
	int isa;			/* SBI_ISA_EXT_*, or -1: always there */
	uint64_t envcfg;		/* 0: not a menvcfg feature */
};

static const struct fwft_feature features[SBI_FWFT_NR_FEATURES] = {
	[SBI_FWFT_MISALIGNED_EXC_DELEG] = { -1, 0 },
	[SBI_FWFT_LANDING_PAD] = { SBI_ISA_EXT_ZICFILP, MENVCFG_LPE },
	[SBI_FWFT_SHADOW_STACK] = { SBI_ISA_EXT_ZICFISS, MENVCFG_SSE },
	[SBI_FWFT_DOUBLE_TRAP] = { SBI_ISA_EXT_SSDBLTRP, MENVCFG_DTE },
	[SBI_FWFT_PTE_AD_HW_UPDATING] = { SBI_ISA_EXT_SVADU, MENVCFG_ADUE },
	[SBI_FWFT_POINTER_MASKING_PMLEN] = { SBI_ISA_EXT_SMNPM, MENVCFG_PMM },
};

/*
 * PTE_AD_HW_UPDATING needs Svade as well: with Svadu alone the DT promises
 * hardware updating, so its reset value 0 would break that promise.
 */
static bool supported(const struct sbi_scratch *s, uint32_t id)
{
	int isa = features[id].isa;

	if (id == SBI_FWFT_PTE_AD_HW_UPDATING &&
	    !sbi_isa_has(&s->isa, SBI_ISA_EXT_SVADE))
		return false;
	return isa < 0 || sbi_isa_has(&s->isa, isa);
}

/*
 * DENIED for reserved IDs and for the platform-specific ranges (bit 30,
 * local and global), none of which this firmware implements.
 */
static int check_feature(const struct sbi_scratch *s, uint32_t id)
{
	if (id >= SBI_FWFT_NR_FEATURES)
		return SBI_ERR_DENIED;
	return supported(s, id) ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED;
}

static uint64_t pmlen_to_pmm(unsigned long pmlen)
{
	return pmlen == 7 ? MENVCFG_PMM_PMLEN_7 :
	       pmlen == 16 ? MENVCFG_PMM_PMLEN_16 : 0;
}

static uint64_t envcfg_of(const struct sbi_scratch *s, uint32_t id)
{
	unsigned long v = s->fwft.value[id];

	if (id == SBI_FWFT_POINTER_MASKING_PMLEN)
		return pmlen_to_pmm(v);
	return v ? features[id].envcfg : 0;
}

uint64_t sbi_fwft_menvcfg(const struct sbi_scratch *s)
{
	uint64_t env = 0;
	uint32_t id;

	for (id = 0; id < SBI_FWFT_NR_FEATURES; id++)
		if (features[id].envcfg && supported(s, id))
			env |= envcfg_of(s, id);
	/* Svadu without Svade: hardware updating, and no FWFT switch */
	if (sbi_isa_has(&s->isa, SBI_ISA_EXT_SVADU) &&
	    !sbi_isa_has(&s->isa, SBI_ISA_EXT_SVADE))
		env |= MENVCFG_ADUE;
	return env;
}

unsigned long sbi_fwft_medeleg(const struct sbi_scratch *s)
{
	return s->fwft.value[SBI_FWFT_MISALIGNED_EXC_DELEG] ? MISALIGNED_DELEG
							      : 0;
}

/* All reset values are 0; misaligned delegation's (ours to pick) too. */
void sbi_fwft_hart_reset(struct sbi_scratch *s)
{
	uint32_t id;

	for (id = 0; id < SBI_FWFT_NR_FEATURES; id++)
		s->fwft.value[id] = 0;
	s->fwft.locked = 0;
}

/* PMLEN: 0, 7 or 16, as far as menvcfg.PMM (WARL) takes it. */
static int apply_pmlen(unsigned long value)
{
	uint64_t pmm = pmlen_to_pmm(value);
	uint64_t old = csr_read_clear64(CSR_MENVCFG, MENVCFG_PMM);

	if (value && !pmm)
		goto bad;
	csr_set64(CSR_MENVCFG, pmm);
	if ((csr_read64(CSR_MENVCFG) & MENVCFG_PMM) == pmm)
		return SBI_SUCCESS;
bad:
	csr_write64(CSR_MENVCFG, old);
	return SBI_ERR_INVALID_PARAM;
}

static int apply(const struct sbi_scratch *s, uint32_t id,
		 unsigned long value)
{
	if (id == SBI_FWFT_POINTER_MASKING_PMLEN)
		return apply_pmlen(value);
	if (value > 1)
		return SBI_ERR_INVALID_PARAM;
	if (id == SBI_FWFT_MISALIGNED_EXC_DELEG) {
		if (value)
			csr_set(CSR_MEDELEG, MISALIGNED_DELEG);
		else
			csr_clear(CSR_MEDELEG, MISALIGNED_DELEG);
		return SBI_SUCCESS;
	}
	if (value)
		csr_set64(CSR_MENVCFG, features[id].envcfg);
	else
		csr_clear64(CSR_MENVCFG, features[id].envcfg);
	/* translations cached under the old A/D rule must go */
	if (id == SBI_FWFT_PTE_AD_HW_UPDATING) {
		__asm__ __volatile__("sfence.vma" ::: "memory");
		if (sbi_isa_has(&s->isa, SBI_ISA_EXT_H))
			__asm__ __volatile__(".insn r 0x73, 0, 0x31, x0, x0, x0"
					     ::: "memory");	/* hfence.gvma */
	}
	return SBI_SUCCESS;
}

static int fwft_set(struct sbi_scratch *s, uint32_t id, unsigned long value,
		    unsigned long flags)
{
	int err = check_feature(s, id);

	if (err)
		return err;
	if (flags & ~SBI_FWFT_SET_FLAG_LOCK)
		return SBI_ERR_INVALID_PARAM;
	if ((s->fwft.locked >> id) & 1)
		return SBI_ERR_DENIED_LOCKED;
	err = apply(s, id, value);
	if (err)
		return err;
	s->fwft.value[id] = value;
	if (flags & SBI_FWFT_SET_FLAG_LOCK)
		s->fwft.locked |= 1U << id;
	return SBI_SUCCESS;
}

struct sbiret sbi_ecall_fwft(unsigned long fid, const unsigned long *a)
{
	struct sbi_scratch *s = sbi_scratch_this();
	uint32_t id = a[0];
	int err;

	switch (fid) {
	case SBI_EXT_FWFT_SET:
		return (struct sbiret){ fwft_set(s, id, a[1], a[2]), 0 };
	case SBI_EXT_FWFT_GET:
		err = check_feature(s, id);
		if (err)
			return (struct sbiret){ err, 0 };
		return (struct sbiret){ 0, (long)s->fwft.value[id] };
	default:
		return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
	}
}
