"""Wake-ups for `cardstock build --watch`: the watcher sleeps until a watched folder
changes, instead of looking at every file's time on a fixed beat.

On Linux this asks the kernel (inotify, through the C library; no daemon, no extra
package) to report changes in each folder under the watched ones; `wait` then returns as
soon as one arrives. Elsewhere, or when the kernel refuses (too many watches), `wait`
simply sleeps for its timeout and the watcher compares the files' times as before. A
wake-up is only a hint: the watcher always compares the files themselves, so a missed
or spurious event costs at most one look.
"""

from __future__ import annotations

import ctypes
import os
import select
import sys
from pathlib import Path
from typing import Any, Iterable, Optional

# from <sys/inotify.h>
IN_MODIFY, IN_ATTRIB, IN_CLOSE_WRITE = 0x2, 0x4, 0x8
IN_MOVED_FROM, IN_MOVED_TO, IN_CREATE, IN_DELETE = 0x40, 0x80, 0x100, 0x200
IN_DELETE_SELF, IN_MOVE_SELF = 0x400, 0x800
MASK = IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF


class Wakeups:
    """`wait(timeout)` → True when a watched folder changed within `timeout` seconds."""

    def __init__(self, folders: Iterable[Path]) -> None:
        self.folders = [Path(f) for f in folders]
        self.fd: Optional[int] = None
        self._libc: Any = None
        self._watched: set[str] = set()
        if sys.platform.startswith("linux"):
            try:
                libc = ctypes.CDLL(None, use_errno=True)
                fd = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
            except (OSError, AttributeError):  # no inotify: sleep and look
                fd = -1
            if fd >= 0:
                self.fd, self._libc = fd, libc
        self.rescan()

    @property
    def kernel(self) -> bool:
        """Are changes reported by the kernel (else `wait` only sleeps)?"""
        return self.fd is not None

    def rescan(self) -> None:
        """Watch every folder under the watched ones (new folders included)."""
        if self.fd is None:
            return
        for top in self.folders:
            if not top.is_dir():
                continue
            for folder in [top, *(p for p in top.rglob("*") if p.is_dir())]:
                name = str(folder)
                if name in self._watched or any(part.startswith(".") or part == "__pycache__" for part in folder.relative_to(top).parts):
                    continue
                if self._libc.inotify_add_watch(self.fd, os.fsencode(name), MASK) < 0:
                    self.close()  # out of watches, say: fall back to looking on a beat
                    return
                self._watched.add(name)

    def wait(self, timeout: float) -> bool:
        if self.fd is None:
            import time

            time.sleep(timeout)
            return False
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            while os.read(self.fd, 65536):  # drain: one wake-up for a burst of events
                pass
        except BlockingIOError:
            pass
        except OSError:
            self.close()
        return True

    def close(self) -> None:
        if self.fd is not None:
            fd, self.fd = self.fd, None
            try:
                os.close(fd)
            except OSError:
                pass


__all__ = ["Wakeups"]
