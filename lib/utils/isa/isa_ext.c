// SPDX-License-Identifier: BSD-2-Clause
/* ISA extension discovery: DT strings first, then CSR probes decide. */
#include <libfdt.h>
#include <sbi/riscv_asm.h>
#include <sbi/riscv_draft_encoding.h>
#include <sbi/sbi_isa.h>
#include <sbi/sbi_string.h>

static const char *const ext_names[SBI_ISA_EXT_MAX] = {
	[SBI_ISA_EXT_SSTC] = "sstc",
	[SBI_ISA_EXT_SSCOFPMF] = "sscofpmf",
	[SBI_ISA_EXT_SMCNTRPMF] = "smcntrpmf",
	[SBI_ISA_EXT_SMCDELEG] = "smcdeleg",
	[SBI_ISA_EXT_SSCCFG] = "ssccfg",
	[SBI_ISA_EXT_SMSTATEEN] = "smstateen",
	[SBI_ISA_EXT_SMCSRIND] = "smcsrind",
	[SBI_ISA_EXT_SSCSRIND] = "sscsrind",
	[SBI_ISA_EXT_SMCTR] = "smctr",
	[SBI_ISA_EXT_SSDBLTRP] = "ssdbltrp",
	[SBI_ISA_EXT_SSPESA] = ISA_EXT_STR_SSPESA,
	[SBI_ISA_EXT_SSPLCOFI] = ISA_EXT_STR_SSPLCOFI,
	[SBI_ISA_EXT_SMPDIS] = ISA_EXT_STR_SMPDIS,
	[SBI_ISA_EXT_SSPDIS] = ISA_EXT_STR_SSPDIS,
	[SBI_ISA_EXT_H] = "h",
	[SBI_ISA_EXT_ZICNTR_TIME] = "zicntr",
	[SBI_ISA_EXT_ZKR] = "zkr",
	[SBI_ISA_EXT_ZICFILP] = "zicfilp",
	[SBI_ISA_EXT_ZICFISS] = "zicfiss",
	[SBI_ISA_EXT_SVADU] = "svadu",
	[SBI_ISA_EXT_SVADE] = "svade",
	[SBI_ISA_EXT_SMNPM] = "smnpm",
};

const char *sbi_isa_ext_name(enum sbi_isa_ext e)
{
	return e < SBI_ISA_EXT_MAX ? ext_names[e] : "?";
}

static int ext_by_name(const char *name, size_t len)
{
	int e;

	for (e = 0; e < SBI_ISA_EXT_MAX; e++)
		if (strlen(ext_names[e]) == len &&
		    !strncmp(ext_names[e], name, len))
			return e;
	return -1;
}

/* "rv64imafdch_zicsr_sstc": single letters after rv64, then '_' names. */
static unsigned long from_isa_string(const char *s, int len)
{
	unsigned long ext = 0;
	int i = 4, start;

	if (len < 5 || strncmp(s, "rv", 2))
		return 0;
	for (; i < len && s[i] && s[i] != '_'; i++)
		if (s[i] == 'h')
			ext |= 1UL << SBI_ISA_EXT_H;
	while (i < len && s[i]) {
		int e;

		start = ++i;
		while (i < len && s[i] && s[i] != '_')
			i++;
		e = ext_by_name(s + start, i - start);
		if (e >= 0)
			ext |= 1UL << e;
	}
	return ext;
}

unsigned long sbi_isa_from_fdt(const void *fdt, int cpu_node)
{
	const char *p;
	unsigned long ext = 0;
	int len, off;

	p = fdt_getprop(fdt, cpu_node, "riscv,isa-extensions", &len);
	if (!p) {
		/* a bare riscv,isa predates Zicntr: the counters were base ISA */
		p = fdt_getprop(fdt, cpu_node, "riscv,isa", &len);
		return p ? from_isa_string(p, len) |
			   (1UL << SBI_ISA_EXT_ZICNTR_TIME) : 0;
	}
	for (off = 0; off < len; off += strnlen(p + off, len - off) + 1) {
		int e = ext_by_name(p + off, strnlen(p + off, len - off));

		if (e >= 0)
			ext |= 1UL << e;
	}
	return ext;
}

static bool csr_exists(unsigned int csr)
{
	unsigned long v;

	return csr_read_safe(csr, &v) == 0;
}

/* Can @bit of menvcfg be set? Restores the register. */
static bool menvcfg_bit_writable(uint64_t bit64)
{
	unsigned int csr = CSR_MENVCFG;
	unsigned long old, now, bit = (unsigned long)bit64;

	if (sizeof(long) < 8 && bit64 >> 32) {	/* RV32: menvcfgh */
		csr = CSR_MENVCFGH;
		bit = (unsigned long)(bit64 >> 32);
	}
	if (csr_read_safe(csr, &old))
		return false;
	csr_write_safe(csr, old | bit);
	csr_read_safe(csr, &now);
	csr_write_safe(csr, old);
	return now & bit;
}

static void set_ext(struct sbi_isa *isa, enum sbi_isa_ext e, bool on)
{
	if (on)
		isa->ext |= 1UL << e;
	else
		isa->ext &= ~(1UL << e);
}

void sbi_isa_probe(struct sbi_isa *isa)
{
	isa->has_mcountinhibit = csr_exists(CSR_MCOUNTINHIBIT);
	isa->has_menvcfg = csr_exists(CSR_MENVCFG);
	set_ext(isa, SBI_ISA_EXT_SSTC, csr_exists(CSR_STIMECMP));
	set_ext(isa, SBI_ISA_EXT_SSCOFPMF, csr_exists(CSR_SCOUNTOVF));
	set_ext(isa, SBI_ISA_EXT_SMCNTRPMF, csr_exists(CSR_MCYCLECFG));
	set_ext(isa, SBI_ISA_EXT_SMSTATEEN, csr_exists(CSR_MSTATEEN0));
	set_ext(isa, SBI_ISA_EXT_SMCSRIND, csr_exists(CSR_MISELECT));
	set_ext(isa, SBI_ISA_EXT_SMCTR, csr_exists(CSR_MCTRCTL));
	/* QEMU 10.0.2 leaves CDE writable without Smcdeleg: need the DT too */
	set_ext(isa, SBI_ISA_EXT_SMCDELEG,
		sbi_isa_has(isa, SBI_ISA_EXT_SMCDELEG) &&
		menvcfg_bit_writable(MENVCFG_CDE));
	set_ext(isa, SBI_ISA_EXT_SSDBLTRP, menvcfg_bit_writable(MENVCFG_DTE));
	/* the FWFT features: their menvcfg fields are WARL */
	set_ext(isa, SBI_ISA_EXT_ZICFILP, menvcfg_bit_writable(MENVCFG_LPE));
	set_ext(isa, SBI_ISA_EXT_ZICFISS, menvcfg_bit_writable(MENVCFG_SSE));
	set_ext(isa, SBI_ISA_EXT_SVADU, menvcfg_bit_writable(MENVCFG_ADUE));
	set_ext(isa, SBI_ISA_EXT_SMNPM,
		menvcfg_bit_writable(MENVCFG_PMM_PMLEN_7));
	set_ext(isa, SBI_ISA_EXT_SSPESA, csr_exists(CSR_SHPMSPC));
	set_ext(isa, SBI_ISA_EXT_SMPDIS, csr_exists(CSR_MPDISCTL));
	/* implemented only where mpdisctl.MEM is not hardwired to 0 */
	isa->has_pdis_mem = sbi_isa_has(isa, SBI_ISA_EXT_SMPDIS) &&
			    csr_exists(CSR_SPDISAMBCS);
	/* M-mode may read time where S-mode cannot: the DT must agree */
	set_ext(isa, SBI_ISA_EXT_ZICNTR_TIME,
		sbi_isa_has(isa, SBI_ISA_EXT_ZICNTR_TIME) &&
		csr_exists(CSR_TIME));
	set_ext(isa, SBI_ISA_EXT_H, (csr_read(CSR_MISA) >> 7) & 1);
	/* seed cannot be probed by a plain read: mseccfg and the DT decide */
	set_ext(isa, SBI_ISA_EXT_ZKR, sbi_isa_has(isa, SBI_ISA_EXT_ZKR) &&
		csr_exists(CSR_MSECCFG));
	/* S-mode halves need their M-mode counterpart */
	if (!sbi_isa_has(isa, SBI_ISA_EXT_SMCSRIND))
		set_ext(isa, SBI_ISA_EXT_SSCSRIND, false);
	if (!sbi_isa_has(isa, SBI_ISA_EXT_SMCDELEG))
		set_ext(isa, SBI_ISA_EXT_SSCCFG, false);
	if (!sbi_isa_has(isa, SBI_ISA_EXT_SMPDIS))
		set_ext(isa, SBI_ISA_EXT_SSPDIS, false);
	if (!sbi_isa_has(isa, SBI_ISA_EXT_SSCOFPMF))
		set_ext(isa, SBI_ISA_EXT_SSPLCOFI, false);
	/* RV32: MPV, GVA and MPELP are in mstatush, which traps do not keep */
	if (sizeof(long) < 8) {
		set_ext(isa, SBI_ISA_EXT_H, false);
		set_ext(isa, SBI_ISA_EXT_ZICFILP, false);
	}
}
