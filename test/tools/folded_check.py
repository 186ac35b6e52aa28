#!/usr/bin/env python3
"""folded_check.py - checks a `coroscope export --format folded` file.

  folded_check.py shape FOLDED
      Checks every line: "<frame>;...;<frame> <weight>", a whole number of
      ns, no empty frame, no byte a frame must escape (docs/usage.md), the
      stacks sorted and each once. Prints each stack with runs of one frame
      shown as "<frame> (xN)", its weight, then "lines: N, total: W".
  folded_check.py sums FOLDED REPORT.json busy|waiting
      Per function of the report (`report --format json`): the weights of
      the stacks whose leaf is that function (busy), or whose suspended
      frame is (waiting: the frame above the suspend-site leaf), against its
      busy_ns (busy) or suspended_ns (waiting) total. Prints "<function>
      <view>=<equal|differs: folded F, report R>" and "total <view>=...".
Exit status 1 on a malformed line or a difference.
"""
import collections
import json
import re
import sys

LINE = re.compile(r"^(.+) (0|[1-9][0-9]*)$")


def unescape(frame):
    return re.sub(r"%([0-9A-F]{2})", lambda m: chr(int(m.group(1), 16)), frame)


def read(path):
    stacks = []
    with open(path, "rb") as f:
        data = f.read()
    if data and not data.endswith(b"\n"):
        raise ValueError("no newline at the end")
    text = data.decode("utf-8")
    for n, line in enumerate(text.split("\n")[:-1], 1):
        m = LINE.match(line)
        if not m:
            raise ValueError(f"line {n}: not '<stack> <weight>': {line!r}")
        frames = m.group(1).split(";")
        for frame in frames:
            if not frame or any(ord(c) < 0x20 or c == "\x7f" for c in frame) or \
                    re.search(r"%(?![0-9A-F]{2})", frame):
                raise ValueError(f"line {n}: frame {frame!r} is empty or not escaped")
        stacks.append((m.group(1), frames, int(m.group(2))))
    keys = [s[0] for s in stacks]
    if [k.encode() for k in keys] != sorted(k.encode() for k in keys) or len(set(keys)) != len(keys):
        raise ValueError("stacks not sorted, or one twice")
    return stacks


def main():
    cmd, path = sys.argv[1], sys.argv[2]
    try:
        stacks = read(path)
    except ValueError as e:
        print(f"malformed: {e}")
        return 1
    if cmd == "shape":
        for _, frames, ns in stacks:
            runs = []
            for frame in frames:
                if runs and runs[-1][0] == frame:
                    runs[-1][1] += 1
                else:
                    runs.append([frame, 1])
            print(";".join(f if k == 1 else f"{f} (x{k})" for f, k in runs), ns)
        print(f"lines: {len(stacks)}, total: {sum(s[2] for s in stacks)}")
        return 0
    with open(sys.argv[3]) as f:
        report = json.load(f)
    view = sys.argv[4]
    folded = collections.Counter()
    for _, frames, ns in stacks:
        folded[unescape(frames[-1] if view == "busy" else frames[-2])] += ns
    key = "busy_ns" if view == "busy" else "suspended_ns"
    bad = False
    total = 0
    for fn in report["functions"]:
        name, want = fn["function"], fn[key]["total"]
        total += want
        same = "equal" if folded[name] == want else f"differs: folded {folded[name]}, report {want}"
        bad |= folded[name] != want
        print(f"{name} {view}={same}")
    got = sum(folded.values())
    print(f"total {view}=" + ("equal" if got == total else f"differs: folded {got}, report {total}"))
    return 1 if bad or got != total else 0


if __name__ == "__main__":
    sys.exit(main())
