/* SPDX-License-Identifier: BSD-2-Clause */
/* Boot entry points and the next-stage description. */
#ifndef SBI_INIT_H
#define SBI_INIT_H

#include <stdbool.h>

/*
 * The firmware's version, kept here only: the banner prints it, BASE
 * get_impl_version answers it as (major << 16) | minor, and the Debian
 * package takes it (scripts/fw-version.sh).
 */
#define FW_VERSION_MAJOR    0
#define FW_VERSION_MINOR    1
#define FW_VERSION_STR_(x)  #x
#define FW_VERSION_STR__(x) FW_VERSION_STR_(x)
#define FW_VERSION_STR                     \
	FW_VERSION_STR__(FW_VERSION_MAJOR) \
	"." FW_VERSION_STR__(FW_VERSION_MINOR)
#define FW_IMPL_VERSION ((FW_VERSION_MAJOR << 16) | FW_VERSION_MINOR)

struct sbi_next_stage {
	unsigned long addr;
	unsigned long mode; /* PRV_S or PRV_U */
	unsigned long fdt;
};

/*
 * Implemented by each firmware variant: fill @next from the boot arguments.
 * Returns 0, or a negative value with *why set if the arguments are unusable.
 */
int fw_next_stage(unsigned long fdt, unsigned long a2,
		  struct sbi_next_stage *next, const char **why);

/*
 * Implemented by a variant that moves the DT (else a1 is used): the DT's
 * address from the a1 the previous stage passed.
 */
unsigned long fw_fdt_address(unsigned long a1);

/* Name of the variant, for the banner. */
extern const char fw_variant_name[];

void sbi_cold_boot(unsigned long hartid, unsigned long fdt, unsigned long a2);
void sbi_warm_boot(unsigned long hartid);

/* Set by the cold-boot hart once shared state is ready (fw_base.S). */
extern volatile unsigned int _boot_done;
/* fw_base.S: the hart a boot hart without S-mode hands cold boot to */
extern volatile unsigned long _boot_next;

/* Leave M-mode for @addr in @mode with a0 = hartid, a1 = @arg1. */
void __attribute__((noreturn))
sbi_hart_enter_lower(unsigned long addr, unsigned long mode,
		     unsigned long arg1);

#endif /* SBI_INIT_H */
