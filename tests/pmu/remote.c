/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Two harts: counters are per hart (the other hart has its own mapping,
 * its own firmware counts, its own snapshot memory), IPI_SENT counts on
 * the sender and IPI_RECEIVED on the receiver, and a remote fence counts
 * SENT once per target hart on the caller and RECEIVED on each target.
 */
#include "pmu_tests.h"

enum { STAGE_RUN, STAGE_DONE };

struct job {
	long boot_ctr;		/* a counter mapped on the boot hart only */
	int stage;		/* boot -> worker */
	int ready;		/* worker -> boot */
	int ipis_seen;
	int done;
	long fw_read_err;	/* FW_READ(boot_ctr) on the worker */
	long snap_err;		/* TAKE_SNAPSHOT on the worker */
	long cfg_err;
	unsigned long num;
	unsigned long timer;	/* SET_TIMER on the worker */
	unsigned long ipi_rcvd, fence_i_rcvd, sfence_rcvd, ipi_sent;
};

static struct job job;

static long worker_ctr(unsigned long code)
{
	long err, c = ctr_match(0, mask_from(0, pmu.fw), 0, EV_FW(code), 0,
				&err);

	if (c == NO_CTR || sbi_pmu_counter_start(c, 1, PMU_START_SET_INIT_VALUE,
						 0).error)
		job.cfg_err = c == NO_CTR ? err : SBI_ERR_FAILED;
	return c;
}

static void worker(unsigned long hartid, unsigned long opaque, void *arg)
{
	unsigned long end;
	long r, fi, sv, st, is;
	int i;

	job.num = sbi_pmu_num_counters().value;
	job.fw_read_err = sbi_pmu_counter_fw_read(job.boot_ctr).error;
	r = worker_ctr(PMU_FW_IPI_RECEIVED);
	is = worker_ctr(PMU_FW_IPI_SENT);
	fi = worker_ctr(PMU_FW_FENCE_I_RECEIVED);
	sv = worker_ctr(PMU_FW_SFENCE_VMA_RECEIVED);
	st = worker_ctr(PMU_FW_SET_TIMER);
	for (i = 0; i < 3; i++)
		sbi_set_timer(~0UL);
	job.timer = sbi_pmu_counter_fw_read(st).value;
	job.snap_err = sbi_pmu_counter_stop(st, 1,
					    PMU_STOP_TAKE_SNAPSHOT).error;
	csr_clear(CSR_SIP, SIP_SSIP);
	atomic_store(&job.ready, 1);

	end = time_now() + usec_to_ticks(5 * TIMEOUT_US);
	while (atomic_load(&job.stage) != STAGE_DONE && time_now() < end) {
		if (csr_read(CSR_SIP) & SIP_SSIP) {
			csr_clear(CSR_SIP, SIP_SSIP);
			atomic_add_return(&job.ipis_seen, 1);
		}
	}
	job.ipi_rcvd = sbi_pmu_counter_fw_read(r).value;
	job.ipi_sent = sbi_pmu_counter_fw_read(is).value;
	job.fence_i_rcvd = sbi_pmu_counter_fw_read(fi).value;
	job.sfence_rcvd = sbi_pmu_counter_fw_read(sv).value;
	ctr_release_all();
	atomic_store(&job.done, 1);
}

static long boot_ctr(unsigned long code)
{
	long c = ctr_match(0, mask_from(0, pmu.fw), 0, EV_FW(code), 0, NULL);

	if (c != NO_CTR)
		sbi_pmu_counter_start(c, 1, PMU_START_SET_INIT_VALUE, 0);
	return c;
}

void test_fw_count_smp(void)
{
	unsigned long b = pmu.other, both;
	long timer, sent, rcvd, fs, fr, ss;
	int k;

	ctr_release_all();
	if (b == ~0UL || !pmu.fw) {
		test_skip(b == ~0UL ? "only one hart" : "no firmware counters",
			  "per-hart counters and remote events");
		return;
	}
	timer = boot_ctr(PMU_FW_SET_TIMER);
	sent = boot_ctr(PMU_FW_IPI_SENT);
	rcvd = boot_ctr(PMU_FW_IPI_RECEIVED);
	fs = boot_ctr(PMU_FW_FENCE_I_SENT);
	fr = boot_ctr(PMU_FW_FENCE_I_RECEIVED);
	ss = boot_ctr(PMU_FW_SFENCE_VMA_SENT);
	if (timer == NO_CTR || sent == NO_CTR || rcvd == NO_CTR ||
	    fs == NO_CTR || fr == NO_CTR || ss == NO_CTR) {
		test_report(0, "cfg_match failed", "boot hart counters");
		goto out;
	}
	/* a counter the worker's own cfg_match would not hand out first */
	job.boot_ctr = bit_highest(pmu.fw);
	ctr_match(job.boot_ctr, 1, 0, EV_FW(PMU_FW_SET_TIMER), 0, NULL);
	job.cfg_err = 0;
	if (!TEST_SBI_OK(hart_start(b, worker, NULL, 0),
			 "hart_start(%lu) for the worker", b))
		goto out;
	if (!test_report(wait_for_int(&job.ready, 1, TIMEOUT_US),
			 "timed out", "worker hart %lu is ready", b))
		goto out;

	TEST_EQ(job.cfg_err, 0, "worker: its own counters configure and start");
	TEST_EQ(job.num, pmu.num, "worker: num_counters is the same on hart %lu",
		b);
	TEST_SBI_ERR((struct sbiret){ job.fw_read_err, 0 },
		     SBI_ERR_INVALID_PARAM,
		     "worker: fw_read(%ld), mapped only on the boot hart",
		     job.boot_ctr);
	TEST_EQ(job.timer, 3, "worker: its SET_TIMER counter saw its 3 calls");
	TEST_EQ(ctr_value(timer), 0,
		"boot: its SET_TIMER counter saw none of the worker's calls");
	TEST_SBI_ERR((struct sbiret){ job.snap_err, 0 }, SBI_ERR_NO_SHMEM,
		     "worker: TAKE_SNAPSHOT without its own shared memory");

	for (k = 1; k <= 4; k++) {
		sbi_send_ipi(1, b);
		if (!wait_for_int(&job.ipis_seen, k, TIMEOUT_US))
			break;
	}
	TEST_EQ(atomic_load(&job.ipis_seen), 4, "worker: saw 4 IPIs");
	TEST_SBI_OK(sbi_remote_fence_i(1, b), "remote_fence_i to hart %lu", b);
	TEST_SBI_OK(sbi_remote_fence_i(1, b), "remote_fence_i to hart %lu", b);
	both = BIT(b) | BIT(pmu.self);
	TEST_SBI_OK(sbi_remote_fence_i(both, 0),
		    "remote_fence_i to harts 0x%lx", both);
	TEST_SBI_OK(sbi_remote_sfence_vma(1, b, 0, 4096),
		    "remote_sfence_vma to hart %lu", b);
	atomic_store(&job.stage, STAGE_DONE);
	if (!test_report(wait_for_int(&job.done, 1, 5 * TIMEOUT_US),
			 "timed out", "worker hart %lu finished", b))
		goto out;

	if (pmu.opensbi_sites) {
		test_skip("OpenSBI counts the IPIs of remote fences too",
			  "boot: IPI_SENT 4, worker: IPI_RECEIVED 4");
		test_skip("OpenSBI counts a fence request once, not per hart",
			  "boot: FENCE_I_SENT 4");
	} else {
		TEST_EQ(ctr_value(sent), 4, "boot: IPI_SENT 4");
		TEST_EQ(job.ipi_rcvd, 4, "worker: IPI_RECEIVED 4");
		TEST_EQ(ctr_value(fs), 4,
			"boot: FENCE_I_SENT 4 (2 to one hart, 1 to two harts)");
	}
	TEST_EQ(ctr_value(rcvd), 0, "boot: IPI_RECEIVED 0 (it sent them)");
	TEST_EQ(job.ipi_sent, 0, "worker: IPI_SENT 0");
	TEST_EQ(ctr_value(fr), 1, "boot: FENCE_I_RECEIVED 1 (itself once)");
	TEST_EQ(job.fence_i_rcvd, 3, "worker: FENCE_I_RECEIVED 3");
	TEST_EQ(ctr_value(ss), 1, "boot: SFENCE_VMA_SENT 1");
	TEST_EQ(job.sfence_rcvd, 1, "worker: SFENCE_VMA_RECEIVED 1");
	hart_wait_status(b, SBI_HSM_STATE_STOPPED, TIMEOUT_US);
out:
	ctr_release_all();
}
