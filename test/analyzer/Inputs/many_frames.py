"""many_frames.py FIRST LAST - a mklog.py description of one function whose
frames live FIRST, FIRST+1, ..., LAST ns, one after the other on one thread
(no suspension: each frame's busy time is its lifetime)."""
import sys

first, last = int(sys.argv[1]), int(sys.argv[2])
print('site 1 function "task<void> work()" w.cpp 1')
print("thread 1")
t = 1000
for d in range(first, last + 1):
    print(f"ev {t} begin 1 0x1000")
    print(f"ev {t + d} free 1 0x1000")
    t += d + 1
