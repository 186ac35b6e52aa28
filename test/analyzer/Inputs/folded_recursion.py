#!/usr/bin/env python3
"""folded_recursion.py DEPTH - a mklog.py description of a recursion.

rec(int) awaits itself DEPTH - 1 times, each level started by its parent's
co_await (symmetric transfer) and transferring back at its final suspend
point: one chain of DEPTH frames on one thread, one event per nanosecond.
Each frame but the deepest runs 1 ns in its ramp, 4 ns to its await and
4 ns after it (9 ns); the deepest 1 + 1 ns.
"""
import sys

depth = int(sys.argv[1])
print('site 1 function "task<int> rec(int)" r.cpp 5')
print('site 2 initial 1 r.cpp 5 1 "std::suspend_always"')
print('site 3 await 1 r.cpp 7 12 "task<int>::awaiter"')
print('site 4 final 1 r.cpp 5 1 "final_awaiter"')
print("thread 1")
t = 1000


def ev(*words):
    global t
    print("ev", t, *words)
    t += 1


def addr(i):
    return hex(0x100000 + 0x100 * i)


def begin(i):
    print("alloc 1", addr(i), 64)
    ev("begin 1", addr(i))
    ev("suspend 2", addr(i))
    ev("ramp 1", addr(i))


begin(0)
ev("enter", addr(0))
ev("resume 2", addr(0))
for i in range(depth - 1):
    begin(i + 1)
    ev("suspend 3", addr(i))
    ev("resume 2", addr(i + 1))
ev("suspend 4", addr(depth - 1))
for i in range(depth - 2, -1, -1):
    ev("resume 3", addr(i))
    ev("denter", addr(i + 1))
    ev("free 1", addr(i + 1), "heap")
    ev("dexit", addr(i + 1))
    ev("suspend 4", addr(i))
ev("exit", addr(0))
ev("denter", addr(0))
ev("free 1", addr(0), "heap")
ev("dexit", addr(0))
