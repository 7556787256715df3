"""A stand-in for the app in the serve tests: a tiny program on the pty that reports what reaches it.

It prints ``READY <cols>x<rows> <seat> <name> <lang> <ascii>`` at the start, ``SIZE <cols>x<rows>`` on
every SIGWINCH (a resize or a re-sync), ``GOT <total bytes>`` after input, ``FLOOD`` output on 'F' (to fill
a stalled client's window) and quits on Ctrl+Q.
"""

from __future__ import annotations

import fcntl
import os
import signal
import struct
import sys
import termios
import tty


def size() -> str:
    rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8))
    return f"{cols}x{rows}"


def say(text: str) -> None:
    data = (text + "\r\n").encode()
    while data:
        try:
            data = data[os.write(1, data):]
        except InterruptedError:
            continue


def main() -> None:
    tty.setraw(0)
    signal.signal(signal.SIGWINCH, lambda *_: say(f"SIZE {size()}"))
    env = os.environ
    say(f"READY {size()} {env.get('CONCORDIA_SERVE_SEAT')} {env.get('CONCORDIA_SERVE_NAME')} {' '.join(sys.argv[1:])}")
    total = 0
    while True:
        try:
            data = os.read(0, 65536)
        except InterruptedError:
            continue
        if not data:
            return
        total += len(data)
        if b"\x11" in data:
            return
        if b"F" in data:
            for i in range(400):
                say(f"FLOOD {i:04d} " + "x" * 1000)
        say(f"GOT {total}")


if __name__ == "__main__":
    main()
