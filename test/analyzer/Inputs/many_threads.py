"""many_threads.py N - a mklog.py description of N threads handing frames on:
thread k starts frame k (suspending at its await) at 10k, thread k+1 resumes
it at 10k+15, runs it to its final suspend point and frees it, so the events
of neighbouring threads interleave in time and every frame but the last one
waits once, resumed on another thread."""
import sys

n = int(sys.argv[1])
print('site 1 function "task<void> relay()" r.cpp 1')
print('site 2 await 1 r.cpp 3 5 "handoff"')
print('site 3 final 1 r.cpp 1 1 "std::suspend_always"')
for k in range(1, n + 1):
    print(f"thread {k}")
    frame = 0x100000 + 0x100 * k
    t = 10 * k
    print(f"alloc 1 {frame:#x} 64")
    print(f"ev {t} begin 1 {frame:#x}")
    print(f"ev {t + 1} suspend 2 {frame:#x}")
    print(f"ev {t + 2} ramp 1 {frame:#x}")
    if k > 1:
        prev = frame - 0x100
        print(f"ev {t + 5} resume 2 {prev:#x}")
        print(f"ev {t + 6} suspend 3 {prev:#x}")
        print(f"ev {t + 7} free 1 {prev:#x} heap")
