#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The perf event files (linux/pmu-events/riscv) agree with the numbers the
# project keeps in its headers (suite `linux`, host only, no boot):
#   - every model event "A.B.C" has EventCode = HPM_EV_A_B_C of
#     include/sbi/riscv_draft_encoding.h;
#   - every firmware event the files name exists in perf's own
#     riscv-sbi-firmware.json with ConfigCode 0x80000000000000NN, NN =
#     PMU_FW_<name> of include/pmu/pmu_sbi.h, and all 22 standard ones are
#     named;
#   - "PEBS": "1" (perf's precise-event mark) on exactly the model events
#     docs/qemu-model.md gives precise attribution;
#   - mapfile.csv names an existing directory, keyed 0x0-0x0-0x0.
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$TOP/tests/linux/lib.sh"

EVENTS=$TOP/linux/pmu-events/riscv
SRC=$("$TOP/scripts/build-linux.sh" source)
SBI_FW_JSON=$SRC/tools/perf/pmu-events/arch/riscv/riscv-sbi-firmware.json

# Prints one "ok"/"FAIL" line per event, as python sees them.
results=$(python3 - "$EVENTS" "$TOP/include/sbi/riscv_draft_encoding.h" \
	"$TOP/include/pmu/pmu_sbi.h" "$SBI_FW_JSON" "$TOP/docs/qemu-model.md" <<'EOF'
import json, os, re, sys

events, draft_h, sbi_h, fw_json, model_md = sys.argv[1:]

def macros(path, prefix):
    out = {}
    for m in re.finditer(r'#define\s+' + prefix + r'(\w+)\s+(0x[0-9a-fA-F]+|\d+)\b',
                         open(path).read()):
        out[m.group(1)] = int(m.group(2), 0)
    return out

hpm = macros(draft_h, 'HPM_EV_')
fw = macros(sbi_h, 'PMU_FW_')
perf_fw = {e['EventName']: int(e['ConfigCode'], 16) for e in json.load(open(fw_json))}
named = set()
for root, _, files in os.walk(events):
    for f in sorted(files):
        if not f.endswith('.json'):
            continue
        for e in json.load(open(os.path.join(root, f))):
            if 'ArchStdEvent' in e:
                n = e['ArchStdEvent']
                named.add(n)
                code = fw.get(n[3:])
                ok = n in perf_fw and code is not None and \
                    perf_fw[n] == (1 << 63) | code
                print('%s firmware event %s = PMU_FW_%s (%s)' %
                      ('ok' if ok else 'FAIL', n, n[3:], code))
            else:
                n = e['EventName']
                want = hpm.get(n.replace('.', '_'))
                ok = want is not None and int(e['EventCode'], 16) == want
                print('%s %s: EventCode %s = HPM_EV_%s (%s)' %
                      ('ok' if ok else 'FAIL', n, e['EventCode'],
                       n.replace('.', '_'), want))
# "PEBS": "1" (perf's mark of a precise-capable event) on exactly the
# events of docs/qemu-model.md's table with precise attribution "yes"
precise = set()
for row in open(model_md):
    cols = [c.strip() for c in row.strip().strip('|').split('|')]
    if len(cols) == 5 and cols[0].startswith(('0x', '1', '2', '3', '4', '5',
                                              '6', '7', '8', '9')):
        if cols[4].startswith('yes'):
            precise |= {int(c, 0) for c in re.split(r'[ /,]+', cols[0])}
for root, _, files in os.walk(events):
    for f in sorted(files):
        if not f.endswith('.json'):
            continue
        for e in json.load(open(os.path.join(root, f))):
            if 'EventCode' not in e:
                continue
            want = int(e['EventCode'], 16) in precise
            ok = e.get('PEBS') == ('1' if want else None)
            print('%s %s: PEBS %s, precise in docs/qemu-model.md: %s' %
                  ('ok' if ok else 'FAIL', e['EventName'], e.get('PEBS', '-'),
                   'yes' if want else 'no'))
std = [k for k, v in fw.items() if v < fw['STD_MAX']]
missing = ['FW_' + k for k in std if 'FW_' + k not in named]
print('%s all %d standard firmware events named%s' %
      ('FAIL' if missing else 'ok', len(std),
       ' (missing %s)' % missing if missing else ''))
EOF
)
while read -r res desc; do
	check "$desc" test "$res" = ok
done <<<"$results"

line=$(grep -v '^#' "$EVENTS/mapfile.csv")
dir=$(cut -d, -f3 <<<"$line")
check "mapfile.csv: $line" \
	eval '[[ $line =~ ^0x0-0x0-0x0,v1,[a-z0-9/_-]+,core$ ]] && [ -d "$EVENTS/$dir" ]'

summary
