#!/usr/bin/env python3
"""compare.py GROUND_TRUTH.txt REPORT.json -- compare mixed.cpp's own counts with coroscope's JSON report."""
import json, re, sys
gt = {}
for line in open(sys.argv[1]):
    m = re.match(r'(\S+)\s+(calls=.*)', line)
    if m: gt[m.group(1)] = {k: int(v) for k, v in re.findall(r'(\w+)=(-?\d+)', m.group(2))}
rep = json.load(open(sys.argv[2]))
fns = rep['functions']
keymap = {'calls': 'calls', 'completed': 'completed', 'sync': 'sync_completions', 'awaits': 'awaits',
          'suspends': 'suspends', 'waits': 'waits', 'heap_frames': 'heap_frames', 'heap_bytes': 'heap_bytes'}
bad = 0
seen = set()
for name, g in gt.items():
    if name == 'LAMBDA':
        rows = [f for f in fns if 'lambda' in f['function'] or '$_' in f['function'] or 'anon' in f['function']]
    else:
        rows = [f for f in fns if re.search(r'(^|[\s:])' + re.escape(name) + (r'[,>]' if '<' in name else r'\('), f['function'])]
    if len(rows) != 1:
        print(f'!! {name}: {len(rows)} report rows: {[r["function"] for r in rows]}'); bad += 1; continue
    r = rows[0]; seen.add(r['function'])
    diffs = []
    for gk, rk in keymap.items():
        if name in ('squares', 'inner_gen', 'outer_gen', 'gen_await') and gk.startswith('heap'): continue  # generator: global new, not counted
        if g[gk] != r[rk]: diffs.append(f'{gk}: truth {g[gk]} report {r[rk]}')
    if r['heap_frames'] + r['elided_frames'] != r['calls']: diffs.append('heap+elided != calls')
    print(f'{"OK" if not diffs else "!!"} {name:14} calls={r["calls"]} heap={r["heap_frames"]} elided={r["elided_frames"]} '
          f'bytes={r["frame_bytes_min"]}..{r["frame_bytes_max"]} compl={r["completed"]} sync={r["sync_completions"]} '
          f'aw={r["awaits"]} susp={r["suspends"]} waits={r["waits"]}' + ('' if not diffs else '   <-- ' + '; '.join(diffs)))
    bad += bool(diffs)
for f in fns:
    if f['function'] not in seen: print('?? extra row:', f['function'], f['calls'])
print('totals:', {k: rep['totals'][k] for k in ('functions','calls','heap_frames','elided_frames','completed','sync_completions','awaits','suspends','waits','frames_not_destroyed','threads')})
print('findings:', [(x['check'], x['severity'], x['function'], x['count']) for x in rep['findings']])
print('log_status:', [(s['status'], s.get('exit_status')) for s in rep['log_status']])
print('MISMATCHES:', bad)
