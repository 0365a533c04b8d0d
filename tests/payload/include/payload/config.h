/* SPDX-License-Identifier: BSD-2-Clause */
/* Build-time limits of the payload library (shared by C and assembly). */
#ifndef PAYLOAD_CONFIG_H
#define PAYLOAD_CONFIG_H

#define PAYLOAD_MAX_HARTS	32
#define PAYLOAD_STACK_SHIFT	14
#define PAYLOAD_STACK_SIZE	(1 << PAYLOAD_STACK_SHIFT)
#define PAYLOAD_LOAD_ADDR	0x80200000

/* Size of struct trap_frame: x0..x31, sepc, sstatus, scause, stval */
#define TRAP_FRAME_SIZE		(36 * 8)

#endif /* PAYLOAD_CONFIG_H */
