/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * QEMU 10.2.2 `virt` with the project's patches (qemu/patches/): the ISA
 * of each CPU model the tests use, and macros that expand once per hart.
 *
 * Source of the facts: the DT QEMU itself generates for each model
 * (`qemu-system-riscv64 -M virt,dumpdtb=x.dtb -cpu MODEL`), riscv,isa and
 * riscv,isa-extensions copied from it in QEMU's own order.
 * MODELs: RV64 = `rv64`, SSCOFPMF = `rv64,sscofpmf=true,smcntrpmf=true`,
 * SSCOFPMF_NOSSTC = `rv64,sscofpmf=true,smcntrpmf=true,sstc=false`,
 * MAX = `max`, MAX_NOZAMA16B = `max,zama16b=false`.
 */
#ifndef DTS_QEMU_VIRT_H
#define DTS_QEMU_VIRT_H

#define QEMU_ISA_RV64 \
	"rv64imafdch_zic64b_zicbom_zicbop_zicboz_ziccamoa_ziccif_zicclsm_ziccrse_zicntr_zicsr_zifencei_zihintntl_zihintpause_zihpm_zmmul_za64rs_zaamo_zalrsc_zawrs_zfa_zca_zcd_zba_zbb_zbc_zbs_sdtrig_shcounterenw_shgatpa_shtvala_shvsatpa_shvstvala_shvstvecd_ssccptr_sscounterenw_ssstrict_sstc_sstvala_sstvecd_ssu64xl_svadu_svvptc"
#define QEMU_EXTS_RV64 \
	"i", "m", "a", "f", "d", "c", "h", "zic64b", "zicbom", "zicbop", \
	"zicboz", "ziccamoa", "ziccif", "zicclsm", "ziccrse", "zicntr", \
	"zicsr", "zifencei", "zihintntl", "zihintpause", "zihpm", "zmmul", \
	"za64rs", "zaamo", "zalrsc", "zawrs", "zfa", "zca", "zcd", "zba", \
	"zbb", "zbc", "zbs", "sdtrig", "shcounterenw", "shgatpa", "shtvala", \
	"shvsatpa", "shvstvala", "shvstvecd", "ssccptr", "sscounterenw", \
	"ssstrict", "sstc", "sstvala", "sstvecd", "ssu64xl", "svadu", \
	"svvptc"

#define QEMU_ISA_SSCOFPMF \
	"rv64imafdch_zic64b_zicbom_zicbop_zicboz_ziccamoa_ziccif_zicclsm_ziccrse_zicntr_zicsr_zifencei_zihintntl_zihintpause_zihpm_zmmul_za64rs_zaamo_zalrsc_zawrs_zfa_zca_zcd_zba_zbb_zbc_zbs_sdtrig_shcounterenw_shgatpa_shtvala_shvsatpa_shvstvala_shvstvecd_smcntrpmf_ssccptr_sscofpmf_sscounterenw_ssstrict_sstc_sstvala_sstvecd_ssu64xl_svadu_svvptc"
#define QEMU_EXTS_SSCOFPMF \
	"i", "m", "a", "f", "d", "c", "h", "zic64b", "zicbom", "zicbop", \
	"zicboz", "ziccamoa", "ziccif", "zicclsm", "ziccrse", "zicntr", \
	"zicsr", "zifencei", "zihintntl", "zihintpause", "zihpm", "zmmul", \
	"za64rs", "zaamo", "zalrsc", "zawrs", "zfa", "zca", "zcd", "zba", \
	"zbb", "zbc", "zbs", "sdtrig", "shcounterenw", "shgatpa", "shtvala", \
	"shvsatpa", "shvstvala", "shvstvecd", "smcntrpmf", "ssccptr", \
	"sscofpmf", "sscounterenw", "ssstrict", "sstc", "sstvala", "sstvecd", \
	"ssu64xl", "svadu", "svvptc"

#define QEMU_ISA_MAX \
	"rv64imafdcbvh_zic64b_zicbom_zicbop_zicboz_ziccamoa_ziccif_zicclsm_ziccrse_zicfilp_zicfiss_zicond_zicntr_zicsr_zifencei_zihintntl_zihintpause_zihpm_zimop_zmmul_za64rs_zaamo_zabha_zacas_zalrsc_zama16b_zawrs_zfa_zfbfmin_zfh_zfhmin_zca_zcb_zcd_zcmop_zba_zbb_zbc_zbkb_zbkc_zbkx_zbs_zk_zkn_zknd_zkne_zknh_zkr_zks_zksed_zksh_zkt_ztso_zvbb_zvbc_zve32f_zve32x_zve64f_zve64d_zve64x_zvfbfmin_zvfbfwma_zvfh_zvfhmin_zvkb_zvkg_zvkn_zvknc_zvkned_zvkng_zvknha_zvknhb_zvks_zvksc_zvksed_zvksg_zvksh_zvkt_sdtrig_shcounterenw_sha_shgatpa_shtvala_shvsatpa_shvstvala_shvstvecd_smaia_smcdeleg_smcntrpmf_smcsrind_smepmp_smmpm_smpdis_smnpm_smstateen_ssaia_ssccfg_ssccptr_sscofpmf_sscounterenw_sscsrind_ssdbltrp_ssnpm_sspdis_sspesa_ssplcofi_sspm_ssstateen_ssstrict_sstc_sstvala_sstvecd_ssu64xl_supm_smctr_ssctr_svadu_svinval_svnapot_svpbmt_svrsw60t59b_svvptc"
#define QEMU_EXTS_MAX \
	"i", "m", "a", "f", "d", "c", "b", "v", "h", "zic64b", "zicbom", \
	"zicbop", "zicboz", "ziccamoa", "ziccif", "zicclsm", "ziccrse", \
	"zicfilp", "zicfiss", "zicond", "zicntr", "zicsr", "zifencei", \
	"zihintntl", "zihintpause", "zihpm", "zimop", "zmmul", "za64rs", \
	"zaamo", "zabha", "zacas", "zalrsc", "zama16b", "zawrs", "zfa", \
	"zfbfmin", "zfh", "zfhmin", "zca", "zcb", "zcd", "zcmop", "zba", \
	"zbb", "zbc", "zbkb", "zbkc", "zbkx", "zbs", "zk", "zkn", "zknd", \
	"zkne", "zknh", "zkr", "zks", "zksed", "zksh", "zkt", "ztso", "zvbb", \
	"zvbc", "zve32f", "zve32x", "zve64f", "zve64d", "zve64x", "zvfbfmin", \
	"zvfbfwma", "zvfh", "zvfhmin", "zvkb", "zvkg", "zvkn", "zvknc", \
	"zvkned", "zvkng", "zvknha", "zvknhb", "zvks", "zvksc", "zvksed", \
	"zvksg", "zvksh", "zvkt", "sdtrig", "shcounterenw", "sha", "shgatpa", \
	"shtvala", "shvsatpa", "shvstvala", "shvstvecd", "smaia", "smcdeleg", \
	"smcntrpmf", "smcsrind", "smepmp", "smmpm", "smpdis", "smnpm", \
	"smstateen", "ssaia", "ssccfg", "ssccptr", "sscofpmf", \
	"sscounterenw", "sscsrind", "ssdbltrp", "ssnpm", "sspdis", "sspesa", \
	"ssplcofi", "sspm", "ssstateen", "ssstrict", "sstc", "sstvala", \
	"sstvecd", "ssu64xl", "supm", "smctr", "ssctr", "svadu", "svinval", \
	"svnapot", "svpbmt", "svrsw60t59b", "svvptc"

#define QEMU_ISA_MAX_NOZAMA16B \
	"rv64imafdcbvh_zic64b_zicbom_zicbop_zicboz_ziccamoa_ziccif_zicclsm_ziccrse_zicfilp_zicfiss_zicond_zicntr_zicsr_zifencei_zihintntl_zihintpause_zihpm_zimop_zmmul_za64rs_zaamo_zabha_zacas_zalrsc_zawrs_zfa_zfbfmin_zfh_zfhmin_zca_zcb_zcd_zcmop_zba_zbb_zbc_zbkb_zbkc_zbkx_zbs_zk_zkn_zknd_zkne_zknh_zkr_zks_zksed_zksh_zkt_ztso_zvbb_zvbc_zve32f_zve32x_zve64f_zve64d_zve64x_zvfbfmin_zvfbfwma_zvfh_zvfhmin_zvkb_zvkg_zvkn_zvknc_zvkned_zvkng_zvknha_zvknhb_zvks_zvksc_zvksed_zvksg_zvksh_zvkt_sdtrig_shcounterenw_sha_shgatpa_shtvala_shvsatpa_shvstvala_shvstvecd_smaia_smcdeleg_smcntrpmf_smcsrind_smepmp_smmpm_smpdis_smnpm_smstateen_ssaia_ssccfg_ssccptr_sscofpmf_sscounterenw_sscsrind_ssdbltrp_ssnpm_sspdis_sspesa_ssplcofi_sspm_ssstateen_ssstrict_sstc_sstvala_sstvecd_ssu64xl_supm_smctr_ssctr_svadu_svinval_svnapot_svpbmt_svrsw60t59b_svvptc"
#define QEMU_EXTS_MAX_NOZAMA16B \
	"i", "m", "a", "f", "d", "c", "b", "v", "h", "zic64b", "zicbom", \
	"zicbop", "zicboz", "ziccamoa", "ziccif", "zicclsm", "ziccrse", \
	"zicfilp", "zicfiss", "zicond", "zicntr", "zicsr", "zifencei", \
	"zihintntl", "zihintpause", "zihpm", "zimop", "zmmul", "za64rs", \
	"zaamo", "zabha", "zacas", "zalrsc", "zawrs", "zfa", "zfbfmin", \
	"zfh", "zfhmin", "zca", "zcb", "zcd", "zcmop", "zba", "zbb", "zbc", \
	"zbkb", "zbkc", "zbkx", "zbs", "zk", "zkn", "zknd", "zkne", "zknh", \
	"zkr", "zks", "zksed", "zksh", "zkt", "ztso", "zvbb", "zvbc", \
	"zve32f", "zve32x", "zve64f", "zve64d", "zve64x", "zvfbfmin", \
	"zvfbfwma", "zvfh", "zvfhmin", "zvkb", "zvkg", "zvkn", "zvknc", \
	"zvkned", "zvkng", "zvknha", "zvknhb", "zvks", "zvksc", "zvksed", \
	"zvksg", "zvksh", "zvkt", "sdtrig", "shcounterenw", "sha", "shgatpa", \
	"shtvala", "shvsatpa", "shvstvala", "shvstvecd", "smaia", "smcdeleg", \
	"smcntrpmf", "smcsrind", "smepmp", "smmpm", "smpdis", "smnpm", \
	"smstateen", "ssaia", "ssccfg", "ssccptr", "sscofpmf", \
	"sscounterenw", "sscsrind", "ssdbltrp", "ssnpm", "sspdis", "sspesa", \
	"ssplcofi", "sspm", "ssstateen", "ssstrict", "sstc", "sstvala", \
	"sstvecd", "ssu64xl", "supm", "smctr", "ssctr", "svadu", "svinval", \
	"svnapot", "svpbmt", "svrsw60t59b", "svvptc"

#define QEMU_ISA_SSCOFPMF_NOSSTC \
	"rv64imafdch_zic64b_zicbom_zicbop_zicboz_ziccamoa_ziccif_zicclsm_ziccrse_zicntr_zicsr_zifencei_zihintntl_zihintpause_zihpm_zmmul_za64rs_zaamo_zalrsc_zawrs_zfa_zca_zcd_zba_zbb_zbc_zbs_sdtrig_shcounterenw_shgatpa_shtvala_shvsatpa_shvstvala_shvstvecd_smcntrpmf_ssccptr_sscofpmf_sscounterenw_ssstrict_sstvala_sstvecd_ssu64xl_svadu_svvptc"
#define QEMU_EXTS_SSCOFPMF_NOSSTC \
	"i", "m", "a", "f", "d", "c", "h", "zic64b", "zicbom", "zicbop", \
	"zicboz", "ziccamoa", "ziccif", "zicclsm", "ziccrse", "zicntr", \
	"zicsr", "zifencei", "zihintntl", "zihintpause", "zihpm", "zmmul", \
	"za64rs", "zaamo", "zalrsc", "zawrs", "zfa", "zca", "zcd", "zba", \
	"zbb", "zbc", "zbs", "sdtrig", "shcounterenw", "shgatpa", "shtvala", \
	"shvsatpa", "shvstvala", "shvstvecd", "smcntrpmf", "ssccptr", \
	"sscofpmf", "sscounterenw", "ssstrict", "sstvala", "sstvecd", \
	"ssu64xl", "svadu", "svvptc"

/*
 * Hart lists: VIRT_HARTS_n(M) expands M(b, k) for harts 0..n-1, where the
 * hart id is 0x<b><k> in hex (b may be empty), so node names, labels and
 * reg values line up: M(1, f) is cpu@1f, label cpu1f, reg <0x1f>.
 */
#define VIRT_H16(M, x)	M(x, 0) M(x, 1) M(x, 2) M(x, 3) M(x, 4) M(x, 5) \
			M(x, 6) M(x, 7) M(x, 8) M(x, 9) M(x, a) M(x, b) \
			M(x, c) M(x, d) M(x, e) M(x, f)
#define VIRT_HARTS_1(M)		M(, 0)
#define VIRT_HARTS_2(M)		M(, 0) M(, 1)
#define VIRT_HARTS_4(M)		VIRT_HARTS_2(M) M(, 2) M(, 3)
#define VIRT_HARTS_8(M)		VIRT_HARTS_4(M) M(, 4) M(, 5) M(, 6) M(, 7)
#define VIRT_HARTS_16(M)	VIRT_H16(M, )
#define VIRT_HARTS_32(M)	VIRT_H16(M, ) VIRT_H16(M, 1)
#define VIRT_HARTS_64(M)	VIRT_HARTS_32(M) VIRT_H16(M, 2) VIRT_H16(M, 3)
#define VIRT_HARTS_128(M)	VIRT_HARTS_64(M) VIRT_H16(M, 4) VIRT_H16(M, 5) \
				VIRT_H16(M, 6) VIRT_H16(M, 7)

/* Interrupt lines of hart 0x<b><k>, as QEMU's virt wires them */
#define VIRT_CLINT_CTX(b, k)	&cpu##b##k##_intc 3 &cpu##b##k##_intc 7
#define VIRT_PLIC_CTX(b, k)	&cpu##b##k##_intc 11 &cpu##b##k##_intc 9

/*
 * One cpu node; VIRT_CPU_ISA and VIRT_CPU_EXTS name the model (set by the
 * .dts before it includes qemu-virt.dtsi).
 */
#define VIRT_CPU(b, k)							\
	cpu##b##k: cpu@b##k {						\
		device_type = "cpu";					\
		reg = <0x##b##k>;					\
		status = "okay";					\
		compatible = "riscv";					\
		riscv,cbop-block-size = <64>;				\
		riscv,cboz-block-size = <64>;				\
		riscv,cbom-block-size = <64>;				\
		riscv,isa-base = "rv64i";				\
		riscv,isa = VIRT_CPU_ISA;				\
		riscv,isa-extensions = VIRT_CPU_EXTS;			\
		mmu-type = "riscv,sv57";				\
		cpu##b##k##_intc: interrupt-controller {		\
			#interrupt-cells = <1>;				\
			interrupt-controller;				\
			compatible = "riscv,cpu-intc";			\
		};							\
	};

#endif /* DTS_QEMU_VIRT_H */
