/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Logical counters: information, allocation (config_matching), start, stop
 * and firmware reads. Counter sets arrive validated from pmu_ecall.c as
 * absolute bitmaps; the state checks (mapped, started) live here. The
 * common one-counter paths stay free of loops and out-of-line calls but
 * for the CSR accesses themselves.
 */
#include "pmu_internal.h"

static inline bool pmu_is_fw(const struct pmu_platform *plat, unsigned int i)
{
	return i >= plat->hw_slots;
}

long pmu_ctr_get_info(const struct pmu_platform *plat, unsigned long idx,
		      unsigned long *info)
{
	if (idx >= plat->num_ctrs)
		return SBI_ERR_INVALID_PARAM;
	if (pmu_is_fw(plat, (unsigned int)idx)) {
		*info = PMU_CTR_INFO_TYPE_FW | (63UL << PMU_CTR_INFO_WIDTH_SHIFT);
		return SBI_SUCCESS;
	}
	if (!((plat->hw_value_mask >> idx) & 1))	/* time slot or absent */
		return SBI_ERR_INVALID_PARAM;
	*info = PMU_CSR_COUNTER(idx) |
		((unsigned long)plat->hw_width[idx] << PMU_CTR_INFO_WIDTH_SHIFT);
	return SBI_SUCCESS;
}

/*
 * Config flags asking for privilege filtering. MINH is forced anyway, and
 * VS/VU inhibits are vacuous on a hart without H.
 */
static inline unsigned long pmu_filter_flags(const struct pmu_platform *plat)
{
	return pmu_has(plat, PMU_FEAT_HYP) ?
	       PMU_CFG_SET_SINH | PMU_CFG_SET_UINH | PMU_CFG_SET_VSINH |
	       PMU_CFG_SET_VUINH : PMU_CFG_SET_SINH | PMU_CFG_SET_UINH;
}

/*
 * The counters worth binding among free candidates (0: none): the usable
 * ones, and of those the preferred. Filter hints
 * prefer counters that honour them (Sscofpmf hpmcounters, Smcntrpmf
 * cycle/instret). cycle/instret without Smcntrpmf are never used for a
 * filtered request: they cannot even keep M-mode out. An hpmcounter
 * without Sscofpmf ignores the hints, as the spec allows.
 */
static inline uint64_t pmu_usable(const struct pmu_platform *plat,
				  uint64_t cand, unsigned long flags)
{
	if (flags & pmu_filter_flags(plat))
		cand &= plat->filter_mask | ~(uint64_t)PMU_FIXED_MASK;
	return cand;
}

static inline uint64_t pmu_prefer(const struct pmu_platform *plat,
				  uint64_t cand, unsigned long flags)
{
	uint64_t good;

	cand = pmu_usable(plat, cand, flags);
	if (flags & pmu_filter_flags(plat)) {
		good = cand & plat->filter_mask;
		if (good)
			cand = good;
	}
	/* SBI cannot tell counting from sampling: keep the interrupt */
	good = cand & plat->of_mask;
	return good ? good : cand;
}

static void pmu_ctr_bind_fw(struct pmu_hart *h, unsigned int c,
			    unsigned long flags, unsigned long event_idx,
			    uint64_t data)
{
	unsigned int j = c - h->plat->hw_slots;

	pmu_fw_config(h, j, event_idx & PMU_EVIDX_CODE_MASK, data);
	if (flags & PMU_CFG_CLEAR_VALUE)
		h->fw_value[j] = 0;
	if (flags & PMU_CFG_AUTO_START)
		pmu_fw_start(h, 1U << j);
}

static inline void pmu_ctr_bind_hw(struct pmu_hart *h, unsigned int c,
				   unsigned long flags, uint64_t selector)
{
	pmu_host_hw_bind(h, c, flags);
	pmu_hw_program(h, c, pmu_hw_event_value(h->plat, c, selector, flags));
	if (flags & PMU_CFG_CLEAR_VALUE)
		pmu_hw_write(c, 0);
	if (flags & PMU_CFG_AUTO_START)
		pmu_hw_start(h, 1U << c);
	else if (c < PMU_IDX_HPM_FIRST)
		pmu_hw_stop(1U << c);	/* was free-running */
}

/*
 * cycle or instret on a hart without mcountinhibit (plat->nostop_mask):
 * chosen like any counter, but nothing is programmed, neither an event
 * CSR (Smcntrpmf needs mcountinhibit) nor an inhibit bit: the counter
 * runs whatever its state. A filtered request is refused, as on every
 * cycle/instret that cannot filter (pmu_usable()).
 */
static PMU_COLD long pmu_ctr_config_nostop(struct pmu_hart *h, uint64_t set,
					   unsigned long flags,
					   unsigned long event_idx,
					   uint64_t data,
					   unsigned long *idx_out)
{
	const struct pmu_platform *plat = h->plat;
	uint64_t cand, bit;
	unsigned int c;

	cand = set & pmu_event_nostop_counters(plat, event_idx, data);
	if (!cand)	/* with mcountinhibit: always */
		return SBI_ERR_NOT_SUPPORTED;
	cand = pmu_usable(plat, cand, flags);
	if (flags & PMU_CFG_SKIP_MATCH)	/* the first of the set, if able */
		cand &= set & -set & ~h->started;
	else
		cand &= ~h->mapped;
	if (!cand)
		return SBI_ERR_NOT_SUPPORTED;
	c = pmu_ctz(cand);
	bit = 1ULL << c;
	pmu_host_hw_bind(h, c, flags);
	if (flags & PMU_CFG_CLEAR_VALUE)	/* all there is to program */
		pmu_hw_write(c, 0);
	h->mapped |= bit;
	if (flags & PMU_CFG_AUTO_START)
		h->started |= bit;
	*idx_out = c;
	return SBI_SUCCESS;
}

/*
 * A platform firmware event: the counters the host lets count it, chosen
 * like those of an SBI event; CLEAR_VALUE and AUTO_START through the host.
 * A counter whose AUTO_START the platform refuses is given back.
 */
static PMU_COLD long pmu_ctr_config_platform(struct pmu_hart *h, uint64_t set,
					     unsigned long flags, uint64_t data,
					     unsigned long *idx_out)
{
	const struct pmu_platform *plat = h->plat;
	uint64_t cand;
	unsigned int c, j;
	long rc;

	cand = set & plat->fw_mask &
	       ((uint64_t)pmu_fw_platform_counters(plat, data) << plat->hw_slots);
	if (flags & PMU_CFG_SKIP_MATCH) {
		c = pmu_ctz(set);
		if (!((cand >> c) & 1) || ((h->started >> c) & 1))
			return SBI_ERR_NOT_SUPPORTED;
	} else {
		cand &= ~h->mapped;
		if (!cand)
			return SBI_ERR_NOT_SUPPORTED;
		c = pmu_ctz(cand);
	}
	j = c - plat->hw_slots;
	pmu_fw_config(h, j, PMU_FW_PLATFORM, data);
	if (flags & PMU_CFG_CLEAR_VALUE)
		pmu_host_fw_platform_write(j, 0);
	if (flags & PMU_CFG_AUTO_START) {
		rc = pmu_host_fw_platform_start(j, data);
		if (rc) {
			h->mapped &= ~(1ULL << c);
			return rc;
		}
		h->started |= 1ULL << c;
	}
	h->mapped |= 1ULL << c;
	*idx_out = c;
	return SBI_SUCCESS;
}

/*
 * No hardware or SBI firmware counter takes the event: a platform firmware
 * event goes to the host's counters, cycles and instructions may go to a
 * counter that never stops, anything else is NOT_SUPPORTED. Here, not up
 * front, so that the common events pay nothing for the checks.
 */
static PMU_COLD long pmu_ctr_config_other(struct pmu_hart *h, uint64_t set,
					  unsigned long flags,
					  unsigned long event_idx,
					  uint64_t data,
					  unsigned long *idx_out)
{
	/* a platform event if the host has it: the common case jumps on */
	if (event_idx != PMU_EVIDX(PMU_EV_TYPE_FW, PMU_FW_PLATFORM))
		return pmu_ctr_config_nostop(h, set, flags, event_idx, data,
					     idx_out);
	if (!pmu_host_fw_platform_valid(data))
		return SBI_ERR_NOT_SUPPORTED;
	return pmu_ctr_config_platform(h, set, flags, data, idx_out);
}

/* Any config: firmware and raw events, SKIP_MATCH, CLEAR_VALUE, AUTO_START */
static PMU_COLD long pmu_ctr_config_any(struct pmu_hart *h, uint64_t set,
					unsigned long flags,
					unsigned long event_idx, uint64_t data,
					unsigned long *idx_out)
{
	const struct pmu_platform *plat = h->plat;
	uint64_t cand, selector = 0;
	bool fw = pmu_fw_event_valid(event_idx, data);
	unsigned int c;

	if (flags & ~PMU_CFG_VALID_MASK)
		return SBI_ERR_INVALID_PARAM;
	if (fw)
		cand = set & plat->fw_mask;
	else	/* general, cache and raw events; none for a platform one */
		cand = set & pmu_event_hw_counters(plat, event_idx, data,
						   &selector, plat->hw_mask);
	if (flags & PMU_CFG_SKIP_MATCH) {
		/* the first counter of the set, whatever it holds now */
		c = pmu_ctz(set);
		if (!fw)
			cand = pmu_usable(plat, cand, flags);
		if (!((cand >> c) & 1) || ((h->started >> c) & 1))
			return pmu_ctr_config_other(h, set, flags, event_idx,
						    data, idx_out);
		/* a new event through "no event", see pmu_hw_idle_value() */
		if (!fw && ((h->mapped >> c) & 1) && c >= PMU_IDX_HPM_FIRST)
			pmu_hw_write_event(plat, c, 0);
	} else {
		cand &= ~h->mapped;
		if (!fw)
			cand = pmu_prefer(plat, cand, flags);
		if (!cand)
			return pmu_ctr_config_other(h, set, flags, event_idx,
						    data, idx_out);
		c = pmu_ctz(cand);
	}
	if (fw)
		pmu_ctr_bind_fw(h, c, flags, event_idx, data);
	else
		pmu_ctr_bind_hw(h, c, flags, selector);
	h->mapped |= 1ULL << c;
	if (flags & PMU_CFG_AUTO_START)
		h->started |= 1ULL << c;
	*idx_out = c;
	return SBI_SUCCESS;
}

/*
 * A general or cache event on a free hardware counter, without SKIP_MATCH,
 * CLEAR_VALUE or AUTO_START: how Linux asks for every hardware event. It
 * stays a leaf; anything else goes the long way, with the same answers.
 * Reserved flags go the long way too, which refuses them: the binding
 * then needs no test (and no register) of its own for them.
 */
long pmu_ctr_config_match(struct pmu_hart *h, uint64_t set,
			  unsigned long flags, unsigned long event_idx,
			  uint64_t data, unsigned long *idx_out)
{
	const unsigned long slow = PMU_CFG_SKIP_MATCH | PMU_CFG_CLEAR_VALUE |
				   PMU_CFG_AUTO_START | ~PMU_CFG_VALID_MASK;
	const struct pmu_platform *plat = h->plat;
	int slot = pmu_hw_event_slot(event_idx);
	uint64_t cand;
	unsigned int c;

	if (slot < 0 || data || (flags & slow))
		return pmu_ctr_config_any(h, set, flags, event_idx, data,
					  idx_out);
	cand = set & plat->events[slot].counters & plat->hw_mask & ~h->mapped;
	cand = pmu_prefer(plat, cand, flags);
	if (!cand)
		return pmu_ctr_config_any(h, set, flags, event_idx, data,
					  idx_out);
	c = pmu_ctz(cand);
	pmu_host_hw_bind(h, c, flags);
	pmu_hw_program(h, c, pmu_hw_event_value(plat, c,
						plat->events[slot].selector,
						flags));
	if (c < PMU_IDX_HPM_FIRST)
		pmu_hw_stop(1U << c);	/* was free-running */
	h->mapped |= 1ULL << c;
	*idx_out = c;
	return SBI_SUCCESS;
}

/*
 * SET_INIT_VALUE or INIT_SNAPSHOT: load the counters about to start, from
 * init_value or from the snapshot's base-relative slots (snap).
 */
static PMU_COLD void pmu_ctr_init_values(unsigned long base, uint64_t todo,
					 unsigned long flags,
					 uint64_t init_value,
					 struct pmu_hart *h)
{
	const struct pmu_platform *plat = h->plat;
	const uint64_t *snap = (flags & PMU_START_INIT_SNAPSHOT) ?
			       h->snap->ctr_values : NULL;
	uint64_t left;
	unsigned int i;

	/* sets are mask << base: walk up from base, no ctz per counter */
	left = (todo & plat->hw_value_mask) >> base;
	for (i = 0; left; i++, left >>= 1)
		if (left & 1)
			pmu_hw_write((unsigned int)base + i,
				     snap ? snap[i] : init_value);
	for (left = todo & plat->fw_mask; left; left &= left - 1) {
		i = pmu_ctz(left);
		pmu_fw_set_value(h, i - plat->hw_slots,
				 snap ? snap[i - base] : init_value);
	}
}

static long pmu_ctr_start_platform(struct pmu_hart *h, uint64_t set,
				   uint64_t todo);

/* Any start: firmware counters, several, some started, snapshot values. */
static PMU_COLD long pmu_ctr_start_any(unsigned long base, uint64_t set,
				       unsigned long flags,
				       uint64_t init_value,
				       struct pmu_hart *h)
{
	const struct pmu_platform *plat = h->plat;
	uint64_t todo = set & ~h->started;
	uint32_t hw;

	if (flags)	/* validated: SET_INIT_VALUE or INIT_SNAPSHOT */
		pmu_ctr_init_values(base, todo, flags, init_value, h);
	h->started |= todo;
	if (!pmu_fw_start(h, pmu_fw_bits(plat, todo)))
		return pmu_ctr_start_platform(h, set, todo);
	hw = (uint32_t)(todo & plat->hw_mask);
	pmu_host_hw_start(h, hw);
	if (hw)
		pmu_hw_start(h, hw);
	return todo == set ? SBI_SUCCESS : SBI_ERR_ALREADY_STARTED;
}

/*
 * A start with platform counters (todo: the counters to start, values
 * loaded, already marked started): the platform starts its own, the rest
 * goes through pmu_ctr_start_any() again. The platform's error, if it
 * refused one (that one stays stopped), else as pmu_ctr_start_any().
 */
static PMU_COLD long pmu_ctr_start_platform(struct pmu_hart *h, uint64_t set,
					    uint64_t todo)
{
	const struct pmu_platform *plat = h->plat;
	uint64_t rest = todo, left, bit;
	long err = SBI_SUCCESS, rc;
	unsigned int j;

	h->started &= ~todo;
	for (left = todo & plat->fw_mask; left; left &= left - 1) {
		bit = left & -left;
		j = pmu_ctz(bit) - plat->hw_slots;
		if (!pmu_fw_is_platform(h, j))
			continue;
		rest &= ~bit;
		rc = pmu_host_fw_platform_start(j, h->fw_data[j]);
		if (rc)
			err = rc;
		else
			h->started |= bit;
	}
	if (rest)
		pmu_ctr_start_any(0, rest, 0, 0, h);	/* no flags: no base */
	if (err)
		return err;
	return todo == set ? SBI_SUCCESS : SBI_ERR_ALREADY_STARTED;
}

/*
 * Linux starts one hardware counter at a time with SET_INIT_VALUE (or
 * INIT_SNAPSHOT): that case stays a leaf of a few instructions. Its mask
 * fits 32 bits, as idx < hw_slots <= 32.
 */
long pmu_ctr_start_one(unsigned long idx, struct pmu_hart *h,
		       unsigned long flags, uint64_t init_value)
{
	unsigned long bit = 1UL << idx;

	PMU_HW_IDX(idx);	/* the caller's check: no widening for the write */
	if (!(h->mapped & bit))
		return SBI_ERR_INVALID_PARAM;	/* no event to count */
	if (h->started & bit)
		return SBI_ERR_ALREADY_STARTED;
	/*
	 * flags are validated: SET_INIT_VALUE, INIT_SNAPSHOT (slot 0) or 0.
	 * Linux starts every counter with a value.
	 */
	if (pmu_likely(flags)) {
		if (flags & PMU_START_INIT_SNAPSHOT)
			init_value = h->snap->ctr_values[0];
		pmu_hw_write((unsigned int)idx, init_value);
	}
	h->started |= bit;
	pmu_host_hw_start(h, (uint32_t)bit);
	return pmu_hw_start(h, bit);
}

/*
 * Any other start: several counters, firmware counters (the binding sends
 * one hardware counter to pmu_ctr_start_one()).
 */
long pmu_ctr_start(unsigned long base, uint64_t set, unsigned long flags,
		   uint64_t init_value, struct pmu_hart *h)
{
	if (set & ~h->mapped)
		return SBI_ERR_INVALID_PARAM;	/* no event to count */
	return pmu_ctr_start_any(base, set, flags, init_value, h);
}

/* Unbind counters: idle event (M-mode inhibited), no firmware event. */
static PMU_COLD void pmu_ctr_release(struct pmu_hart *h, uint64_t set)
{
	const struct pmu_platform *plat = h->plat;
	uint64_t left;

	for (left = set & plat->hw_mask; left; left &= left - 1) {
		unsigned int i = pmu_ctz(left);

		pmu_hw_program(h, i, pmu_hw_idle_value(plat, i));
	}
	h->mapped &= ~set;
	/* a released cycle/instret runs free again, from its value */
	set &= plat->hw_mask & PMU_FIXED_MASK;
	if (set)
		pmu_host_csr_clear(PMU_CSR_MCOUNTINHIBIT, (uint32_t)set);
}

/* TAKE_SNAPSHOT and RESET after the counters stopped; run = were started */
static PMU_COLD long pmu_ctr_stop_flags(struct pmu_hart *h, unsigned long base,
					uint64_t set, uint64_t run,
					unsigned long flags)
{
	uint64_t mapped = set & h->mapped, bad = set & ~run;

	if (flags & PMU_STOP_TAKE_SNAPSHOT)
		pmu_snapshot_save(h, base, mapped);
	if (flags & PMU_STOP_RESET) {
		pmu_ctr_release(h, mapped);
		bad &= ~mapped;
	}
	return bad ? SBI_ERR_ALREADY_STOPPED : SBI_SUCCESS;
}

/*
 * A stop with platform counters (run already marked stopped): those the
 * platform would not stop stay started and mapped, and its error is the
 * answer; otherwise as pmu_ctr_stop().
 */
static PMU_COLD long pmu_ctr_stop_platform(struct pmu_hart *h,
					   unsigned long base, uint64_t set,
					   uint64_t run, unsigned long flags)
{
	const struct pmu_platform *plat = h->plat;
	long err = SBI_SUCCESS, rc;
	uint64_t failed = (uint64_t)pmu_fw_stop_all(h, pmu_fw_bits(plat, run),
						    &err) << plat->hw_slots;

	h->started |= failed;
	pmu_hw_stop((uint32_t)(run & plat->hw_mask));
	pmu_host_hw_stop(h, (uint32_t)(run & plat->hw_mask));
	rc = pmu_ctr_stop_flags(h, base, set & ~failed, run & ~failed, flags);
	return err ? err : rc;
}

/* A stop's answer: the counters of set that were not running (run). */
static inline long pmu_ctr_stopped(uint64_t set, uint64_t run)
{
	return run == set ? SBI_SUCCESS : SBI_ERR_ALREADY_STOPPED;
}

/*
 * TAKE_SNAPSHOT and RESET of one mapped hardware counter c, set = 1 << c,
 * the form of Linux's sched-out: as pmu_ctr_stop_flags(), but a leaf.
 */
static inline long pmu_ctr_stop_one(struct pmu_hart *h, unsigned int c,
				    uint64_t set, uint64_t run,
				    unsigned long flags)
{
	struct pmu_snapshot_area *s = h->snap;

	if (flags & PMU_STOP_TAKE_SNAPSHOT) {
		/* the bitmap first: fewer values live across the read */
		s->ctr_overflow_mask =
			pmu_hw_overflow(h->plat, (uint32_t)set) >> c;
		s->ctr_values[0] = pmu_hw_read(c);
	}
	if (!(flags & PMU_STOP_RESET))
		return pmu_ctr_stopped(set, run);
	pmu_hw_program(h, c, pmu_hw_idle_value(h->plat, c));
	h->mapped &= ~set;
	/* a released cycle/instret runs free again, from its value */
	if (set & PMU_FIXED_MASK)
		pmu_host_csr_clear(PMU_CSR_MCOUNTINHIBIT, (uint32_t)set);
	return SBI_SUCCESS;	/* a mapped counter released is no error */
}

/*
 * One mapped hardware counter, idx < hw_slots, as Linux stops each event
 * (TAKE_SNAPSHOT only with snapshot memory, the binding's check): a leaf
 * with the answers of pmu_ctr_stop().
 */
long pmu_ctr_stop_mapped(unsigned long idx, struct pmu_hart *h,
			 unsigned long flags)
{
	unsigned long bit = 1UL << idx, run = h->started & bit;

	PMU_HW_IDX(idx);
	h->started ^= run;
	if (run)
		pmu_host_csr_set(PMU_CSR_MCOUNTINHIBIT, run);
	pmu_host_hw_stop(h, (uint32_t)run);
	if (!flags)
		return pmu_ctr_stopped(bit, run);
	return pmu_ctr_stop_one(h, (unsigned int)idx, bit, run, flags);
}

/*
 * The end of a stop with firmware counters: the hardware counters of run
 * inhibited, then the flags.
 */
static inline long pmu_ctr_stop_hw(struct pmu_hart *h, unsigned long base,
				   uint64_t set, uint64_t run,
				   unsigned long flags)
{
	pmu_hw_stop((uint32_t)(run & h->plat->hw_mask));
	pmu_host_hw_stop(h, (uint32_t)(run & h->plat->hw_mask));
	if (flags)
		return pmu_ctr_stop_flags(h, base, set, run, flags);
	return pmu_ctr_stopped(set, run);
}

/*
 * A stop with firmware counters or counters that never stop among those
 * running (run): cold. The latter are marked stopped and left counting.
 */
static PMU_COLD long pmu_ctr_stop_fw(struct pmu_hart *h, unsigned long base,
				     uint64_t set, uint64_t run,
				     unsigned long flags)
{
	const struct pmu_platform *plat = h->plat;

	if (!pmu_fw_stop(h, pmu_fw_bits(plat, run)))
		return pmu_ctr_stop_platform(h, base, set, run, flags);
	return pmu_ctr_stop_hw(h, base, set, run, flags);
}

/*
 * A stop with flags, or with firmware counters or counters that never stop
 * running: out of line.
 */
static __attribute__((noinline)) long pmu_ctr_stop_more(unsigned long base,
							uint64_t set,
							unsigned long flags,
							struct pmu_hart *h)
{
	uint64_t run = set & h->started;

	h->started ^= run;	/* run is within started */
	if (run & h->plat->stop_slow_mask)
		return pmu_ctr_stop_fw(h, base, set, run, flags);
	/* run has no firmware counter and none that never stops */
	if (run)
		pmu_host_csr_set(PMU_CSR_MCOUNTINHIBIT, (unsigned long)run);
	pmu_host_hw_stop(h, (uint32_t)run);
	return pmu_ctr_stop_flags(h, base, set, run, flags);
}

/*
 * Every counter of the set is handled even when some fail: Linux stops
 * "all used counters" in one call and expects the started ones stopped.
 * RESET releases a mapped counter whether or not it was started. A stop
 * of hardware counters without flags is a leaf, and the others are a tail
 * call with the arguments where they came in.
 */
long pmu_ctr_stop(unsigned long base, uint64_t set, unsigned long flags,
		  struct pmu_hart *h)
{
	uint64_t started = h->started, run = set & started;

	if (flags || (run & h->plat->stop_slow_mask))
		return pmu_ctr_stop_more(base, set, flags, h);
	h->started = started ^ run;
	if (run)	/* hardware counters only, see pmu_ctr_stop_more() */
		pmu_host_csr_set(PMU_CSR_MCOUNTINHIBIT, (unsigned long)run);
	pmu_host_hw_stop(h, (uint32_t)run);
	return pmu_ctr_stopped(set, run);
}

/* One XLEN word of a 64-bit firmware counter value. */
static inline unsigned long pmu_fw_read_word(uint64_t v, bool hi)
{
#if __SIZEOF_LONG__ == 4
	return hi ? (unsigned long)(v >> 32) : (unsigned long)v;
#else
	return hi ? 0 : v;	/* RV64: fw_read_hi is always 0 */
#endif
}

static PMU_COLD long pmu_ctr_fw_read_platform(unsigned int j, bool hi,
					      unsigned long *value)
{
	*value = pmu_fw_read_word(pmu_host_fw_platform_read(j), hi);
	return SBI_SUCCESS;
}

long pmu_ctr_fw_read(const struct pmu_hart *h, unsigned long idx, bool hi,
		     unsigned long *value)
{
	const struct pmu_platform *plat = h->plat;
	unsigned long j;

	if (idx >= plat->num_ctrs || idx < plat->hw_slots ||
	    !((h->mapped >> idx) & 1))
		return SBI_ERR_INVALID_PARAM;
	j = idx - plat->hw_slots;
	if (pmu_fw_is_platform(h, j))
		return pmu_ctr_fw_read_platform((unsigned int)j, hi, value);
	*value = pmu_fw_read_word(h->fw_value[j], hi);
	return SBI_SUCCESS;
}
