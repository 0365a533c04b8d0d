#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Write hand-made seed inputs for the PMU fuzz harness.

Each seed is a readable scenario (what Linux perf, the firmware and HSM do)
encoded in the harness's input format (see tests/fuzz/fuzz_pmu.c and
fuzz_gen.c). The fuzzer mutates from there.

usage: mkseeds.py OUTDIR
"""
import os
import struct
import sys

# op kinds: index into ecall_of[] of fuzz_pmu.c
K = dict(cfg=0, start=7, stop=13, fw_read=19, fw_read_hi=21, info=22,
         num=24, shmem=25, evinfo=28, unknown=31, fw_inc=32, plat_inc=38,
         tick=40, hsm=44, suspend=46, entries=49, snapval=52)

SRAM = 0x80002000


class Seed:
    def __init__(self, b0, width=0x40, b2=0, hpm=None, zero=None):
        self.b = bytearray([b0, width, b2 | (1 if zero is not None else 0)])
        if hpm is not None:
            self.b += struct.pack('<I', hpm)
        if zero is not None:
            self.b += struct.pack('<I', zero)

    def raw(self, *vals):
        self.b += bytes(vals)
        return self

    def op(self, kind, hart=0):
        self.b.append((K[kind] << 2) | hart)
        return self

    # argument encoders (selector bytes of fuzz_gen.c)
    def small(self, v):
        assert v < 0x40
        self.b.append(v)

    def u64(self, v):
        self.b.append(0xe1)
        self.b += struct.pack('<Q', v & (2**64 - 1))

    def last_idx(self):
        self.b.append(0x81)

    def flags(self, v):
        self.b += bytes([0x00, v])

    def event(self, typ, code):
        if typ == 0 and code < 16:
            self.b.append(code)
        elif typ == 1:
            self.b += bytes([0x20, code])
        elif typ == 15 and code < 32:
            self.b.append(0x60 | code)
        else:
            self.b.append(0xa0 | typ)
            self.b += struct.pack('<H', code)

    def data(self, v):
        if v == 0:
            self.b.append(0)
        elif v < 32:
            self.b.append(0x80 | v)
        else:
            self.u64(v)

    def page(self, p):
        self.b.append(0x80 | p)

    # operations
    def cfg(self, base, mask, flags, typ, code, data=0, hart=0):
        self.op('cfg', hart)
        self.small(base) if base < 0x40 else self.u64(base)
        self.u64(mask)
        self.flags(flags)
        self.event(typ, code)
        self.data(data)
        self.small(0)
        return self

    def start(self, base, mask, flags, init=0, hart=0):
        self.op('start', hart)
        self.small(base)
        self.mask(mask)
        self.flags(flags)
        self.small(init) if init < 0x40 else self.u64(init)
        self.b += bytes(2)
        return self

    def mask(self, mask):
        if mask == 'mapped':
            self.b.append(0x80)     # the hart's mapped counters >> base
        elif mask == 'started':
            self.b.append(0xa0)
        else:
            self.u64(mask)

    def stop(self, base, mask, flags, hart=0):
        self.op('stop', hart)
        self.small(base)
        self.mask(mask)
        self.flags(flags)
        self.b += bytes(3)
        return self

    def fw_read(self, hi=False, hart=0):
        self.op('fw_read_hi' if hi else 'fw_read', hart)
        self.last_idx()
        self.b += bytes(5)
        return self

    def info(self, idx, hart=0):
        self.op('info', hart)
        self.small(idx)
        self.b += bytes(5)
        return self

    def shmem(self, p, hart=0):
        self.op('shmem', hart)
        self.b.append(0)        # not "disable"
        self.page(p)
        self.b += bytes(6)      # hi 0, flags (2 bytes) 0, 3 unused
        return self

    def evinfo(self, p, n, hart=0):
        self.op('evinfo', hart)
        self.page(p)
        self.b += bytes([0, n, 0, 0, 0, 0])
        return self

    def entries(self, p, events, hart=0):
        self.op('entries', hart)
        self.page(p)
        self.b.append(len(events) - 1)
        for typ, code, data in events:
            self.event(typ, code)
            self.b.append(0)    # output word junk
            self.data(data)
        return self

    def fw_inc(self, code, n=1, hart=0):
        for _ in range(n):
            self.op('fw_inc', hart)
            self.b.append(code)
        return self

    def tick(self, mode, ctr, n, fixed=5, hart=0):
        self.op('tick', hart)
        self.b += bytes([mode | (fixed << 3), ctr - 3, n])
        return self

    def suspend(self, hart=0):
        return self.op('suspend', hart)

    def resume(self, lost, hart=0):
        self.op('suspend', hart)
        self.b.append(1 if lost else 0)
        return self

    def hsm(self, lost, hart=0):
        self.op('hsm', hart)
        self.b.append(1 if lost else 0)
        return self


FULL = 0x0e            # Sscofpmf, Smcntrpmf, H; default map; 3..18
QEMU_CTRS = 0x7fffd    # 0, 2, 3..18
HW_SLOTS = 19


def perf_session(b0, hart=0):
    s = Seed(b0)
    s.cfg(0, QEMU_CTRS, 0x46, 0, 1, hart=hart)        # cycles, SINH
    s.cfg(0, QEMU_CTRS, 0x06, 0, 2, hart=hart)        # instructions
    s.cfg(0, QEMU_CTRS, 0x06, 0, 3, hart=hart)        # cache refs
    s.cfg(0, QEMU_CTRS, 0x06, 1, 1, hart=hart)        # L1D read miss
    s.tick(1, 3, 200, hart=hart)                       # S-mode
    s.tick(0, 3, 100, hart=hart)                       # M-mode
    s.stop(0, 'started', 0, hart=hart)
    s.start(0, 'mapped', 1, 0, hart=hart)
    s.stop(0, 'mapped', 1, hart=hart)
    return s


def seeds():
    out = {}
    out['perf-full'] = perf_session(FULL)
    out['perf-bare'] = perf_session(0x00)
    out['perf-no-mcountinhibit'] = perf_session(0x0f)

    # Linux on a hart without mcountinhibit (QEMU's sifive-u54): cycle
    # and instret that never stop, one counter per call, with and
    # without snapshot memory, then a deep suspend
    s = Seed(0x01)
    s.cfg(0, 0x5, 0x00, 0, 1).cfg(0, 0x5, 0x00, 0, 2)
    s.start(0, 1, 1, 2**40).start(2, 1, 1, 2**41)
    s.tick(1, 3, 100)
    s.stop(0, 1, 0).stop(2, 1, 0).stop(0, 1, 0)
    s.shmem(0).start(0, 1, 1, 7).stop(0, 1, 2)
    s.start(0, 0x5, 1, 9).stop(0, 1, 3)
    s.suspend().resume(True).stop(2, 1, 1)
    out['perf-nostop'] = s

    s = Seed(FULL)
    s.shmem(0).cfg(0, QEMU_CTRS, 0x06, 0, 3)
    s.cfg(HW_SLOTS, 0xffffffff, 0x06, 15, 4)
    s.tick(1, 3, 0x80)                                 # near overflow
    s.fw_inc(4, 3)
    s.stop(0, 2**64 - 1 >> 0, 2)
    s.stop(3, 1, 2).stop(HW_SLOTS, 1, 2)
    s.raw((K['snapval'] << 2), 0, 1, 5)
    s.start(HW_SLOTS, 1, 2).fw_read().fw_read(hi=True)
    s.stop(HW_SLOTS, 1, 3)
    out['snapshot'] = s

    s = Seed(FULL)
    s.entries(1, [(0, 1, 0), (0, 11, 0), (1, 0, 0), (1, 7, 0), (2, 0, 5),
                  (3, 0, 2**56), (15, 5, 0), (15, 22, 0), (15, 0xffff, 9)])
    s.evinfo(1, 9).evinfo(1, 0)
    out['event-info'] = s

    s = Seed(FULL)
    for h in range(4):
        s.cfg(HW_SLOTS, 0xffffffff, 0x06, 15, 6, hart=h)
        s.cfg(0, QEMU_CTRS, 0x06, 0, 4, hart=h)
    s.fw_inc(6, 2, hart=1).suspend(hart=2).tick(1, 4, 3, hart=0)
    s.resume(True, hart=2).hsm(True, hart=3).fw_read(hart=0)
    s.info(0).info(1).info(HW_SLOTS).op('num')
    out['harts'] = s

    s = Seed(FULL)
    s.cfg(HW_SLOTS, 0xffffffff, 0x04, 15, 0xffff, 0x1234)
    s.cfg(HW_SLOTS, 0xffffffff, 0x04, 15, 300)
    s.op('plat_inc').u64(0x1234)
    s.fw_inc(0xc0 | 3)                                 # code 257
    s.fw_read()
    out['fw-platform'] = s

    # a stopped counter keeps its overflow (OF) across a deep suspend
    s = Seed(FULL)
    s.cfg(0, QEMU_CTRS, 0x06, 0, 3)
    s.tick(1, 3, 0xc0)                                 # wraps: OF set
    s.stop(3, 1, 0).suspend().resume(True)
    s.start(3, 1, 0).stop(3, 1, 1)
    out['suspend-overflow'] = s

    # pmu_host_smem_ptr() fails (byte 2 = 0xfe): FAILED, nothing touched
    s = Seed(FULL, b2=0xfe)
    s.shmem(2).shmem(3)
    s.entries(1, [(0, 1, 0)])
    s.evinfo(1, 1)
    s.cfg(0, QEMU_CTRS, 0x06, 0, 3)
    s.stop(3, 1, 2)
    out['smem-fails'] = s

    # DT: event-to-mhpmevent, event-to-mhpmcounters and a raw map, given
    # as raw property bytes (selector 0x80, length, cells)
    def prop(s, which, cells):
        b = b''.join(struct.pack('>I', c) for c in cells)
        s.raw(which, 0x80, len(b))
        s.b += b

    s = Seed(0x2e)
    s.raw(3)
    prop(s, 0, [0x3, 0, 0x20])
    prop(s, 1, [0x1, 0x1, 0xff9, 0x3, 0x6, 0x7fff8, 0x10000, 0x10001, 0x18])
    prop(s, 2, [0, 0x400, 0, 0xff00, 0x7fff8])
    s.cfg(0, QEMU_CTRS, 0x04, 2, 0, 0x0403)
    s.cfg(0, QEMU_CTRS, 0x04, 0, 3)
    s.cfg(0, QEMU_CTRS, 0x04, 1, 0)
    s.tick(1, 3, 9)
    s.stop(0, 'mapped', 1)
    out['dt'] = s
    return out


def main():
    d = sys.argv[1]
    os.makedirs(d, exist_ok=True)
    for name, s in seeds().items():
        with open(os.path.join(d, 'seed-' + name), 'wb') as f:
            f.write(bytes(s.b))


if __name__ == '__main__':
    main()
