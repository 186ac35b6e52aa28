#!/usr/bin/env python3
"""fifo_reader.py - read a FIFO into a file, ready before any writer comes.

Usage: fifo_reader.py FIFO OUT READY

Opens FIFO for reading without waiting for a writer (so a writer that
opens it without waiting, as the runtime does, finds a reader), creates the
file READY to say so, then copies everything written into OUT until the
last writer closes it.
"""
import os
import select
import sys


def main():
    fifo, out, ready = sys.argv[1:]
    fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    open(ready, "w").close()
    poll = select.poll()
    poll.register(fd, select.POLLIN)
    with open(out, "wb") as f:
        while True:
            # Linux reports no hang-up on a FIFO no writer has opened yet:
            # this waits for the first one.
            poll.poll()
            try:
                data = os.read(fd, 1 << 16)
            except BlockingIOError:
                continue
            if not data:
                return 0
            f.write(data)


if __name__ == "__main__":
    sys.exit(main())
