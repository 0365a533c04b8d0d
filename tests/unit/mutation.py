#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Mutation check of the PMU unit tests: each entry plants one bug in a
copy of lib/pmu/ and the unit tests must fail (or crash) on it.

usage: mutation.py TOP BUILD_DIR  (make mutation-unit; ~10 minutes)
"""
import os
import shutil
import subprocess
import sys

TOP, OUT = sys.argv[1], sys.argv[2]
M = [
 ("pmu_ecall.c", "if (!mask || base >= plat->num_ctrs)", "if (base >= plat->num_ctrs)"),
 ("pmu_ecall.c", "return (*set >> base) == mask && !(*set & ~plat->valid_mask);", "return !(*set & ~plat->valid_mask);"),
 ("pmu_ecall.c", "return (*set >> base) == mask && !(*set & ~plat->valid_mask);", "return (*set >> base) == mask;"),
 ("pmu_ecall.c", "if ((a[2] & ~PMU_CFG_VALID_MASK) ||", "if ("),
 ("pmu_ecall.c", "(a[2] & both) == both ||", ""),
 ("pmu_ecall.c", "if ((a[2] & PMU_START_INIT_SNAPSHOT) && !h->snap)", "if (0)"),
 ("pmu_ecall.c", "if ((a[2] & PMU_STOP_TAKE_SNAPSHOT) && !h->snap)", "if (0)"),
 ("pmu_ecall.c", "if (a[0] & (PMU_SNAPSHOT_ALIGN - 1))", "if (0)"),
 ("pmu_ecall.c", "if (a[2])\n\t\treturn SBI_ERR_INVALID_PARAM;\n\tif (a[0] == PMU_SNAPSHOT_DISABLE", "if (a[0] == PMU_SNAPSHOT_DISABLE"),
 ("pmu_ecall.c", "a[0] == PMU_SNAPSHOT_DISABLE && a[1]", "a[0] == PMU_SNAPSHOT_DISABLE || a[1]"),
 ("pmu_ecall.c", "n > ~0UL / PMU_EVENT_INFO_SIZE ||", ""),
 ("pmu_ecall.c", "if (a[3] || (a[0] & (PMU_EVENT_INFO_ALIGN - 1)))", "if (a[3])"),
 ("pmu_counters.c", "*value = hi ? 0 : v;", "*value = v;"),
 ("pmu_counters.c", "bad &= ~mapped;", ""),
 ("pmu_counters.c", "cand &= ~h->mapped;", ""),
 ("pmu_counters.c", "c = pmu_ctz(set);", "c = pmu_ctz(cand | 1ULL << 63);"),
 ("pmu_counters.c", "|| ((h->started >> c) & 1))", ")"),
 ("pmu_counters.c", "if (set & ~h->mapped)\n\t\treturn SBI_ERR_INVALID_PARAM;", ""),
 ("pmu_counters.c", "!((h->mapped >> idx) & 1))", "0)"),
 ("pmu_counters.c", "return good ? good : cand;", "return cand;"),
 ("pmu_counters.c", "return good ? good : cand;", "return good;"),
 ("pmu_counters.c", "PMU_CFG_SET_SINH | PMU_CFG_SET_UINH | PMU_CFG_SET_VSINH |\n\t       PMU_CFG_SET_VUINH : PMU_CFG_SET_SINH", "PMU_CFG_SET_SINH | PMU_CFG_SET_UINH : PMU_CFG_SET_SINH"),
 ("pmu_counters.c", "ret = todo == set ? SBI_SUCCESS : SBI_ERR_ALREADY_STARTED;", "ret = SBI_SUCCESS;"),
 ("pmu_counters.c", "return run == set ? SBI_SUCCESS : SBI_ERR_ALREADY_STOPPED;", "return SBI_SUCCESS;"),
 ("pmu_counters.c", "pmu_snapshot_save(h, base, mapped);", "pmu_snapshot_save(h, base, run & mapped);"),
 ("pmu_counters.c", "if (flags & PMU_CFG_CLEAR_VALUE)\n\t\th->fw_value[j] = 0;", ""),
 ("pmu_counters.c", "if (flags & PMU_CFG_CLEAR_VALUE)\n\t\tpmu_hw_write(c, 0);", ""),
 ("pmu_counters.c", "if (pmu_is_fw(plat, (unsigned int)idx)) {", "if (idx > plat->hw_slots) {"),
 ("pmu_hw.c", "pmu_host_csr_write(PMU_CSR_MHPMEVENT(i), h->hw_evt[i]);\n\t\tof", "of"),
 ("pmu_hw.h", "uint64_t inh = PMU_EVT_MINH |", "uint64_t inh = "),
 ("pmu_hw.h", "(selector & plat->sel_mask) | inh : selector;", "selector | inh : selector;"),
 ("pmu_hw.c", "pmu_hw_write(i, 0);", ""),
 ("pmu_hw.c", "h->saved_of = pmu_hw_overflow(h->plat, hw);", ""),
 ("pmu_hw.c", "pmu_host_csr_set(PMU_CSR_MCOUNTEREN, hw);\n}\n\n/* Before", "}\n\n/* Before"),
 ("pmu_hw.c", "pmu_hw_stop((uint32_t)h->started & hw);\n\th->saved_of", "h->saved_of"),
 ("pmu_snapshot.c", "s->ctr_values[i - base]", "s->ctr_values[i & 63]"),
 ("pmu_snapshot.c", ">> base;", ";"),
 ("pmu_snapshot.c", "return h->snap->ctr_values[idx - base];", "return h->snap->ctr_values[idx & 63];"),
 ("pmu_events.h", "return code < PMU_FW_STD_MAX || code >= PMU_FW_IMPL_FIRST;", "return true;"),
 ("pmu_events.h", "if (data)\n\t\treturn false;", ""),
 ("pmu_events.c", "if (data & ~width)", "if (0)"),
 ("pmu_events.h", "((code >> 1) & 3) >= PMU_CACHE_OP_MAX", "0"),
 ("pmu_events.h", "if (data)\t/* reserved for general and cache events */", "if (0)"),
 ("pmu_events.c", "\t\t\treturn SBI_ERR_INVALID_PARAM;\n\tfor (i = 0; i < n; i++) {", "\t\t\t;\n\tfor (i = 0; i < n; i++) {"),
 ("pmu_events.c", "\t\t\tdata = e[i].event_data;", "\t\t\t;"),
 ("pmu_events.c", "if (event_idx == PMU_EVIDX(PMU_EV_TYPE_RAW, 0))", "if ((event_idx >> 16) == PMU_EV_TYPE_RAW)"),
 ("pmu_fw.c", "if (h->fw_code[pmu_ctz(bits)] == code)", "if (1)"),
 ("pmu_fw.c", "h->fw_data[j] == data", "1"),
 ("pmu_fw.c", "\tif (code == PMU_FW_PLATFORM)\n\t\treturn;", ""),
 ("pmu_fw.h", "*pmu_fw_started_map(h, j) &= ~(1U << j);", ""),
 ("pmu_dt.c", "\treturn bitmap & keep;", "\treturn bitmap;"),
 ("pmu_dt.c", "if (pmu_dt_u64(row, 0) & ~pmu_dt_u64(row, 2))", "if (0)"),
 ("pmu_dt.c", "m->counters = pmu_dt_cell(row, 4) & PMU_HPM_MASK;", "m->counters = pmu_dt_cell(row, 4);"),
 ("pmu_dt.c", "return (end & PMU_EVIDX_CODE_MASK) <= last;", "return true;"),
 ("pmu_dt.c", "if (start > end || type != end >> PMU_EVIDX_TYPE_SHIFT)", "if (start > end)"),
 ("pmu_dt.c", "if (n > PMU_RAW_MAP_MAX - plat->num_raw)", "if (n > PMU_RAW_MAP_MAX)"),
 ("pmu_platform.c", "if (pmu_host_csr_probe(PMU_CSR_MCOUNTER(i), ~0UL, &rb) || !rb)", "if (pmu_host_csr_probe(PMU_CSR_MCOUNTER(i), ~0UL, &rb))"),
 ("pmu_platform.c", "plat->hw_width[i] = (uint8_t)(pmu_probe_width(rb) - 1);", "plat->hw_width[i] = 63;"),
 ("pmu_platform.c", "\t\thw = 0;\t/* no way", "\t\t;\t/* no way"),
 ("pmu_platform.c", "pmu_host_csr_write(PMU_CSR_MCOUNTINHIBIT, inhibit);\n\tpmu_platform_layout", "pmu_platform_layout"),
 ("pmu_platform.c", "ev->counters |= PMU_HPM_MASK;", "ev->counters |= PMU_HPM_MASK & ~8U;"),
 ("pmu_hart.c", "\tpmu_hw_reset(h);", ""),
 ("pmu_host_default.c", "pmu_host_csr_read(csr) & ~bits);", "pmu_host_csr_read(csr) & bits);"),
]
src = os.path.join(TOP, "lib/pmu")
killed = 0
for i, (f, a, b) in enumerate(M):
    d = os.path.join(OUT, "lib/pmu")
    shutil.rmtree(OUT, ignore_errors=True)
    shutil.copytree(src, d)
    p = os.path.join(d, f)
    s = open(p).read()
    if a not in s:
        print("MISSING", i, f, a[:50]); continue
    open(p, "w").write(s.replace(a, b, 1))
    cmd = ("clang -std=gnu11 -O1 -g -w -fsanitize=address,undefined "
           "-fno-sanitize-recover=all -I{t}/tests/unit/shim -I{t}/include "
           "-I{t}/tests/unit {o}/lib/pmu/*.c {t}/tests/unit/*.c -o {o}/bin"
           ).format(t=TOP, o=OUT)
    r = subprocess.run(cmd, shell=True, capture_output=True)
    if r.returncode:
        print("BUILDFAIL", i, r.stderr.decode()[:300]); continue
    try:
        r = subprocess.run(os.path.join(OUT, "bin"), shell=True, capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        print("killed  %2d %-15s TIMEOUT" % (i, f)); killed += 1; continue
    out = r.stdout.decode().strip().splitlines()
    last = out[-1] if out else "(no output, rc %d)" % r.returncode
    ok = r.returncode != 0
    killed += ok
    fails = [l for l in out if l.startswith("FAIL")]
    print("%s %2d %-15s %s | %s" % ("killed " if ok else "SURVIVED", i, f, last, fails[:2]))
print("killed %d of %d" % (killed, len(M)))
sys.exit(0 if killed == len(M) else 1)
