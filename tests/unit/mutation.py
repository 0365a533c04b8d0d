#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Mutation check of the PMU unit tests (`make check-mutation`).

Each mutant plants one plausible bug in a copy of lib/pmu/: the text OLD,
which must occur exactly once in the file, becomes NEW. Only the objects the
mutated file goes into are rebuilt; they are linked with the unmutated
objects `make unit-bin` left in OBJ_DIR, and the unit test binary must then
fail (a FAIL line, a sanitizer report, a crash or a timeout). A mutant that
survives means a missing unit test: write it in the tests/unit/pmu_*.c file
of the mutated code. A mutant whose OLD text is gone (the code changed) is a
failure naming the mutant and the file: re-point it at the new code.

Mutants that are equivalent (no behaviour change reachable through the PMU
core's interface) are not listed; the ones considered are noted where the
code they would touch is mutated.

usage: mutation.py TOP OBJ_DIR WORK_DIR [JOBS]
  with CC and CFLAGS in the environment (the unit tests' own; -Werror is
  dropped, a planted bug may leave a variable unused).
"""
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys


def M(f, what, old, new):
    return (f, what, old, new)


MUTANTS = [
    # pmu_ecall.c: the argument checks of the SBI binding
    M("pmu_ecall.c", "empty counter mask accepted",
      "if (!mask || base >= plat->num_ctrs)", "if (base >= plat->num_ctrs)"),
    M("pmu_ecall.c", "counter_idx_base one past the last counter accepted",
      "if (!mask || base >= plat->num_ctrs)", "if (!mask || base > plat->num_ctrs)"),
    M("pmu_ecall.c", "mask bits shifted out of XLEN ignored",
      "return !(mask & ~(plat->valid_mask >> base));",
      "return !(*set & ~plat->valid_mask);"),
    M("pmu_ecall.c", "time slot and absent counters accepted in a set",
      "return !(mask & ~(plat->valid_mask >> base));",
      "return (*set >> base) == mask;"),
    # the same four in pmu_ecall_set_tested(), the start binding's
    M("pmu_ecall.c", "start: empty counter mask accepted",
      "if (!mask || base >= plat->num_ctrs ||", "if (base >= plat->num_ctrs ||"),
    M("pmu_ecall.c", "start: counter_idx_base one past the last counter accepted",
      "if (!mask || base >= plat->num_ctrs ||", "if (!mask || base > plat->num_ctrs ||"),
    M("pmu_ecall.c", "start: mask bits shifted out of XLEN ignored",
      "(mask & ~(plat->valid_mask >> base)))",
      "(((uint64_t)mask << base) & ~plat->valid_mask))"),
    M("pmu_ecall.c", "start: time slot and absent counters accepted in a set",
      "(mask & ~(plat->valid_mask >> base)))",
      "(((uint64_t)mask << base) >> base) != mask)"),
    M("pmu_counters.c", "reserved config_matching flags take the short way",
      "PMU_CFG_AUTO_START | ~PMU_CFG_VALID_MASK;", "PMU_CFG_AUTO_START;"),
    M("pmu_counters.c", "reserved config_matching flags accepted the long way",
      "if (flags & ~PMU_CFG_VALID_MASK)\n\t\treturn SBI_ERR_INVALID_PARAM;\n\tif (fw)",
      "if (fw)"),
    M("pmu_ecall.c", "reserved start flags accepted",
      "if ((flags & ~PMU_START_VALID_MASK) || (flags & both) == both)",
      "if ((flags & both) == both)"),
    M("pmu_ecall.c", "SET_INIT_VALUE with INIT_SNAPSHOT accepted",
      "if ((flags & ~PMU_START_VALID_MASK) || (flags & both) == both)",
      "if (flags & ~PMU_START_VALID_MASK)"),
    M("pmu_ecall.c", "INIT_SNAPSHOT without snapshot memory",
      "if ((flags & PMU_START_INIT_SNAPSHOT) && !h->snap)\n\t\treturn pmu_ecall_start_rearm(",
      "if (0)\n\t\treturn pmu_ecall_start_rearm("),
    M("pmu_ecall.c", "one-counter start: INIT_SNAPSHOT without snapshot memory",
      "(!(flags & PMU_START_INIT_SNAPSHOT) || h->snap)", "1"),
    M("pmu_ecall.c", "one-counter start taken by a firmware counter",
      "mask == 1 && base < h->plat->hot_slots) &&\n\t    (!(flags & PMU_START",
      "mask == 1 && base < 64) &&\n\t    (!(flags & PMU_START"),
    M("pmu_ecall.c", "one-counter start taken by a mask of several",
      "mask == 1 && base < h->plat->hot_slots) &&\n\t    (!(flags & PMU_START",
      "base < h->plat->hot_slots) &&\n\t    (!(flags & PMU_START"),
    M("pmu_ecall.c", "one-counter start of a counter that never stops",
      "base < h->plat->hot_slots) &&\n\t    (!(flags & PMU_START",
      "base < h->plat->hw_slots) &&\n\t    (!(flags & PMU_START"),
    M("pmu_ecall.c", "one-counter stop taken by a firmware counter",
      "mask == 1 && base < h->plat->hot_slots) &&\n\t    ((h->mapped",
      "mask == 1 && base < 64) &&\n\t    ((h->mapped"),
    M("pmu_ecall.c", "one-counter stop taken by a mask of several",
      "mask == 1 && base < h->plat->hot_slots) &&\n\t    ((h->mapped",
      "base < h->plat->hot_slots) &&\n\t    ((h->mapped"),
    M("pmu_ecall.c", "one-counter stop of a counter that never stops",
      "base < h->plat->hot_slots) &&\n\t    ((h->mapped",
      "base < h->plat->hw_slots) &&\n\t    ((h->mapped"),
    M("pmu_ecall.c", "one-counter stop of an unmapped counter",
      "((h->mapped >> base) & 1) &&", ""),
    M("pmu_ecall.c", "one-counter stop: TAKE_SNAPSHOT without snapshot memory",
      "(!(flags & PMU_STOP_TAKE_SNAPSHOT) || h->snap)", "1"),
    M("pmu_ecall.c", "start: snapshot memory kept over HSM stop never re-armed",
      "if (!pmu_snapshot_rearm(h))\n\t\treturn SBI_ERR_NO_SHMEM;\n\treturn pmu_ctr_start(",
      "return SBI_ERR_NO_SHMEM;\n\treturn pmu_ctr_start("),
    M("pmu_ecall.c", "stop: snapshot memory kept over HSM stop never re-armed",
      "if (!pmu_snapshot_rearm(h))\n\t\treturn SBI_ERR_NO_SHMEM;\n\treturn pmu_ctr_stop(",
      "return SBI_ERR_NO_SHMEM;\n\treturn pmu_ctr_stop("),
    M("pmu_ecall.c", "restart base 64 * 64 served without its compat rule",
      "if (!(h->plat->compat & PMU_COMPAT_RESTART_BASE) ||", "if ("),
    M("pmu_ecall.c", "any out-of-range base served as base 0",
      "base != 8UL * sizeof(long) * 8 * sizeof(long) ||", ""),
    M("pmu_ecall.c", "restart base served as 0 without INIT_SNAPSHOT",
      "!(flags & PMU_START_INIT_SNAPSHOT) ||\n\t    !pmu_ecall_set(h->plat, 0,",
      "!pmu_ecall_set(h->plat, 0,"),
    M("pmu_ecall.c", "restart compat restarts a period shorter than the handler",
      "if (short_set)\n\t\tpmu_compat_lengthen(h, short_set);", ""),
    # "<=" would lengthen a counter with exactly the limit to go to the same
    # value: equivalent, not listed
    M("pmu_ecall.c", "restart compat: a period one short of the limit kept",
      "<\n\t\t    PMU_COMPAT_MIN_PERIOD - 1)", "<\n\t\t    PMU_COMPAT_MIN_PERIOD - 2)"),
    M("pmu_ecall.c", "restart compat judges counters that did not overflow",
      "pmu_hw_overflow(plat, (uint32_t)(set & plat->hw_mask));",
      "(uint32_t)(set & plat->hw_mask);"),
    M("pmu_ecall.c", "restart compat ignores the counter width",
      "return plat->hw_width[i] >= 63 ? ~0ULL :", "return 1 ? ~0ULL :"),
    M("pmu_ecall.c", "restart compat lengthens to one event short of the limit",
      "pmu_hw_write(i, pmu_compat_top(h->plat, i) -\n\t\t\t\t(PMU_COMPAT_MIN_PERIOD - 1));",
      "pmu_hw_write(i, pmu_compat_top(h->plat, i) -\n\t\t\t\t(PMU_COMPAT_MIN_PERIOD - 2));"),
    M("pmu_ecall.c", "restart compat set not checked at base 0",
      "!pmu_ecall_set(h->plat, 0, mask, &set))\n\t\treturn SBI_ERR_INVALID_PARAM;",
      "!pmu_ecall_set(h->plat, 0, mask & 1, &set))\n\t\treturn SBI_ERR_INVALID_PARAM;"),
    M("pmu_ecall.c", "reserved stop flags accepted",
      "if (flags & ~PMU_STOP_VALID_MASK)\n\t\treturn SBI_ERR_INVALID_PARAM;", ""),
    M("pmu_ecall.c", "TAKE_SNAPSHOT without snapshot memory",
      "if ((flags & PMU_STOP_TAKE_SNAPSHOT) && !h->snap)", "if (0)"),
    M("pmu_ecall.c", "snapshot flags ignored",
      "if (flags)\n\t\treturn SBI_ERR_INVALID_PARAM;\n\tif (lo == PMU_SNAPSHOT_DISABLE",
      "if (lo == PMU_SNAPSHOT_DISABLE"),
    M("pmu_ecall.c", "snapshot disabled by the low word alone",
      "lo == PMU_SNAPSHOT_DISABLE && hi == PMU_SNAPSHOT_DISABLE",
      "lo == PMU_SNAPSHOT_DISABLE"),
    M("pmu_ecall.c", "snapshot memory only 8-byte aligned",
      "if (lo & (PMU_SNAPSHOT_ALIGN - 1))", "if (lo & 7)"),
    M("pmu_ecall.c", "event_get_info flags ignored",
      "if (flags || (lo & (PMU_EVENT_INFO_ALIGN - 1)))",
      "if (lo & (PMU_EVENT_INFO_ALIGN - 1))"),
    M("pmu_ecall.c", "event_get_info alignment ignored",
      "if (flags || (lo & (PMU_EVENT_INFO_ALIGN - 1)))", "if (flags)"),
    M("pmu_ecall.c", "event_get_info with no entries checks the address",
      "if (!n)\n\t\treturn SBI_SUCCESS;", ""),
    M("pmu_ecall.c", "event_get_info entry count may wrap the size",
      "n > ~0UL / PMU_EVENT_INFO_SIZE ||", ""),
    M("pmu_ecall.c", "sbiret.value not zeroed on errors",
      "*out_value = 0;\n", ""),
    M("pmu_ecall.c", "num_counters one short",
      "*out_value = h->plat->num_ctrs;", "*out_value = h->plat->num_ctrs - 1;"),
    M("pmu_ecall.c", "fw_read_hi reads the low half",
      "return pmu_ctr_fw_read(h, a0, true, out_value);",
      "return pmu_ctr_fw_read(h, a0, false, out_value);"),
    M("pmu_ecall.c", "start's initial value from the wrong argument",
      "return pmu_ecall_start(h, a0, a1, a2, pmu_ecall_u64(a3, a4));",
      "return pmu_ecall_start(h, a0, a1, a2, pmu_ecall_u64(a4, a5));"),
    M("pmu_ecall.c", "config_matching's event_data dropped",
      "pmu_ecall_cfg_match(h, a0, a1, a2, a3, pmu_ecall_u64(a4, a5),",
      "pmu_ecall_cfg_match(h, a0, a1, a2, a3, 0,"),

    # pmu_counters.c: information, allocation, start, stop, fw_read
    M("pmu_counters.c", "last hardware index taken for a firmware counter",
      "return i >= plat->hw_slots;", "return i > plat->hw_slots;"),
    M("pmu_counters.c", "get_info of the index past the last counter",
      "if (idx >= plat->num_ctrs)\n\t\treturn SBI_ERR_INVALID_PARAM;\n\tif (pmu_is_fw",
      "if (idx > plat->num_ctrs)\n\t\treturn SBI_ERR_INVALID_PARAM;\n\tif (pmu_is_fw"),
    M("pmu_counters.c", "firmware counter info without the type bit",
      "*info = PMU_CTR_INFO_TYPE_FW | (63UL", "*info = (63UL"),
    M("pmu_counters.c", "get_info of the time slot or an absent counter",
      "if (!((plat->hw_value_mask >> idx) & 1))\t/* time slot or absent */",
      "if (0)"),
    M("pmu_counters.c", "get_info refuses the counters that never stop",
      "if (!((plat->hw_value_mask >> idx) & 1))\t/* time slot or absent */",
      "if (!((plat->hw_mask >> idx) & 1))"),
    M("pmu_counters.c", "hardware counter width not the probed one",
      "((unsigned long)plat->hw_width[idx] << PMU_CTR_INFO_WIDTH_SHIFT)",
      "(63UL << PMU_CTR_INFO_WIDTH_SHIFT)"),
    M("pmu_counters.c", "VS/VU hints ignored on a hart with H",
      "PMU_CFG_SET_SINH | PMU_CFG_SET_UINH | PMU_CFG_SET_VSINH |\n\t       PMU_CFG_SET_VUINH : PMU_CFG_SET_SINH",
      "PMU_CFG_SET_SINH | PMU_CFG_SET_UINH : PMU_CFG_SET_SINH"),
    M("pmu_counters.c", "VS/VU hints filtering on a hart without H",
      "PMU_CFG_SET_VUINH : PMU_CFG_SET_SINH | PMU_CFG_SET_UINH;",
      "PMU_CFG_SET_VUINH : PMU_CFG_SET_SINH | PMU_CFG_SET_UINH | PMU_CFG_SET_VSINH;"),
    M("pmu_counters.c", "unfiltered fixed counter used for a filtered request",
      "cand &= plat->filter_mask | ~(uint64_t)PMU_FIXED_MASK;", ""),
    # (Dropping the "prefer counters honouring the hints" step is
    # equivalent: after pmu_usable() the only mix of honouring and
    # non-honouring counters is Smcntrpmf without Sscofpmf, where the
    # honouring ones, cycle and instret, are the lowest indices anyway.)
    M("pmu_counters.c", "hints refused where no counter honours them",
      "if (good)\n\t\t\tcand = good;", "cand = good;"),
    M("pmu_counters.c", "counters with an overflow interrupt not preferred",
      "good = cand & plat->of_mask;\n\treturn good ? good : cand;",
      "return cand;"),
    M("pmu_counters.c", "only counters with an overflow interrupt used",
      "return good ? good : cand;", "return good;"),
    M("pmu_counters.c", "firmware counter bound to the whole event_idx",
      "pmu_fw_config(h, j, event_idx & PMU_EVIDX_CODE_MASK, data);",
      "pmu_fw_config(h, j, event_idx, data);"),
    M("pmu_counters.c", "CLEAR_VALUE ignored for firmware counters",
      "if (flags & PMU_CFG_CLEAR_VALUE)\n\t\th->fw_value[j] = 0;", ""),
    M("pmu_counters.c", "AUTO_START does not start a firmware counter",
      "if (flags & PMU_CFG_AUTO_START)\n\t\tpmu_fw_start(h, 1U << j);", ""),
    M("pmu_counters.c", "CLEAR_VALUE ignored for hardware counters",
      "if (flags & PMU_CFG_CLEAR_VALUE)\n\t\tpmu_hw_write(c, 0);", ""),
    M("pmu_counters.c", "AUTO_START does not start a hardware counter",
      "if (flags & PMU_CFG_AUTO_START)\n\t\tpmu_hw_start(h, 1U << c);", ""),
    M("pmu_counters.c", "firmware events matched to hardware counters",
      "cand = set & plat->fw_mask;", "cand = set;"),
    M("pmu_counters.c", "SKIP_MATCH takes the first able counter, not the first of the set",
      "c = pmu_ctz(set);\n\t\tif (!fw)", "c = pmu_ctz(cand | 1ULL << 63);\n\t\tif (!fw)"),
    M("pmu_counters.c", "SKIP_MATCH ignores the filter hints",
      "if (!fw)\n\t\t\tcand = pmu_usable(plat, cand, flags);\n", ""),
    M("pmu_counters.c", "SKIP_MATCH reconfigures a running counter",
      "cand = pmu_usable(plat, cand, flags);\n\t\tif (!((cand >> c) & 1) || ((h->started >> c) & 1))",
      "cand = pmu_usable(plat, cand, flags);\n\t\tif (!((cand >> c) & 1))"),
    # (without "c >= PMU_IDX_HPM_FIRST" or the mapped test the no-event
    # write is equivalent: the bind overwrites it)
    M("pmu_counters.c", "SKIP_MATCH rebind not through no event (QEMU keeps the old one)",
      "\t\t\tpmu_hw_write_event(plat, c, 0);\n", "\t\t\t;\n"),
    M("pmu_counters.c", "SKIP_MATCH rebind of a firmware counter writes an mhpmevent",
      "if (!fw && ((h->mapped >> c) & 1) && c >= PMU_IDX_HPM_FIRST)",
      "if (((h->mapped >> c) & 1) && c >= PMU_IDX_HPM_FIRST)"),
    M("pmu_counters.c", "config_matching hands out mapped counters",
      "cand &= ~h->mapped;\n\t\tif (!fw)", "if (!fw)"),
    M("pmu_counters.c", "config_matching does not mark the counter mapped",
      "h->mapped |= 1ULL << c;\n\tif (flags & PMU_CFG_AUTO_START)", "if (flags & PMU_CFG_AUTO_START)"),
    # the same steps for a platform firmware event (pmu_ctr_config_platform)
    M("pmu_counters.c", "platform event: counters the host refuses offered",
      "((uint64_t)pmu_fw_platform_counters(plat, data) << plat->hw_slots);",
      "plat->fw_mask;"),
    M("pmu_counters.c", "platform event: SKIP_MATCH takes the first able counter",
      "c = pmu_ctz(set);\n\t\tif (!((cand", "c = pmu_ctz(cand | 1ULL << 63);\n\t\tif (!((cand"),
    M("pmu_counters.c", "platform event: SKIP_MATCH reconfigures a running counter",
      "c = pmu_ctz(set);\n\t\tif (!((cand >> c) & 1) || ((h->started >> c) & 1))",
      "c = pmu_ctz(set);\n\t\tif (!((cand >> c) & 1))"),
    M("pmu_counters.c", "platform event: mapped counters handed out",
      "cand &= ~h->mapped;\n\t\tif (!cand)", "if (!cand)"),
    M("pmu_counters.c", "platform event bound without its event_data",
      "pmu_fw_config(h, j, PMU_FW_PLATFORM, data);", "pmu_fw_config(h, j, PMU_FW_PLATFORM, 0);"),
    M("pmu_counters.c", "platform event: CLEAR_VALUE ignored",
      "pmu_host_fw_platform_write(j, 0);", ""),
    M("pmu_counters.c", "platform event: AUTO_START not passed to the host",
      "rc = pmu_host_fw_platform_start(j, data);", "rc = 0;"),
    M("pmu_counters.c", "platform event: refused AUTO_START reported as success",
      "if (rc) {\n\t\t\th->mapped &= ~(1ULL << c);\n\t\t\treturn rc;\n\t\t}",
      "if (rc) {\n\t\t\th->mapped &= ~(1ULL << c);\n\t\t}"),
    M("pmu_counters.c", "platform event: counter of a refused AUTO_START kept",
      "h->mapped &= ~(1ULL << c);\n\t\t\treturn rc;", "return rc;"),
    M("pmu_counters.c", "platform event: AUTO_START not recorded as started",
      "h->started |= 1ULL << c;\n\t}\n\th->mapped", "}\n\th->mapped"),
    M("pmu_counters.c", "platform event: counter not marked mapped",
      "h->mapped |= 1ULL << c;\n\t*idx_out = c;\n\treturn SBI_SUCCESS;\n}\n\n/*\n * No hardware",
      "*idx_out = c;\n\treturn SBI_SUCCESS;\n}\n\n/*\n * No hardware"),
    M("pmu_counters.c", "platform event taken as a raw one",
      "return pmu_ctr_config_platform(h, set, flags, data, idx_out);",
      "return SBI_ERR_NOT_SUPPORTED;"),
    M("pmu_counters.c", "AUTO_START not recorded as started",
      "if (flags & PMU_CFG_AUTO_START)\n\t\th->started |= 1ULL << c;", ""),
    M("pmu_counters.c", "INIT_SNAPSHOT does not load the values",
      "snap ? snap[i] : init_value);", "init_value);"),
    M("pmu_counters.c", "INIT_SNAPSHOT of firmware counters does not load the values",
      "snap ? snap[i - base] : init_value);", "init_value);"),
    M("pmu_counters.c", "INIT_SNAPSHOT values read at absolute slots",
      "snap ? snap[i - base] : init_value);", "snap ? snap[i & 63] : init_value);"),
    M("pmu_counters.c", "initial values written at absolute, not base-relative, positions",
      "left = (todo & plat->hw_value_mask) >> base;\n\tfor", "left = todo & plat->hw_value_mask;\n\tfor"),
    M("pmu_counters.c", "SET_INIT_VALUE ignored on counters that never stop",
      "left = (todo & plat->hw_value_mask) >> base;\n\tfor", "left = (todo & plat->hw_mask) >> base;\n\tfor"),
    M("pmu_counters.c", "SET_INIT_VALUE ignored for firmware counters",
      "pmu_fw_set_value(h, i - plat->hw_slots,\n", "if (0) pmu_fw_set_value(h, i - plat->hw_slots,\n"),
    M("pmu_counters.c", "start reloads counters already started",
      "uint64_t todo = set & ~h->started;", "uint64_t todo = set;"),
    M("pmu_counters.c", "start of several does not start firmware counters",
      "if (!pmu_fw_start(h, pmu_fw_bits(plat, todo)))", "if (!pmu_fw_start(h, 0))"),
    M("pmu_counters.c", "start of platform counters not handed to the platform",
      "if (!pmu_fw_start(h, pmu_fw_bits(plat, todo)))\n\t\treturn pmu_ctr_start_platform(h, set, todo);",
      "pmu_fw_start(h, pmu_fw_bits(plat, todo));"),
    M("pmu_counters.c", "start of several does not start hardware counters",
      "if (hw)\n\t\tpmu_hw_start(h, hw);", ""),
    M("pmu_counters.c", "start never reports ALREADY_STARTED",
      "pmu_hw_start(h, hw);\n\treturn todo == set ? SBI_SUCCESS : SBI_ERR_ALREADY_STARTED;",
      "pmu_hw_start(h, hw);\n\treturn SBI_SUCCESS;"),
    # pmu_ctr_start_platform: the platform starts its own, the rest as usual
    M("pmu_counters.c", "platform start never reports ALREADY_STARTED",
      "return err;\n\treturn todo == set ? SBI_SUCCESS : SBI_ERR_ALREADY_STARTED;",
      "return err;\n\treturn SBI_SUCCESS;"),
    M("pmu_counters.c", "platform start: refused counter left marked started",
      "h->started &= ~todo;\n\tfor (left", "for (left"),
    M("pmu_counters.c", "platform start: SBI counters of the set handed to the host",
      "if (!pmu_fw_is_platform(h, j))\n\t\t\tcontinue;\n\t\trest", "rest"),
    M("pmu_counters.c", "platform start: the host told the wrong event",
      "rc = pmu_host_fw_platform_start(j, h->fw_data[j]);",
      "rc = pmu_host_fw_platform_start(j, h->fw_code[j]);"),
    M("pmu_counters.c", "platform start: refused counter marked started",
      "err = rc;\n\t\telse\n\t\t\th->started |= bit;", "err = rc;\n\t\th->started |= bit;"),
    M("pmu_counters.c", "platform start: the platform's refusal not reported",
      "if (err)\n\t\treturn err;\n\treturn todo", "return todo"),
    M("pmu_counters.c", "platform start: the other counters of the set not started",
      "if (rest)\n\t\tpmu_ctr_start_any(0, rest, 0, 0, h);", ""),
    M("pmu_counters.c", "start of an unmapped counter accepted",
      "if (set & ~h->mapped)\n\t\treturn SBI_ERR_INVALID_PARAM;", ""),
    M("pmu_counters.c", "one-counter start writes the initial value without SET_INIT_VALUE",
      "if (pmu_likely(flags)) {", "if (1) {"),
    M("pmu_counters.c", "one-counter start of a running counter succeeds",
      "if (h->started & bit)\n\t\treturn SBI_ERR_ALREADY_STARTED;", ""),
    M("pmu_counters.c", "one-counter start of an unmapped counter accepted",
      "if (!(h->mapped & bit))\n\t\treturn SBI_ERR_INVALID_PARAM;", ""),
    M("pmu_counters.c", "one-counter start not marked started",
      "h->started |= bit;\n\tpmu_host_hw_start(h, (uint32_t)bit);", "pmu_host_hw_start(h, (uint32_t)bit);"),
    M("pmu_counters.c", "one-counter INIT_SNAPSHOT ignores the snapshot",
      "init_value = h->snap->ctr_values[0];", ";"),
    M("pmu_counters.c", "one-counter INIT_SNAPSHOT reads the counter's absolute slot",
      "init_value = h->snap->ctr_values[0];", "init_value = h->snap->ctr_values[idx & 63];"),
    M("pmu_counters.c", "RESET leaves the event programmed",
      "pmu_hw_program(h, i, pmu_hw_idle_value(plat, i));\n\t}\n\th->mapped &= ~set;",
      "}\n\th->mapped &= ~set;"),
    M("pmu_counters.c", "released cycle/instret not free-running again",
      "if (set)\n\t\tpmu_host_csr_clear(PMU_CSR_MCOUNTINHIBIT, (uint32_t)set);", ""),
    M("pmu_counters.c", "binding cycle/instret leaves it free-running",
      "else if (c < PMU_IDX_HPM_FIRST)\n\t\tpmu_hw_stop(1U << c);", ""),
    M("pmu_counters.c", "RESET does not unmap",
      "h->mapped &= ~set;\n\t/* a released cycle/instret runs free again, from its value */\n\tset &=",
      "/* a released cycle/instret runs free again, from its value */\n\tset &="),
    # pmu_ctr_stop_one: the flags of a one-counter stop, Linux's sched-out
    M("pmu_counters.c", "one-counter TAKE_SNAPSHOT does not save the value",
      "s->ctr_values[0] = pmu_hw_read(c);", ""),
    M("pmu_counters.c", "one-counter TAKE_SNAPSHOT overflow bit not base-relative",
      "pmu_hw_overflow(h->plat, (uint32_t)set) >> c;", "pmu_hw_overflow(h->plat, (uint32_t)set);"),
    M("pmu_counters.c", "one-counter RESET leaves the event programmed",
      "pmu_hw_program(h, c, pmu_hw_idle_value(h->plat, c));\n\th->mapped &= ~set;",
      "h->mapped &= ~set;"),
    M("pmu_counters.c", "one-counter RESET does not unmap",
      "h->mapped &= ~set;\n\t/* a released cycle/instret runs free again, from its value */\n\tif (set",
      "/* a released cycle/instret runs free again, from its value */\n\tif (set"),
    M("pmu_counters.c", "one-counter released cycle/instret not free-running again",
      "if (set & PMU_FIXED_MASK)\n\t\tpmu_host_csr_clear(PMU_CSR_MCOUNTINHIBIT, (uint32_t)set);", ""),
    M("pmu_counters.c", "one-counter stop with TAKE_SNAPSHOT never reports ALREADY_STOPPED",
      "if (!(flags & PMU_STOP_RESET))\n\t\treturn pmu_ctr_stopped(set, run);",
      "if (!(flags & PMU_STOP_RESET))\n\t\treturn SBI_SUCCESS;"),
    M("pmu_counters.c", "TAKE_SNAPSHOT saves only counters that were running",
      "pmu_snapshot_save(h, base, mapped);", "pmu_snapshot_save(h, base, run & mapped);"),
    M("pmu_counters.c", "RESET releases only counters that were running",
      "pmu_ctr_release(h, mapped);", "pmu_ctr_release(h, run);"),
    M("pmu_counters.c", "RESET of a mapped, stopped counter reports ALREADY_STOPPED",
      "bad &= ~mapped;", ""),
    M("pmu_counters.c", "stop does not clear the started state",
      "h->started ^= run;\t/* run is within started */", ""),
    M("pmu_counters.c", "stop does not stop firmware counters",
      "if (!pmu_fw_stop(h, pmu_fw_bits(plat, run)))", "if (!pmu_fw_stop(h, 0))"),
    M("pmu_counters.c", "stop of platform counters not handed to the platform",
      "if (!pmu_fw_stop(h, pmu_fw_bits(plat, run)))\n\t\treturn pmu_ctr_stop_platform(h, base, set, run, flags);",
      "pmu_fw_stop(h, pmu_fw_bits(plat, run));"),
    M("pmu_counters.c", "stop does not inhibit hardware counters",
      "if (run)\t/* hardware counters only, see pmu_ctr_stop_more() */\n\t\tpmu_host_csr_set(PMU_CSR_MCOUNTINHIBIT, (unsigned long)run);",
      ""),
    M("pmu_counters.c", "stop without flags does not tell the host",
      "(unsigned long)run);\n\tpmu_host_hw_stop(h, (uint32_t)run);\n\treturn pmu_ctr_stopped(",
      "(unsigned long)run);\n\treturn pmu_ctr_stopped("),
    M("pmu_counters.c", "stop with flags does not inhibit hardware counters",
      "if (run)\n\t\tpmu_host_csr_set(PMU_CSR_MCOUNTINHIBIT, (unsigned long)run);\n\tpmu_host_hw_stop(h, (uint32_t)run);\n\treturn pmu_ctr_stop_flags(",
      "pmu_host_hw_stop(h, (uint32_t)run);\n\treturn pmu_ctr_stop_flags("),
    M("pmu_counters.c", "stop with flags does not tell the host",
      "pmu_host_hw_stop(h, (uint32_t)run);\n\treturn pmu_ctr_stop_flags(", "return pmu_ctr_stop_flags("),
    # pmu_ctr_stop_mapped: the one-counter stop, a leaf
    M("pmu_counters.c", "one-counter stop does not clear the started state",
      "h->started ^= run;\n\tif (run)\n\t\tpmu_host_csr_set(PMU_CSR_MCOUNTINHIBIT, run);",
      "if (run)\n\t\tpmu_host_csr_set(PMU_CSR_MCOUNTINHIBIT, run);"),
    M("pmu_counters.c", "one-counter stop does not inhibit the counter",
      "if (run)\n\t\tpmu_host_csr_set(PMU_CSR_MCOUNTINHIBIT, run);", ""),
    M("pmu_counters.c", "one-counter stop does not tell the host",
      "pmu_host_hw_stop(h, (uint32_t)run);\n\tif (!flags)", "if (!flags)"),
    M("pmu_counters.c", "one-counter stop of a stopped counter answers SUCCESS",
      "if (!flags)\n\t\treturn pmu_ctr_stopped(bit, run);", "if (!flags)\n\t\treturn SBI_SUCCESS;"),
    M("pmu_counters.c", "stop with firmware counters does not inhibit hardware counters",
      "pmu_hw_stop((uint32_t)(run & h->plat->hw_mask));\n\tpmu_host_hw_stop", "pmu_host_hw_stop"),
    M("pmu_counters.c", "stop of firmware counters takes the hardware-only path",
      "if (run & h->plat->stop_slow_mask)\n\t\treturn pmu_ctr_stop_fw", "if (0)\n\t\treturn pmu_ctr_stop_fw"),
    M("pmu_counters.c", "stop with flags inhibits counters that never stop",
      "if (run & h->plat->stop_slow_mask)\n\t\treturn pmu_ctr_stop_fw", "if (run & h->plat->fw_mask)\n\t\treturn pmu_ctr_stop_fw"),
    M("pmu_counters.c", "stop without flags inhibits counters that never stop",
      "if (flags || (run & h->plat->stop_slow_mask))", "if (flags || (run & h->plat->fw_mask))"),
    # pmu_ctr_config_nostop(): cycle/instret without mcountinhibit
    M("pmu_counters.c", "counters that never stop not offered",
      "return pmu_ctr_config_nostop(h, set, flags, event_idx, data,\n\t\t\t\t\t     idx_out);",
      "return SBI_ERR_NOT_SUPPORTED;"),
    M("pmu_counters.c", "filtered requests served on counters that never stop",
      "cand = pmu_usable(plat, cand, flags);\n\tif (flags & PMU_CFG_SKIP_MATCH)\t/* the first",
      "if (flags & PMU_CFG_SKIP_MATCH)\t/* the first"),
    M("pmu_counters.c", "a counter that never stops handed out twice",
      "else\n\t\tcand &= ~h->mapped;\n\tif (!cand)", "else\n\t\t;\n\tif (!cand)"),
    M("pmu_counters.c", "SKIP_MATCH rebinds a started counter that never stops",
      "cand &= set & -set & ~h->started;", "cand &= set & -set;"),
    M("pmu_counters.c", "SKIP_MATCH of a counter that never stops takes any in the set",
      "cand &= set & -set & ~h->started;", "cand &= ~h->started;"),
    M("pmu_counters.c", "CLEAR_VALUE ignored on a counter that never stops",
      "pmu_hw_write(c, 0);\n\th->mapped |= bit;", "h->mapped |= bit;"),
    M("pmu_counters.c", "a counter that never stops not marked mapped",
      "h->mapped |= bit;", ""),
    M("pmu_counters.c", "AUTO_START of a counter that never stops not recorded",
      "if (flags & PMU_CFG_AUTO_START)\n\t\th->started |= bit;", ""),
    # pmu_ctr_stop_platform: a refused stop keeps the counter
    M("pmu_counters.c", "platform stop does not inhibit hardware counters",
      "h->started |= failed;\n\tpmu_hw_stop((uint32_t)(run & plat->hw_mask));",
      "h->started |= failed;"),
    M("pmu_counters.c", "platform stop: refused counter marked stopped",
      "h->started |= failed;\n", ""),
    M("pmu_counters.c", "platform stop: refused counter released by RESET",
      "rc = pmu_ctr_stop_flags(h, base, set & ~failed, run & ~failed, flags);",
      "rc = pmu_ctr_stop_flags(h, base, set, run, flags);"),
    M("pmu_counters.c", "platform stop: the platform's refusal not reported",
      "return err ? err : rc;", "return rc;"),
    M("pmu_counters.c", "stop never reports ALREADY_STOPPED",
      "return run == set ? SBI_SUCCESS : SBI_ERR_ALREADY_STOPPED;",
      "return SBI_SUCCESS;"),
    M("pmu_counters.c", "fw_read of a hardware counter",
      "if (idx >= plat->num_ctrs || idx < plat->hw_slots ||",
      "if (idx >= plat->num_ctrs ||"),
    M("pmu_counters.c", "fw_read of an unmapped firmware counter",
      "!((h->mapped >> idx) & 1))\n\t\treturn SBI_ERR_INVALID_PARAM;\n\tj = idx",
      "0)\n\t\treturn SBI_ERR_INVALID_PARAM;\n\tj = idx"),
    M("pmu_counters.c", "fw_read_hi returns the low half on RV64",
      "return hi ? 0 : v;\t/* RV64", "return v;\t/* RV64"),
    M("pmu_counters.c", "fw_read of a platform counter not asked of the platform",
      "if (pmu_fw_is_platform(h, j))\n\t\treturn pmu_ctr_fw_read_platform", "if (0)\n\t\treturn pmu_ctr_fw_read_platform"),
    M("pmu_counters.c", "fw_read_hi of a platform counter returns the low half on RV64",
      "pmu_fw_read_word(pmu_host_fw_platform_read(j), hi);",
      "pmu_fw_read_word(pmu_host_fw_platform_read(j), false);"),
    M("pmu_snapshot.c", "snapshot leaves out the counters that never stop",
      "uint64_t left = (set & plat->hw_value_mask) >> base;",
      "uint64_t left = (set & plat->hw_mask) >> base;"),
    M("pmu_snapshot.c", "snapshot value of a firmware counter from the wrong slot",
      "pmu_fw_value(h, i - plat->hw_slots);", "pmu_fw_value(h, i & 31);"),
    M("pmu_counters.c", "INIT_SNAPSHOT value of a firmware counter to the wrong slot",
      "pmu_fw_set_value(h, i - plat->hw_slots,\n", "pmu_fw_set_value(h, i & 31,\n"),

    # pmu_hw.h: event values, programming, start/stop (hot half)
    M("pmu_hw.h", "M-mode not inhibited",
      "uint64_t inh = PMU_EVT_MINH |", "uint64_t inh = "),
    M("pmu_hw.h", "inhibit flags land one bit off",
      "PMU_CFG_INH_SHIFT) << PMU_EVT_INH_SHIFT);",
      "PMU_CFG_INH_SHIFT) << (PMU_EVT_INH_SHIFT + 1));"),
    M("pmu_hw.h", "idle mhpmcounter keeps MINH (QEMU keeps its events mapped)",
      "if (idx >= PMU_IDX_HPM_FIRST)\n\t\treturn 0;\n", ""),
    M("pmu_hw.h", "selector's Sscofpmf bits not masked",
      "(selector & plat->sel_mask) | inh : selector;", "selector | inh : selector;"),
    M("pmu_hw.h", "inhibit bits written without Sscofpmf",
      "(selector & plat->sel_mask) | inh : selector;",
      "(selector & plat->sel_mask) | inh : (selector & plat->sel_mask) | inh;"),
    # (Smcntrpmf ? inh : 0 -> inh is equivalent: without Smcntrpmf the value
    # is never written; the RV32 high-half writes are unreachable on RV64.)
    M("pmu_hw.h", "mcyclecfg and minstretcfg swapped",
      "csr = idx == PMU_IDX_CYCLE ? PMU_CSR_MCYCLECFG :\n\t\t      PMU_CSR_MINSTRETCFG;",
      "csr = idx == PMU_IDX_CYCLE ? PMU_CSR_MINSTRETCFG :\n\t\t      PMU_CSR_MCYCLECFG;"),
    M("pmu_hw.h", "cycle/instret cfg CSRs written without Smcntrpmf",
      "} else if (pmu_has(plat, PMU_FEAT_SMCNTRPMF)) {", "} else if (1) {"),
    M("pmu_hw.h", "programmed event not remembered",
      "h->hw_evt[idx] = evt;", ""),
    M("pmu_hw.h", "bound cycle/instret still free-running",
      "return h->plat->hw_mask & PMU_FIXED_MASK & ~(uint32_t)h->mapped;",
      "return h->plat->hw_mask & PMU_FIXED_MASK;"),
    M("pmu_hw.h", "hpm counters free-running too",
      "return h->plat->hw_mask & PMU_FIXED_MASK & ~(uint32_t)h->mapped;",
      "return h->plat->hw_mask & ~(uint32_t)h->mapped;"),
    M("pmu_hw.h", "scountovf read without Sscofpmf",
      "bits &= plat->of_mask;", ""),
    M("pmu_hw.h", "start does not clear a pending overflow",
      "if (of)\n\t\treturn pmu_hw_start_of(h, (uint32_t)bits, (uint32_t)of);", ""),
    M("pmu_hw.h", "start inhibits instead of enabling",
      "pmu_host_csr_clear(PMU_CSR_MCOUNTINHIBIT, bits);\n\treturn SBI_SUCCESS;\n}",
      "pmu_host_csr_set(PMU_CSR_MCOUNTINHIBIT, bits);\n\treturn SBI_SUCCESS;\n}"),
    M("pmu_hw.c", "start after an overflow does not start",
      "pmu_host_csr_clear(PMU_CSR_MCOUNTINHIBIT, bits);\n\treturn SBI_SUCCESS;\n}", "return SBI_SUCCESS;\n}"),
    M("pmu_hw.h", "stop overwrites mcountinhibit",
      "pmu_host_csr_set(PMU_CSR_MCOUNTINHIBIT, bits);",
      "pmu_host_csr_write(PMU_CSR_MCOUNTINHIBIT, bits);"),

    # pmu_hw.c: overflow clearing, reset, suspend, resume (cold half)
    M("pmu_hw.c", "overflow never cleared",
      "pmu_host_csr_write(PMU_CSR_MHPMEVENT(i), h->hw_evt[i]);\n", ""),
    M("pmu_hw.c", "reset leaves counters running",
      "if (!hw)\n\t\treturn;\n\tpmu_hw_stop(hw);\n\twhile (left) {\n\t\tunsigned int i = pmu_ctz(left);\n\n\t\tpmu_hw_program",
      "if (!hw)\n\t\treturn;\n\twhile (left) {\n\t\tunsigned int i = pmu_ctz(left);\n\n\t\tpmu_hw_program"),
    M("pmu_hw.c", "reset leaves the old events",
      "pmu_hw_program(h, i, pmu_hw_idle_value(plat, i));\n\t\tpmu_hw_write(i, 0);",
      "pmu_hw_write(i, 0);"),
    M("pmu_hw.c", "reset leaves the old values",
      "pmu_hw_write(i, 0);", ""),
    M("pmu_hw.c", "reset does not open mcounteren",
      "pmu_hart_counteren(h);\n", ""),
    M("pmu_hw.c", "suspend does not freeze the counters",
      "pmu_hw_stop(((uint32_t)h->started | pmu_hw_free(h)) & hw);", ""),
    M("pmu_hw.c", "suspend leaves free-running cycle/instret counting",
      "pmu_hw_stop(((uint32_t)h->started | pmu_hw_free(h)) & hw);",
      "pmu_hw_stop((uint32_t)h->started & hw);"),
    M("pmu_hw.c", "reset leaves cycle/instret inhibited",
      "if (pmu_hw_free(h))\n\t\tpmu_host_csr_clear(PMU_CSR_MCOUNTINHIBIT, pmu_hw_free(h));", ""),
    M("pmu_hw.c", "suspend forgets the overflow bits",
      "h->saved_of = pmu_hw_overflow(h->plat, hw);", ""),
    M("pmu_hw.c", "suspend does not keep the values",
      "h->hw_saved[i] = pmu_hw_read(i);", ""),
    M("pmu_hw.c", "resume drops the overflow bits",
      "uint64_t of = (h->saved_of >> i) & 1 ? PMU_EVT_OF : 0;", "uint64_t of = 0;"),
    M("pmu_hw.c", "resume does not restore the values",
      "pmu_hw_write(i, h->hw_saved[i]);", ""),
    # (dropping h->saved_of = 0 is equivalent: every resume follows a
    # suspend, which sets saved_of anew)
    M("pmu_hw.c", "resume restarts stopped counters",
      "left = ((uint32_t)h->started | pmu_hw_free(h)) & hw;", "left = hw;"),
    M("pmu_hw.c", "resume leaves free-running cycle/instret stopped",
      "left = ((uint32_t)h->started | pmu_hw_free(h)) & hw;",
      "left = (uint32_t)h->started & hw;"),
    M("pmu_hw.c", "resume restarts with pmu_hw_start (clears OF)",
      "if (left)\n\t\tpmu_host_csr_clear(PMU_CSR_MCOUNTINHIBIT, left);",
      "pmu_hw_start(h, left);"),

    # pmu_events.h: classification of general, cache and firmware events
    M("pmu_events.h", "general event 0 (no event) has a slot",
      "if (code == PMU_HW_NO_EVENT || code >= PMU_HW_GENERAL_MAX)",
      "if (code >= PMU_HW_GENERAL_MAX)"),
    M("pmu_events.h", "general event code 11 accepted",
      "if (code == PMU_HW_NO_EVENT || code >= PMU_HW_GENERAL_MAX)",
      "if (code == PMU_HW_NO_EVENT || code > PMU_HW_GENERAL_MAX)"),
    M("pmu_events.h", "cache op 3 accepted",
      "((code >> 1) & 3) >= PMU_CACHE_OP_MAX", "0"),
    M("pmu_events.h", "cache ids past the last accepted",
      "if (code >= PMU_CACHE_CODE_MAX ||", "if ("),
    M("pmu_counters.c", "platform firmware event refused",
      "if (event_idx != PMU_EVIDX(PMU_EV_TYPE_FW, PMU_FW_PLATFORM))\n\t\treturn pmu_ctr_config_nostop",
      "if (1)\n\t\treturn pmu_ctr_config_nostop"),
    M("pmu_counters.c", "platform firmware event taken without the host's say",
      "if (!pmu_host_fw_platform_valid(data))\n\t\treturn SBI_ERR_NOT_SUPPORTED;\n\treturn pmu_ctr_config_platform",
      "return pmu_ctr_config_platform"),
    M("pmu_counters.c", "implementation-specific codes taken as platform events",
      "if (event_idx != PMU_EVIDX(PMU_EV_TYPE_FW, PMU_FW_PLATFORM))\n\t\treturn pmu_ctr_config_nostop",
      "if (!pmu_fw_event_type(event_idx))\n\t\treturn pmu_ctr_config_nostop"),
    M("pmu_events.h", "firmware event_data not reserved",
      "return pmu_fw_event_type(event_idx) && !data &&", "return pmu_fw_event_type(event_idx) &&"),
    M("pmu_events.h", "every firmware event code accepted (256..65534 too)",
      " &&\n\t       (event_idx & PMU_EVIDX_CODE_MASK) < PMU_FW_STD_MAX;", ";"),
    M("pmu_events.h", "firmware event 22 accepted",
      "(event_idx & PMU_EVIDX_CODE_MASK) < PMU_FW_STD_MAX;",
      "(event_idx & PMU_EVIDX_CODE_MASK) <= PMU_FW_STD_MAX;"),
    M("pmu_events.h", "event_data of general/cache events not reserved",
      "if (data)\t/* reserved for general and cache events */\n\t\treturn 0;", ""),
    M("pmu_events.h", "counters of an event not limited to usable ones",
      "return (uint64_t)plat->events[slot].counters & usable;",
      "return (uint64_t)plat->events[slot].counters;"),
    M("pmu_events.h", "cycle counts instructions where it never stops",
      "return ctrs & (1U << PMU_IDX_INSTRET);", "return ctrs;"),
    M("pmu_events.h", "instructions not counted where instret never stops",
      "return ctrs & (1U << PMU_IDX_INSTRET);", "return 0;"),
    M("pmu_events.h", "cycles not counted where cycle never stops",
      "return ctrs & (1U << PMU_IDX_CYCLE);", "return 0;"),
    M("pmu_events.h", "event_data accepted on counters that never stop",
      "if (!ctrs || data)\t/* a hart", "if (!ctrs)\t/* a hart"),
    # (equivalent: "if (data)" without !ctrs, as a cycle/instret that can
    # stop reaches pmu_ctr_config_nostop() only when it is mapped, started
    # or filtered, where it stays refused: it only saves the NOT_SUPPORTED
    # path of a hart with mcountinhibit some instructions)
    M("pmu_events.c", "event_get_info leaves out counters that never stop",
      "plat->hw_value_mask) != 0;", "plat->hw_mask) != 0;"),

    # pmu_events.c: raw events, event_get_info
    M("pmu_events.c", "raw event_idx with a code accepted",
      "if (event_idx == PMU_EVIDX(PMU_EV_TYPE_RAW, 0))",
      "if ((event_idx >> 16) == PMU_EV_TYPE_RAW)"),
    M("pmu_events.c", "raw v1 event_data 56 bits wide",
      "width = PMU_RAW_DATA_MASK;", "width = PMU_RAW_V2_DATA_MASK;"),
    M("pmu_events.c", "raw event_data past its width accepted",
      "if (data & ~width)\n\t\treturn 0;", ""),
    M("pmu_events.c", "raw map rows match without their mask",
      "if ((data & plat->raw[i].mask) == plat->raw[i].base)",
      "if (data == plat->raw[i].base)"),
    M("pmu_events.c", "raw map rows replace instead of adding counters",
      "ctrs |= plat->raw[i].counters;", "ctrs = plat->raw[i].counters;"),
    M("pmu_events.c", "last raw map row ignored",
      "for (i = 0; i < plat->num_raw; i++)", "for (i = 0; i + 1 < plat->num_raw; i++)"),
    M("pmu_events.c", "raw selector not set",
      "*selector = data;", ""),
    M("pmu_events.c", "firmware events reported unsupported",
      "if (pmu_fw_event_valid(event_idx, data))\n\t\treturn true;", ""),
    M("pmu_events.c", "platform events reported unsupported",
      "return pmu_host_fw_platform_valid(data) &&\n\t       pmu_fw_platform_counters(plat, data) != 0;",
      "return false;"),
    M("pmu_events.c", "platform events no counter may count reported supported",
      "return pmu_host_fw_platform_valid(data) &&\n\t       pmu_fw_platform_counters(plat, data) != 0;",
      "return pmu_host_fw_platform_valid(data);"),
    M("pmu_events.c", "host's platform counter match ignored",
      "if (pmu_host_fw_platform_match(j, data))", "if (1)"),
    M("pmu_events.c", "last firmware counter never on a platform event",
      "for (j = 0; j < n; j++)", "for (j = 0; j + 1 < n; j++)"),
    M("pmu_events.c", "platform counters all reported as counter 0",
      "ctrs |= 1U << j;", "ctrs |= 1U;"),
    M("pmu_events.c", "event_get_info ignores reserved event_idx bits",
      "if (e[i].event_idx & PMU_EVENT_INFO_IDX_RSVD)\n\t\t\treturn SBI_ERR_INVALID_PARAM;", ""),
    M("pmu_events.c", "event_get_info reads event_data of every type",
      "if (type == PMU_EV_TYPE_RAW || type == PMU_EV_TYPE_RAW_V2 ||\n\t\t    type == PMU_EV_TYPE_FW)",
      "if (1)"),
    M("pmu_events.c", "event_get_info ignores event_data of raw v2",
      "type == PMU_EV_TYPE_RAW_V2 ||", ""),
    M("pmu_events.c", "event_get_info output not the support bit",
      "PMU_EVENT_INFO_SUPPORTED : 0;", "PMU_EVENT_INFO_SUPPORTED : 2;"),

    # pmu_fw.h, pmu_fw.c: firmware counters
    M("pmu_fw.h", "platform event data not bound",
      "h->fw_data[j] = data;", ""),
    M("pmu_fw.h", "SBI firmware events started in one shared bitmap",
      "h->fw_ev_started[code] |= 1U << j;", "h->fw_ev_started[0] |= 1U << j;"),
    M("pmu_fw.h", "firmware start sets the wrong bit",
      "h->fw_ev_started[code] |= 1U << j;", "h->fw_ev_started[code] |= 1U;"),
    M("pmu_fw.h", "firmware stop does not stop",
      "h->fw_ev_started[code] &= ~(1U << j);", ""),
    M("pmu_fw.h", "platform counter started as an SBI event",
      "return false;\n\t\th->fw_ev_started[code] |=", "h->fw_ev_started[code] |="),
    M("pmu_fw.h", "platform counter stopped as an SBI event",
      "return false;\n\t\th->fw_ev_started[code] &=", "h->fw_ev_started[code] &="),
    M("pmu_fw.h", "platform counter read from the core's value",
      "if (pmu_fw_is_platform(h, j))\n\t\treturn pmu_host_fw_platform_read(j);", ""),
    # (pmu_fw_start's "if (!bits) return true;" is a shortcut: dropping it
    # is equivalent, the loop does nothing and returns true; and
    # pmu_fw_is_platform's ">= PMU_FW_STD_MAX" could be "== PMU_FW_PLATFORM"
    # or "> PMU_FW_STD_MAX": codes 22..65534 are never bound)
    M("pmu_fw.c", "only the lowest counter of an event counts",
      "for (bits = h->fw_ev_started[code]; bits; bits &= bits - 1)\n\t\th->fw_value[pmu_ctz(bits)]++;",
      "bits = h->fw_ev_started[code];\n\tif (bits)\n\t\th->fw_value[pmu_ctz(bits)]++;"),
    M("pmu_fw.c", "codes past the SBI events counted (platform, 256..65534)",
      "if (code >= PMU_FW_STD_MAX)\n\t\treturn;", ""),
    M("pmu_fw.c", "firmware event 22 counted",
      "if (code >= PMU_FW_STD_MAX)\n\t\treturn;", "if (code > PMU_FW_STD_MAX)\n\t\treturn;"),
    M("pmu_fw.c", "SBI counters of a platform stop left counting",
      "pmu_fw_stop(h, bits & -bits);\n", ""),
    M("pmu_fw.c", "platform counters not stopped by the platform",
      "rc = pmu_host_fw_platform_stop(j);", "rc = 0;"),
    M("pmu_fw.c", "platform stop refusal ignored",
      "if (rc) {\n\t\t\tfailed |= bits & -bits;", "if (0) {\n\t\t\tfailed |= bits & -bits;"),
    M("pmu_fw.c", "a refused platform stop fails the counters above it too",
      "failed |= bits & -bits;", "failed |= bits;"),
    M("pmu_fw.c", "platform stop error not passed on",
      "*err = rc;", ""),
    M("pmu_fw.c", "platform counter loaded into the core's value",
      "if (pmu_fw_is_platform(h, j))\n\t\tpmu_host_fw_platform_write(j, val);\n\telse\n\t\t", ""),

    # pmu_hart.c: life cycle
    M("pmu_hart.c", "hart state not cleared at init",
      "memset(h, 0, sizeof(*h));", ""),
    M("pmu_hart.c", "hardware not reset at init",
      "pmu_hw_reset(h);", ""),
    M("pmu_hart.c", "kept snapshot memory carried into a first init",
      "bool rearm = again && h->snap_rearm;", "bool rearm = h->snap_rearm;"),
    M("pmu_hart.c", "HSM stop keeps the snapshot memory without its compat rule",
      "h->snap_rearm = h->snap_last &&\n\t\t\t(h->plat->compat & PMU_COMPAT_SNAPSHOT_KEEP);",
      "h->snap_rearm = h->snap_last != NULL;"),
    M("pmu_hart.c", "HSM stop forgets the snapshot memory",
      "h->snap_rearm = h->snap_last &&\n\t\t\t(h->plat->compat & PMU_COMPAT_SNAPSHOT_KEEP);",
      ""),
    M("pmu_hart.c", "a restart forgets the last page",
      "h->snap_last = last;", ""),
    M("pmu_hart.c", "re-arm allowed after a restart without an HSM stop in between",
      "h->snap_rearm = rearm;", "h->snap_rearm = last != NULL;"),
    M("pmu_hart.c", "HSM stop releases nothing",
      "pmu_hart_init(h, h->plat);", ""),
    M("pmu_hart.c", "suspend saves nothing",
      "pmu_hw_save(h);", ""),
    M("pmu_hart.c", "resume restores nothing",
      "pmu_hw_restore(h);", ""),
    M("pmu_hart.c", "resume does not re-apply delegation",
      "pmu_hart_redelegate(h);", ""),
    M("pmu_hart.c", "counters that never stop unreadable after hart init",
      "if (plat->nostop_mask)\n\t\tpmu_hart_counteren(h);", ""),
    M("pmu_hart.c", "suspend keeps no value of the counters that never stop",
      "h->hw_saved[i] = pmu_hw_read(i);", ""),
    M("pmu_hart.c", "resume loads no value of the counters that never stop",
      "pmu_hw_write(i, h->hw_saved[i]);", ""),

    # pmu_snapshot.c: snapshot shared memory
    M("pmu_snapshot.c", "snapshot address high word ignored",
      "if (!pmu_host_smem_allowed(lo, hi, PMU_SNAPSHOT_SIZE))",
      "if (!pmu_host_smem_allowed(lo, 0, PMU_SNAPSHOT_SIZE))"),
    # (the size, PMU_SNAPSHOT_SIZE, cannot matter: pages are aligned and so
    # is the end of RAM)
    M("pmu_snapshot.c", "disable keeps the memory",
      "h->snap = NULL;\n\th->snap_rearm = false;", "h->snap_rearm = false;"),
    M("pmu_snapshot.c", "disable leaves the kept page re-armable",
      "h->snap = NULL;\n\th->snap_rearm = false;", "h->snap = NULL;"),
    M("pmu_snapshot.c", "memory the host cannot map reported set",
      "return h->snap ? SBI_SUCCESS : SBI_ERR_FAILED;", "return SBI_SUCCESS;"),
    M("pmu_snapshot.c", "a set leaves the page kept over HSM stop re-armable",
      "h->snap_last = h->snap;\n\th->snap_rearm = false;", "h->snap_last = h->snap;"),
    M("pmu_snapshot.c", "a set does not become the last page",
      "h->snap_last = h->snap;\n", ""),
    # (Equivalent: leaving snap_rearm set after a re-arm, since it is read
    # only while snap is NULL, and every way back to NULL (disable, HSM stop)
    # sets it anew.)
    M("pmu_snapshot.c", "values saved at absolute, not base-relative, slots",
      "s->ctr_values[i] = pmu_hw_read((unsigned int)base + i);",
      "s->ctr_values[(base + i) & 63] = pmu_hw_read((unsigned int)base + i);"),
    M("pmu_snapshot.c", "firmware values saved at absolute, not base-relative, slots",
      "s->ctr_values[i - base] = pmu_fw_value(h, i - plat->hw_slots);",
      "s->ctr_values[i & 63] = pmu_fw_value(h, i - plat->hw_slots);"),
    M("pmu_snapshot.c", "overflow bitmap not relative to base",
      "(uint32_t)(set & plat->hw_mask)) >> base;",
      "(uint32_t)(set & plat->hw_mask));"),
    M("pmu_snapshot.c", "overflow bitmap of counters outside the set",
      "(uint32_t)(set & plat->hw_mask)) >> base;",
      "(uint32_t)plat->hw_mask) >> base;"),

    # pmu_deleg.c: delegation and PDIS
    M("pmu_deleg.c", "delegation without Smcdeleg",
      "if (!(feat & PMU_FEAT_SMCDELEG))\n\t\treturn 0;", ""),
    M("pmu_deleg.c", "fixed counters delegated without Smcntrpmf",
      "ok |= hw & PMU_HPM_MASK;", "ok |= hw;"),
    M("pmu_deleg.c", "hpm counters delegated without Sscofpmf",
      "ok |= hw & PMU_FIXED_MASK;", "ok |= hw;"),
    M("pmu_deleg.c", "delegated counters still SBI's",
      "plat->hw_mask &= ~d;", ""),
    # (filter_mask &= ~d and of_mask &= ~d are equivalent on their own:
    # both are only ever intersected with sets inside valid_mask/hw_mask)
    M("pmu_deleg.c", "delegated counters still valid in SBI sets",
      "plat->valid_mask &= ~(uint64_t)d;", ""),
    M("pmu_deleg.c", "PDIS delegated without Sspdis",
      "plat->pdis_deleg = pdis && pmu_has(plat, PMU_FEAT_SSPDIS);",
      "plat->pdis_deleg = pdis;"),
    M("pmu_deleg.c", "delegated counters not inhibited",
      "pmu_host_csr_set(PMU_CSR_MCOUNTINHIBIT, d);", ""),
    M("pmu_deleg.c", "delegated counters keep their event",
      "pmu_hw_write_event(plat, i, PMU_EVT_MINH);", ""),
    M("pmu_deleg.c", "delegated counters keep their value",
      "pmu_hw_write(i, 0);", ""),
    M("pmu_deleg.c", "PDIS not inhibited at reset",
      "pmu_host_csr_set(PMU_CSR_MCOUNTINHIBIT, PMU_INHIBIT_PDIS);", ""),
    M("pmu_deleg.c", "mpdisctl reset without OF",
      "pmu_host_csr_write(CSR_MPDISCTL, (unsigned long)PDISCTL_OF);",
      "pmu_host_csr_write(CSR_MPDISCTL, 0);"),
    M("pmu_deleg.c", "mcounteren's other bits (TM) dropped",
      "unsigned long en = pmu_host_csr_read(PMU_CSR_MCOUNTEREN) & ~ours;",
      "unsigned long en = 0;"),
    M("pmu_deleg.c", "SBI counters left in mcounteren under CDE",
      "unsigned long en = pmu_host_csr_read(PMU_CSR_MCOUNTEREN) & ~ours;",
      "unsigned long en = pmu_host_csr_read(PMU_CSR_MCOUNTEREN);"),
    M("pmu_deleg.c", "mcounteren opens SBI and delegated counters under CDE",
      "en | (h->cde ? plat->deleg_mask : plat->hw_value_mask)",
      "en | plat->deleg_mask | plat->hw_value_mask"),
    M("pmu_deleg.c", "cycle/instret unreadable from S-mode without mcountinhibit",
      "en | (h->cde ? plat->deleg_mask : plat->hw_value_mask)",
      "en | (h->cde ? plat->deleg_mask : plat->hw_mask)"),
    M("pmu_deleg.c", "a delegated counter still SBI's for get_info and values",
      "plat->hw_value_mask &= ~d;", ""),
    M("pmu_deleg.c", "PDIS handed to a hart without Sspdis",
      "bool pdis = plat->pdis_deleg && (feat & PMU_FEAT_SSPDIS);",
      "bool pdis = plat->pdis_deleg;"),
    M("pmu_deleg.c", "CDE set on a hart without Smcdeleg",
      "h->cde = plat->deleg_mask && (feat & PMU_FEAT_SMCDELEG);",
      "h->cde = plat->deleg_mask != 0;"),
    M("pmu_deleg.c", "mstateen0.CSRIND opened without delegation",
      "if (h->cde)\n\t\t\tpmu_csr_assign64(PMU_CSR_MSTATEEN0,", "if (1)\n\t\t\tpmu_csr_assign64(PMU_CSR_MSTATEEN0,"),
    M("pmu_deleg.c", "mstateen0.PDIS always opened",
      "PMU_MSTATEEN0_PDIS, pdis);", "PMU_MSTATEEN0_PDIS, true);"),
    M("pmu_deleg.c", "menvcfg.CDE always set",
      "h->cde);\n\tif ((feat & PMU_FEAT_SMPDIS) && pdis)", "true);\n\tif ((feat & PMU_FEAT_SMPDIS) && pdis)"),
    M("pmu_deleg.c", "PDIS inhibit kept when PDIS is delegated",
      "if ((feat & PMU_FEAT_SMPDIS) && pdis)\n\t\tpmu_host_csr_clear(PMU_CSR_MCOUNTINHIBIT, PMU_INHIBIT_PDIS);", ""),
    M("pmu_deleg.c", "an enable is never cleared",
      "else\n\t\tpmu_host_csr_clear(csr, bits);", ""),
    M("pmu_deleg.c", "hart features not kept for resume",
      "h->hart_features = hart_features;", ""),
    M("pmu_deleg.c", "mpdisctl written on a hart without Smpdis",
      "if (hart_features & PMU_FEAT_SMPDIS)\n\t\tpmu_pdis_reset(hart_features);",
      "pmu_pdis_reset(hart_features);"),
    M("pmu_deleg.c", "menvcfg.PDISS left 0 on a hart with the PDIS buffer",
      "PMU_MENVCFG_PDISS,\n\t\t\t true);",
      "PMU_MENVCFG_PDISS,\n\t\t\t false);"),
    M("pmu_deleg.c", "LAMBI not delegated with PDIS",
      "pmu_csr_assign(PMU_CSR_MIDELEG, PMU_MIP_LAMBI, pdis);",
      "pmu_csr_assign(PMU_CSR_MIDELEG, PMU_MIP_LAMBI, false);"),
    M("pmu_deleg.c", "LAMBI delegated without PDIS",
      "pmu_csr_assign(PMU_CSR_MIDELEG, PMU_MIP_LAMBI, pdis);",
      "pmu_csr_assign(PMU_CSR_MIDELEG, PMU_MIP_LAMBI, true);"),
    M("pmu_deleg.c", "PDIS buffer left enabled at reset",
      "pmu_host_csr_write(CSR_SPDISAMBCS, 0);", ""),
    M("pmu_deleg.c", "counter reads emulated without CDE",
      "if (!h->cde || idx >= PMU_HW_CTR_MAX ||", "if (idx >= PMU_HW_CTR_MAX ||"),
    M("pmu_deleg.c", "emulated read of a delegated counter",
      "!((h->plat->hw_mask >> idx) & 1))\n\t\treturn false;", "0)\n\t\treturn false;"),

    # pmu_dt.c: the riscv,pmu properties
    M("pmu_dt.c", "cell's last byte read wrong",
      "((uint32_t)p[2] << 8) | p[3];", "((uint32_t)p[2] << 8) | p[2];"),
    M("pmu_dt.c", "64-bit values lose their high cell",
      "return ((uint64_t)pmu_dt_cell(p, n) << 32) | pmu_dt_cell(p, n + 1);",
      "return pmu_dt_cell(p, n + 1);"),
    M("pmu_dt.c", "a missing property is read",
      "if (!cells)\n\t\treturn 0;", ""),
    M("pmu_dt.c", "a trailing partial row accepted",
      "return off == len ? n : 0;", "return n;"),
    M("pmu_dt.c", "mhpmevent rows for non-events accepted",
      "if (!pmu_map_selector_ok(&e))\n\t\t\treturn SBI_ERR_INVALID_PARAM;", ""),
    M("pmu_dt.c", "mhpmevent selector from the event cell",
      ".selector = pmu_dt_u64(row, 1),", ".selector = pmu_dt_u64(row, 0),"),
    M("pmu_dt.c", "counter rows applied before all are checked",
      "if (!pmu_map_counters_ok(&e))\n\t\t\treturn SBI_ERR_INVALID_PARAM;", ""),
    M("pmu_dt.c", "counter row end from the start cell",
      ".last = pmu_dt_cell(row, 1),", ".last = pmu_dt_cell(row, 0),"),
    M("pmu_dt.c", "raw row base bits outside the mask accepted",
      "if (!pmu_map_raw_ok(&e))\n\t\t\treturn SBI_ERR_INVALID_PARAM;", ""),
    M("pmu_dt.c", "raw rows past the table's room accepted",
      "if (n > PMU_RAW_MAP_MAX - plat->num_raw)", "if (n > PMU_RAW_MAP_MAX)"),
    M("pmu_dt.c", "raw row base only its low cell",
      ".base = pmu_dt_u64(row, 0),", ".base = pmu_dt_cell(row, 1),"),
    M("pmu_dt.c", "raw row mask ignored",
      ".mask = pmu_dt_u64(row, 2),", ".mask = ~0ULL,"),

    # pmu_map.c: the structured map entries
    M("pmu_map.c", "selector entries for non-events accepted",
      "if (!pmu_map_selector_ok(&e[i]))\n\t\t\treturn SBI_ERR_INVALID_PARAM;", ""),
    M("pmu_map.c", "counter ranges across event types accepted",
      "if (start > end || type != end >> PMU_EVIDX_TYPE_SHIFT)", "if (start > end)"),
    M("pmu_map.c", "reversed counter ranges accepted",
      "if (start > end || type != end >> PMU_EVIDX_TYPE_SHIFT)",
      "if (type != end >> PMU_EVIDX_TYPE_SHIFT)"),
    M("pmu_map.c", "general event range one past the last",
      "last = PMU_HW_GENERAL_MAX - 1;", "last = PMU_HW_GENERAL_MAX;"),
    M("pmu_map.c", "cache event range one past the last",
      "last = PMU_CACHE_CODE_MAX - 1;", "last = PMU_CACHE_CODE_MAX;"),
    M("pmu_map.c", "range end never checked",
      "return (end & PMU_EVIDX_CODE_MASK) <= last;", "return true;"),
    # (keeping a DT's cycle/instret bit for its own event is equivalent:
    # pmu_platform_init() binds cycles to 0 and instret to 2 anyway)
    M("pmu_map.c", "the cycle counter kept for any event",
      "if (event_idx == PMU_EVIDX(PMU_EV_TYPE_HW, PMU_HW_CPU_CYCLES))\n\t\tkeep |= 1U << PMU_IDX_CYCLE;",
      "keep |= 1U << PMU_IDX_CYCLE;"),
    M("pmu_map.c", "fixed counter bits kept for any event",
      "return bitmap & keep;", "return bitmap;"),
    M("pmu_map.c", "counter entries applied before all are checked",
      "if (!pmu_map_counters_ok(&e[i]))\n\t\t\treturn SBI_ERR_INVALID_PARAM;", ""),
    M("pmu_map.c", "counter rows replace instead of adding",
      "plat->events[slot].counters |=", "plat->events[slot].counters ="),
    M("pmu_map.c", "op-3 codes inside a range written to a slot",
      "if (slot >= 0)\n\t\t\t\tplat->events[slot].counters |=",
      "if (slot >= -1)\n\t\t\t\tplat->events[slot].counters |="),
    M("pmu_map.c", "counter entries not counted as map rows",
      "plat->map_rows += n;\n\treturn 0;\n}\n\nbool", "return 0;\n}\n\nbool"),
    M("pmu_map.c", "raw entry base bits outside the mask accepted",
      "return !(e->base & ~e->mask);", "return true;"),
    M("pmu_map.c", "raw entries past the table's room accepted",
      "if (n > PMU_RAW_MAP_MAX - plat->num_raw)", "if (n > PMU_RAW_MAP_MAX)"),
    M("pmu_map.c", "raw entry mask ignored",
      "m->mask = e[i].mask;", "m->mask = ~0ULL;"),
    M("pmu_map.c", "raw rows may name the fixed counters",
      "m->counters = e[i].counters & PMU_HPM_MASK;",
      "m->counters = e[i].counters;"),

    # pmu_setup.c: the boot-time policy both firmwares share
    M("pmu_setup.c", "delegation with only two of Smcdeleg/Ssccfg/Sscsrind",
      "if ((isa & deleg) == deleg)", "if (isa & deleg)"),
    M("pmu_setup.c", "Sspdis without Smpdis",
      "if (isa & PMU_ISA_SMPDIS) {", "if (1) {"),
    M("pmu_setup.c", "/chosen compat ignored",
      "if (!pol.compat)\n\t\tplat->compat = 0;", ""),
    M("pmu_setup.c", "/chosen delegation mask not read",
      "pol->delegate = pmu_dt_chosen_u32(dt, \"tally,pmu-delegate\",\n\t\t\t\t\t  FW_PMU_DELEGATE);",
      "pol->delegate = FW_PMU_DELEGATE;"),
    M("pmu_setup.c", "default map over the platform's own",
      "if (!plat->map_rows)\n\t\tpmu_platform_default_map(plat);",
      "pmu_platform_default_map(plat);"),
    M("pmu_setup.c", "no default map without a platform map",
      "if (!plat->map_rows)\n\t\tpmu_platform_default_map(plat);", ""),
    M("pmu_setup.c", "the maps' error not returned",
      "pmu_platform_delegate(plat, pol.delegate, pol.pdis);\n\treturn rc;",
      "pmu_platform_delegate(plat, pol.delegate, pol.pdis);\n\treturn 0;"),
    # pmu_dt.c: the node and /chosen through the host
    M("pmu_dt.c", "a /chosen property of any length read",
      "return p && len == PMU_DT_CELL ? pmu_dt_cell(p, 0) : dflt;",
      "return p && len >= PMU_DT_CELL ? pmu_dt_cell(p, 0) : dflt;"),
    M("pmu_dt.c", "a malformed property stops the node's others",
      "int err = p ? load(plat, p, len) : 0;",
      "int err = p && !rc ? load(plat, p, len) : 0;"),
    # pmu_counters.c: config_matching's leaf for one general or cache event
    M("pmu_counters.c", "one-event config_matching: event_data of a general event ignored",
      "if (slot < 0 || data || (flags & slow))", "if (slot < 0 || (flags & slow))"),
    M("pmu_counters.c", "one-event config_matching: SKIP_MATCH ignored",
      "const unsigned long slow = PMU_CFG_SKIP_MATCH | PMU_CFG_CLEAR_VALUE |",
      "const unsigned long slow = PMU_CFG_CLEAR_VALUE |"),
    M("pmu_counters.c", "one-event config_matching: CLEAR_VALUE ignored",
      "const unsigned long slow = PMU_CFG_SKIP_MATCH | PMU_CFG_CLEAR_VALUE |",
      "const unsigned long slow = PMU_CFG_SKIP_MATCH |"),
    M("pmu_counters.c", "one-event config_matching: AUTO_START ignored",
      "PMU_CFG_CLEAR_VALUE |\n\t\t\t\t   PMU_CFG_AUTO_START | ~PMU_CFG_VALID_MASK;",
      "PMU_CFG_CLEAR_VALUE |\n\t\t\t\t   ~PMU_CFG_VALID_MASK;"),
    M("pmu_counters.c", "one-event config_matching takes a counter in use",
      "plat->hw_mask & ~h->mapped;", "plat->hw_mask;"),
    M("pmu_counters.c", "one-event config_matching takes the set's counters for any event",
      "cand = set & plat->events[slot].counters & plat->hw_mask", "cand = set & plat->hw_mask"),
    M("pmu_counters.c", "one-event config_matching prefers no counter",
      "cand = pmu_prefer(plat, cand, flags);\n\tif (!cand)\n\t\treturn pmu_ctr_config_any(h, set, flags, event_idx, data,\n\t\t\t\t\t  idx_out);\n\tc = pmu_ctz(cand);",
      "if (!cand)\n\t\treturn pmu_ctr_config_any(h, set, flags, event_idx, data,\n\t\t\t\t\t  idx_out);\n\tc = pmu_ctz(cand);"),
    M("pmu_counters.c", "one-event config_matching leaves cycle/instret running",
      "if (c < PMU_IDX_HPM_FIRST)\n\t\tpmu_hw_stop(1U << c);\t/* was free-running */\n\th->mapped |= 1ULL << c;\n\t*idx_out",
      "h->mapped |= 1ULL << c;\n\t*idx_out"),
    M("pmu_counters.c", "one-event config_matching: counter not marked mapped",
      "pmu_hw_stop(1U << c);\t/* was free-running */\n\th->mapped |= 1ULL << c;\n\t*idx_out = c;",
      "pmu_hw_stop(1U << c);\t/* was free-running */\n\t*idx_out = c;"),
    M("pmu_counters.c", "one-event config_matching programs the event's selector wrongly",
      "plat->events[slot].selector,", "plat->events[slot].selector + 1,"),
    # pmu_counters.c: the hardware counter hooks
    M("pmu_counters.c", "config_matching never calls the bind hook",
      "pmu_host_hw_bind(h, c, flags);\n\tpmu_hw_program(h, c, pmu_hw_event_value(h->plat",
      "pmu_hw_program(h, c, pmu_hw_event_value(h->plat"),
    M("pmu_counters.c", "one-event config_matching never calls the bind hook",
      "pmu_host_hw_bind(h, c, flags);\n\tpmu_hw_program(h, c, pmu_hw_event_value(plat,",
      "pmu_hw_program(h, c, pmu_hw_event_value(plat,"),
    M("pmu_counters.c", "a start of one counter never calls the start hook",
      "pmu_host_hw_start(h, (uint32_t)bit);", ""),
    M("pmu_counters.c", "a start of several never calls the start hook",
      "pmu_host_hw_start(h, hw);", ""),
    M("pmu_counters.c", "a stop never calls the stop hook",
      "pmu_host_hw_stop(h, (uint32_t)(run & h->plat->hw_mask));", ""),

    # pmu_platform.c: probe, layout, default map
    M("pmu_platform.c", "hardware counters without mcountinhibit",
      "nostop = hw & PMU_FIXED_MASK;\n\t\thw = 0;", "nostop = hw & PMU_FIXED_MASK;"),
    M("pmu_platform.c", "no cycle/instret without mcountinhibit",
      "nostop = hw & PMU_FIXED_MASK;\n\t\thw = 0;", "hw = 0;"),
    M("pmu_platform.c", "index layout one slot short",
      "while (slots < PMU_HW_CTR_MAX && ((hw | nostop) >> slots))",
      "while (slots < PMU_HW_CTR_MAX && ((hw | nostop) >> (slots + 1)))"),
    M("pmu_platform.c", "counters that never stop left out of the index layout",
      "while (slots < PMU_HW_CTR_MAX && ((hw | nostop) >> slots))",
      "while (slots < PMU_HW_CTR_MAX && (hw >> slots))"),
    M("pmu_platform.c", "one-counter paths for counters that never stop",
      "plat->hot_slots = nostop ? 0 : slots;", "plat->hot_slots = slots;"),
    # (equivalent: hot_slots 0 everywhere; the long paths give the same
    # answers, only more slowly)
    M("pmu_platform.c", "stop of counters that never stop takes the hardware path",
      "plat->stop_slow_mask = plat->fw_mask | nostop;", "plat->stop_slow_mask = plat->fw_mask;"),
    M("pmu_platform.c", "counters that never stop not valid in a set",
      "plat->valid_mask = plat->fw_mask | hw | nostop;", "plat->valid_mask = plat->fw_mask | hw;"),
    M("pmu_platform.c", "values of counters that never stop not SBI's",
      "plat->hw_value_mask = hw | nostop;", "plat->hw_value_mask = hw;"),
    M("pmu_platform.c", "Sscofpmf counters not filtering",
      "filter |= hw & PMU_HPM_MASK;", ""),
    M("pmu_platform.c", "Smcntrpmf counters not filtering",
      "filter |= hw & PMU_FIXED_MASK;", ""),
    M("pmu_platform.c", "overflow bits without Sscofpmf",
      "? hw & PMU_HPM_MASK : 0;", "? hw & PMU_HPM_MASK : hw & PMU_HPM_MASK;"),
    M("pmu_platform.c", "one firmware counter short",
      "plat->fw_mask = ((1ULL << PMU_FW_CTR_MAX) - 1) << slots;",
      "plat->fw_mask = ((1ULL << (PMU_FW_CTR_MAX - 1)) - 1) << slots;"),
    M("pmu_platform.c", "gaps and the time slot valid",
      "plat->valid_mask = plat->fw_mask | hw | nostop;",
      "plat->valid_mask = plat->fw_mask | ((1ULL << slots) - 1);"),
    M("pmu_platform.c", "Sscofpmf bits of a selector kept",
      "~PMU_EVT_CTRL_MASK : ~0ULL;", "~0ULL : ~0ULL;"),
    # (sel_mask's ~0ULL without Sscofpmf is never used: pmu_hw.h writes
    # the selector unmasked then; mutant "inhibit bits written without
    # Sscofpmf" covers that path)
    # (the general events' default selector PMU_EVIDX(PMU_EV_TYPE_HW, i)
    # is i itself: type 0)
    M("pmu_platform.c", "cache events' default selector not the event_idx",
      "PMU_EVIDX(PMU_EV_TYPE_CACHE, i);", "i;"),
    M("pmu_platform.c", "compat rules off by default",
      "plat->compat = PMU_COMPAT_ALL;", ""),
    M("pmu_platform.c", "cycles not on mcycle",
      "plat->events[PMU_HW_CPU_CYCLES].counters = 1U << PMU_IDX_CYCLE;", ""),
    M("pmu_platform.c", "instructions not on minstret",
      "plat->events[PMU_HW_INSTRUCTIONS].counters = 1U << PMU_IDX_INSTRET;", ""),
    M("pmu_platform.c", "mcycle width unknown",
      "plat->hw_width[PMU_IDX_CYCLE] = 63;", ""),
    M("pmu_platform.c", "probe does not quiet the event first",
      "if (pmu_host_csr_probe(PMU_CSR_MHPMEVENT(i),\n\t\t\t\t       pmu_hw_idle_value(plat, i), &rb))\n\t\t\tcontinue;", ""),
    M("pmu_platform.c", "hardwired-zero counter taken as present",
      "if (pmu_host_csr_probe(PMU_CSR_MCOUNTER(i), ~0UL, &rb) || !rb)",
      "if (pmu_host_csr_probe(PMU_CSR_MCOUNTER(i), ~0UL, &rb))"),
    M("pmu_platform.c", "probe leaves the counter all-ones",
      "pmu_host_csr_write(PMU_CSR_MCOUNTER(i), 0);", ""),
    M("pmu_platform.c", "probed width ignored",
      "plat->hw_width[i] = (uint8_t)(pmu_probe_width(rb) - 1);",
      "plat->hw_width[i] = 63;"),
    M("pmu_platform.c", "64-bit counters probed as 63 bits",
      "while (bits < 64 && (readback >> bits))", "while (bits < 63 && (readback >> bits))"),
    M("pmu_platform.c", "mcountinhibit not restored after the probe",
      "pmu_host_csr_write(PMU_CSR_MCOUNTINHIBIT, inhibit);\n\tpmu_platform_layout",
      "pmu_platform_layout"),
    M("pmu_platform.c", "default map leaves counter 3 out",
      "ev->counters |= PMU_HPM_MASK;", "ev->counters |= PMU_HPM_MASK & ~8U;"),
    M("pmu_platform.c", "default map selectors not set",
      "ev->selector = map[i].selector;", ""),
    M("pmu_platform.c", "default map: branch misses count branches",
      "{ PMU_HW_BRANCH_MISSES, HPM_EV_INST_MISPRED_SPEC },",
      "{ PMU_HW_BRANCH_MISSES, HPM_EV_INST_BRJMP_SPEC },"),

    # pmu_host_default.c: the weak csrs/csrc
    M("pmu_host_default.c", "csr_set overwrites the other bits",
      "pmu_host_csr_read(csr) | bits);", "bits);"),
    M("pmu_host_default.c", "csr_clear keeps only the bits to clear",
      "pmu_host_csr_read(csr) & ~bits);", "pmu_host_csr_read(csr) & bits);"),

    # pmu_sse.c: the LCOFI routed to the host for the SSE PMU event
    M("pmu_sse.c", "routed without Sscofpmf",
      "if (!pmu_has(h->plat, PMU_FEAT_SSCOFPMF) || on == h->sse_routed)",
      "if (on == h->sse_routed)"),
    M("pmu_sse.c", "a second route takes M-mode's LCOFIE for S-mode's",
      "if (!pmu_has(h->plat, PMU_FEAT_SSCOFPMF) || on == h->sse_routed)",
      "if (!pmu_has(h->plat, PMU_FEAT_SSCOFPMF))"),
    M("pmu_sse.c", "S-mode's LCOFIE not kept",
      "h->sse_s_lcofie =\n\t\t\t(pmu_host_csr_read(PMU_CSR_MIE) & PMU_MIP_LCOFIP) != 0;",
      "h->sse_s_lcofie = false;"),
    M("pmu_sse.c", "LCOFI still delegated while routed",
      "(pmu_host_csr_read(PMU_CSR_MIE) & PMU_MIP_LCOFIP) != 0;\n\t\tpmu_host_csr_clear(PMU_CSR_MIDELEG, PMU_MIP_LCOFIP);",
      "(pmu_host_csr_read(PMU_CSR_MIE) & PMU_MIP_LCOFIP) != 0;"),
    M("pmu_sse.c", "LCOFIE not enabled for M-mode while routed",
      "pmu_host_csr_clear(PMU_CSR_MIDELEG, PMU_MIP_LCOFIP);\n\t\tpmu_host_csr_set(PMU_CSR_MIE, PMU_MIP_LCOFIP);\n\t} else",
      "pmu_host_csr_clear(PMU_CSR_MIDELEG, PMU_MIP_LCOFIP);\n\t} else"),
    M("pmu_sse.c", "LCOFIE left on after routing though S-mode had it off",
      "if (!h->sse_s_lcofie)\n\t\t\tpmu_host_csr_clear(PMU_CSR_MIE, PMU_MIP_LCOFIP);", ""),
    M("pmu_sse.c", "S-mode's LCOFIE cleared after routing",
      "if (!h->sse_s_lcofie)", "if (1)"),
    M("pmu_sse.c", "LCOFI not delegated again after routing",
      "\t\tpmu_host_csr_set(PMU_CSR_MIDELEG, PMU_MIP_LCOFIP);\n", ""),
    M("pmu_sse.c", "routing state not recorded",
      "h->sse_routed = on;", ""),
    M("pmu_sse.c", "resume routes a hart that was not routed",
      "if (!h->sse_routed)\n\t\treturn;\n\th->sse_s_lcofie", "h->sse_s_lcofie"),
    M("pmu_sse.c", "resume keeps S-mode's LCOFIE from before the suspend",
      "h->sse_s_lcofie = false;", ""),
    M("pmu_sse.c", "resume leaves the LCOFI delegated",
      "h->sse_s_lcofie = false;\n\tpmu_host_csr_clear(PMU_CSR_MIDELEG, PMU_MIP_LCOFIP);",
      "h->sse_s_lcofie = false;"),
    M("pmu_sse.c", "resume leaves M-mode's LCOFIE off",
      "PMU_MIP_LCOFIP);\n\tpmu_host_csr_set(PMU_CSR_MIE, PMU_MIP_LCOFIP);\n}",
      "PMU_MIP_LCOFIP);\n}"),
    M("pmu_sse.c", "routed LCOFI left pending",
      "pmu_host_csr_clear(PMU_CSR_MIP, PMU_MIP_LCOFIP);", ""),
    M("pmu_sse.c", "routed LCOFI never raises the event",
      "pmu_host_overflow_event(h);", ""),
]

INCLUDE = re.compile(r'^#include "([^"]+)"', re.M)


def local_includes(pmu, name, seen=None):
    """Headers of lib/pmu a file includes, directly or not."""
    seen = set() if seen is None else seen
    with open(os.path.join(pmu, name)) as f:
        for h in INCLUDE.findall(f.read()):
            if h not in seen and os.path.exists(os.path.join(pmu, h)):
                seen.add(h)
                local_includes(pmu, h, seen)
    return seen


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, **kw)


class Ctx:
    def __init__(self, top, objs, work):
        self.top, self.work = top, work
        self.pmu = os.path.join(top, "lib/pmu")
        self.cc = os.environ.get("CC", "clang").split()
        self.cflags = [f for f in os.environ.get("CFLAGS", "").split()
                       if f != "-Werror"] + ["-w"]
        # gold links a sanitized binary in about 60% of ld.bfd's time, and
        # every mutant is one link
        self.ld = ["-fuse-ld=gold"] if shutil.which("ld.gold") else []
        self.srcs = sorted(f for f in os.listdir(self.pmu) if f.endswith(".c"))
        self.deps = {c: local_includes(self.pmu, c) | {c} for c in self.srcs}
        tdir = os.path.join(top, "tests/unit")
        self.lib_objs = {c: os.path.join(objs, "lib/pmu", c[:-2] + ".o")
                         for c in self.srcs}
        self.test_objs = [os.path.join(objs, "tests/unit", t[:-2] + ".o")
                          for t in sorted(os.listdir(tdir)) if t.endswith(".c")]
        missing = [o for o in list(self.lib_objs.values()) + self.test_objs
                   if not os.path.exists(o)]
        if missing:
            sys.exit("mutation.py: missing objects (make unit-bin first): %s"
                     % " ".join(missing))

    def link_and_run(self, d, objs):
        exe = os.path.join(d, "pmu-unit")
        r = run(self.cc + self.cflags + self.ld + objs + self.test_objs +
                ["-o", exe])
        if r.returncode:
            return None, r.stdout.decode(errors="replace")
        try:
            r = run([exe], timeout=10)
        except subprocess.TimeoutExpired:
            return True, "timeout"
        out = r.stdout.decode(errors="replace").splitlines()
        fails = [l[len("FAIL - "):] for l in out if l.startswith("FAIL - ")]
        last = out[-1] if out else ""
        failed = (r.returncode != 0 or fails or
                  not re.match(r"^\d+ passed, 0 failed$", last))
        why = fails[0] if fails else ("a crash or sanitizer report (exit %d)" % r.returncode)
        return failed, why


def mutant(ctx, n, m):
    """(ok, line) for mutant n."""
    f, what, old, new = m
    tag = "mutant %d (%s: %s)" % (n, f, what)
    src = os.path.join(ctx.pmu, f)
    text = open(src).read() if os.path.exists(src) else ""
    count = text.count(old)
    if count != 1:
        first = old.split("\n")[0]
        how = "not found" if not count else "found %d times" % count
        return False, ("FAIL - %s: text %s in lib/pmu/%s, re-point mutant %d "
                       "in tests/unit/mutation.py: %r" % (tag, how, f, n, first))
    d = os.path.join(ctx.work, "m%d" % n)
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(ctx.pmu, os.path.join(d, "lib/pmu"))
    with open(os.path.join(d, "lib/pmu", f), "w") as o:
        o.write(text.replace(old, new, 1))
    objs = []
    for c in ctx.srcs:
        if f not in ctx.deps[c]:
            objs.append(ctx.lib_objs[c])
            continue
        o = os.path.join(d, c[:-2] + ".o")
        r = run(ctx.cc + ctx.cflags +
                ["-c", os.path.join(d, "lib/pmu", c), "-o", o])
        if r.returncode:
            err = r.stdout.decode(errors="replace").strip().splitlines()
            return False, ("FAIL - %s: does not compile: %s"
                           % (tag, err[0] if err else "?"))
        objs.append(o)
    killed, why = ctx.link_and_run(d, objs)
    if killed is None:
        return False, "FAIL - %s: does not link: %s" % (tag, why.strip()[:200])
    shutil.rmtree(d, ignore_errors=True)
    if killed:
        return True, "ok - %s, killed by %s" % (tag, why)
    return False, "FAIL - mutant survived: %d (%s: %s)" % (n, f, what)


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    top, objs, work = sys.argv[1:4]
    jobs = int(sys.argv[4]) if len(sys.argv) > 4 else 2
    ctx = Ctx(top, objs, work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    # the unmutated build must pass, or every mutant would look killed
    failed, why = ctx.link_and_run(work, list(ctx.lib_objs.values()))
    if failed is not False:
        print("FAIL - unmutated lib/pmu fails the unit tests: %s" % why)
        print("0 passed, 1 failed")
        return 1
    passed = failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as ex:
        futs = [ex.submit(mutant, ctx, n, m)
                for n, m in enumerate(MUTANTS, 1)]
        for fut in futs:
            ok, line = fut.result()
            print(line, flush=True)
            passed += ok
            failed += not ok
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
