/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE event handlers written in C. Register payload_sse_entry as an
 * event's ENTRY_PC and a struct sse_frame as its ENTRY_ARG (one frame per
 * event and hart: events nest, each on its own frame and stack).
 */
#ifndef PAYLOAD_SSE_H
#define PAYLOAD_SSE_H

#include <payload/config.h>

/* Offsets for sse_entry.S */
#define SSE_FRAME_SEPC		(32 * SZREG)
#define SSE_FRAME_SSTATUS	(33 * SZREG)
#define SSE_FRAME_STACK		(34 * SZREG)
#define SSE_FRAME_FN		(35 * SZREG)

#ifndef __ASSEMBLY__
/*
 * At entry the handler saves x1..x31 as entered (so a6 = hartid, a7 = the
 * frame; every other register as the interrupted context left it), sepc
 * and sstatus in the frame, and calls fn(frame, hartid) on the frame's
 * stack with gp and tp (= hartid) set, S-mode interrupts off. When fn
 * returns, x1..x31 but a6/a7 come back from regs[], sepc from sepc (fn may
 * change both), and the handler calls SSE complete, which gives back the
 * interrupted a6/a7.
 */
struct sse_frame {
	unsigned long regs[32];
	unsigned long sepc;
	unsigned long sstatus;
	unsigned long stack_top;
	void (*fn)(struct sse_frame *f, unsigned long hartid);
};

void payload_sse_entry(void);
#endif

#endif /* PAYLOAD_SSE_H */
