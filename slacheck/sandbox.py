"""Run a parser of hostile input in a forked child process that it cannot escape.

The child gets an address-space limit (``RLIMIT_AS``) on top of what it inherits, its stderr goes
to ``/dev/null`` (PDF libraries can print a warning per object) and it streams its results back
through a pipe, one pickled message at a time.  The parent waits for each message with a
deadline and kills the child when it is late, so a library that loops or allocates without end
inside one call is stopped from outside: no signal handler or flag in the library is needed.
Results are our own dataclasses, pickled by our code in the child; the child runs with the
parent's privileges, so unpickling what it sends grants nothing a hijacked child would not have.
"""

from __future__ import annotations

import faulthandler
import os
import pickle
import resource
import select
import signal
import struct
import time
from typing import Any, Callable

__all__ = ["Child", "ChildEnded", "ChildLate"]

_HEADER = struct.Struct("<Q")


class ChildEnded(Exception):
    """The child stopped before sending the message waited for (out of memory, crashed, killed)."""


class ChildLate(Exception):
    """The child did not send the next message within the time given."""


def _address_space() -> int:
    """This process's current virtual memory size in bytes (0 when /proc is unavailable)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


class Child:
    """``work(send)`` run in a forked child under ``headroom`` bytes of extra address space."""

    def __init__(self, work: Callable[[Callable[[Any], None]], None], headroom: int) -> None:
        limit = _address_space() + headroom
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            code = 1
            try:
                os.close(read_end)
                faulthandler.disable()  # its dump would go to a copy of the parent's stderr
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, 2)
                resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
                work(lambda message: _send(write_end, message))
                code = 0
            except BaseException:  # noqa: BLE001 - the parent sees the missing message
                pass
            finally:
                os._exit(code)
        os.close(write_end)
        self._pid: int | None = pid
        self._fd = read_end
        self._buffer = bytearray()

    def receive(self, timeout: float | None) -> Any:
        """The next message; ChildLate after ``timeout`` seconds (None: no limit), ChildEnded at EOF."""
        deadline = None if timeout is None else time.monotonic() + max(0.0, timeout)
        while True:
            if len(self._buffer) >= _HEADER.size:
                (size,) = _HEADER.unpack_from(self._buffer)
                if len(self._buffer) >= _HEADER.size + size:
                    payload = bytes(self._buffer[_HEADER.size : _HEADER.size + size])
                    del self._buffer[: _HEADER.size + size]
                    return pickle.loads(payload)
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([self._fd], [], [], wait)
            if not ready:
                raise ChildLate()
            chunk = os.read(self._fd, 1 << 20)
            if not chunk:
                raise ChildEnded()
            self._buffer += chunk

    def close(self) -> None:
        """Kill the child (if still running) and reap it."""
        if self._pid is None:
            return
        try:
            os.kill(self._pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(self._pid, 0)
        os.close(self._fd)
        self._pid = None

    def __enter__(self) -> Child:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _send(fd: int, message: Any) -> None:
    """Write one length-prefixed pickled message, all of it."""
    payload = pickle.dumps(message, pickle.HIGHEST_PROTOCOL)
    view = memoryview(_HEADER.pack(len(payload)) + payload)
    while view:
        view = view[os.write(fd, view):]
