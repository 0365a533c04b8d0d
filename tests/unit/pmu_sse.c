/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Tests of lib/pmu/pmu_sse.c: the LCOFI routed to the host while the SSE
 * PMU overflow event is enabled (mideleg bit 13, mie.LCOFIE kept for
 * S-mode), redone after a non-retentive resume, and the routed interrupt.
 */
#include "pmu_test.h"

#define LCOF	PMU_MIP_LCOFIP
#define OTHERS	0x222UL		/* SSIP, STIP, SEIP: never touched */

static void route_on_off(uint64_t s_mie)
{
	env_setup(&cfg_full, MAP_DEFAULT);
	sim.mideleg = OTHERS | LCOF;
	sim.mie = OTHERS | s_mie;
	pmu_hart_sse_route(H, true);
	UT_TRUE(H->sse_routed);
	UT_EQ(sim.mideleg, OTHERS);
	UT_EQ(sim.mie, OTHERS | LCOF);
	pmu_hart_sse_route(H, false);
	UT_TRUE(!H->sse_routed);
	UT_EQ(sim.mideleg, OTHERS | LCOF);
	UT_EQ(sim.mie, OTHERS | s_mie);	/* S-mode's LCOFIE as it was */
}

static void route_keeps_s_lcofie_set(void)
{
	route_on_off(LCOF);
}

static void route_keeps_s_lcofie_clear(void)
{
	route_on_off(0);
}

/* A second "on" must not take M-mode's own LCOFIE for S-mode's. */
static void route_twice_is_one_route(void)
{
	unsigned long writes;

	env_setup(&cfg_full, MAP_DEFAULT);
	sim.mideleg = OTHERS | LCOF;
	sim.mie = OTHERS;
	pmu_hart_sse_route(H, true);
	writes = sim.csr_writes;
	pmu_hart_sse_route(H, true);
	UT_EQ(sim.csr_writes, writes);
	UT_EQ(sim.mideleg, OTHERS);
	pmu_hart_sse_route(H, false);
	UT_EQ(sim.mie, OTHERS);
	UT_EQ(sim.mideleg, OTHERS | LCOF);
}

/* "off" while not routed leaves S-mode's delegation and mie alone. */
static void off_without_on_is_noop(void)
{
	env_setup(&cfg_full, MAP_DEFAULT);
	sim.mideleg = OTHERS;
	sim.mie = OTHERS | LCOF;
	pmu_hart_sse_route(H, false);
	UT_EQ(sim.mideleg, OTHERS);
	UT_EQ(sim.mie, OTHERS | LCOF);
	UT_TRUE(!H->sse_routed);
}

static void no_route_without_sscofpmf(void)
{
	unsigned long writes;

	env_setup(&cfg_bare, MAP_DEFAULT);
	sim.mideleg = OTHERS;
	sim.mie = OTHERS;
	writes = sim.csr_writes;
	pmu_hart_sse_route(H, true);
	UT_TRUE(!H->sse_routed);
	UT_EQ(sim.mideleg, OTHERS);
	UT_EQ(sim.mie, OTHERS);
	UT_EQ(sim.csr_writes, writes);
}

/*
 * After a non-retentive resume the host delegated the LCOFI again and
 * S-mode's sie is reset: routing comes back, and "off" later leaves
 * LCOFIE clear even though S-mode had it set before the suspend.
 */
static void resume_routes_again(void)
{
	env_setup(&cfg_full, MAP_DEFAULT);
	sim.mideleg = OTHERS | LCOF;
	sim.mie = OTHERS | LCOF;
	pmu_hart_sse_route(H, true);
	sim.mideleg = OTHERS | LCOF;	/* rebuilt by the host */
	sim.mie = 0;			/* lost */
	pmu_hart_sse_resume(H);
	UT_TRUE(H->sse_routed);
	UT_EQ(sim.mideleg, OTHERS);
	UT_EQ(sim.mie, LCOF);
	pmu_hart_sse_route(H, false);
	UT_EQ(sim.mie, 0);
	UT_EQ(sim.mideleg, OTHERS | LCOF);
}

static void resume_without_route_is_noop(void)
{
	env_setup(&cfg_full, MAP_DEFAULT);
	sim.mideleg = OTHERS | LCOF;
	sim.mie = 0;
	pmu_hart_sse_resume(H);
	UT_TRUE(!H->sse_routed);
	UT_EQ(sim.mideleg, OTHERS | LCOF);
	UT_EQ(sim.mie, 0);
}

/* The routed LCOFI: pending bit cleared, the host told once, per hart. */
static void overflow_irq_raises_event(void)
{
	static struct pmu_hart other;

	env_setup(&cfg_full, MAP_DEFAULT);
	pmu_hart_init(&other, PLAT);
	pmu_hart_sse_route(H, true);
	sim.mip = OTHERS | LCOF;
	pmu_hart_overflow_irq(H);
	UT_EQ(sim.mip, OTHERS);
	UT_EQ(sim.overflow_events, 1);
	UT_TRUE(sim.overflow_hart == H);
	sim.mip = LCOF;
	pmu_hart_overflow_irq(&other);
	UT_EQ(sim.mip, 0);
	UT_EQ(sim.overflow_events, 2);
	UT_TRUE(sim.overflow_hart == &other);
	UT_TRUE(H->sse_routed);		/* the event, not the route, ends */
}

static const struct ut_case cases[] = {
	UT_CASE(route_keeps_s_lcofie_set),
	UT_CASE(route_keeps_s_lcofie_clear),
	UT_CASE(route_twice_is_one_route),
	UT_CASE(off_without_on_is_noop),
	UT_CASE(no_route_without_sscofpmf),
	UT_CASE(resume_routes_again),
	UT_CASE(resume_without_route_is_noop),
	UT_CASE(overflow_irq_raises_event),
};

void suite_sse(void)
{
	UT_SUITE("sse", cases);
}
