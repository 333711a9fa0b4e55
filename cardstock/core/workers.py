"""Forked worker processes and Ctrl-C.

A worker (the build's stage and check workers, the PNG encoders) starts with
`worker_start`: it leaves Ctrl-C to the process that started it and dies when that
process dies, even by SIGKILL, so no worker outlives its build or goes on writing files
for a build that is gone.

`interruptible` wraps a build: the first Ctrl-C stops it (a KeyboardInterrupt; its
workers are killed as it unwinds, and nothing half-written is kept, as every file is
written through a rename); a second Ctrl-C, while the first is being handled or the
process is ending, kills the workers and ends the process at once.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
EXIT_INTERRUPTED = 130  # as a shell reports a command stopped by Ctrl-C


def worker_start(parent: int) -> None:
    """A worker's first act: ignore Ctrl-C (its parent stops it) and ask Linux to kill it
    when the process that started it dies."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform != "linux":
        return
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):  # no prctl: the pool's own shutdown still applies
        return
    if os.getppid() != parent:  # the parent died before the request was made
        os._exit(1)


def kill_workers() -> None:
    """Kill every worker process this process started (they are killed, not asked: a
    worker ignores Ctrl-C, and a stopped build's work is thrown away). A process that
    never imported the process machinery started none."""
    machinery = sys.modules.get("multiprocessing")
    if machinery is None:
        return
    for child in machinery.active_children():
        try:
            child.kill()
        except (OSError, ValueError, AttributeError):
            pass


def _end_now(signum: int, frame: FrameType | None) -> None:
    if os.getpid() != _OWNER[0]:  # a worker forked before it could ignore Ctrl-C
        return
    kill_workers()
    os._exit(EXIT_INTERRUPTED)


_OWNER = [0]  # the process whose Ctrl-C the handlers act on


@contextmanager
def interruptible() -> Iterator[None]:
    """Run a build under the two-step Ctrl-C described in the module's docstring. Outside
    the main thread (where no signal is delivered) it does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _OWNER[0] = os.getpid()

    pressed = [False]

    def first(signum: int, frame: FrameType | None) -> None:
        if os.getpid() != _OWNER[0]:
            return
        pressed[0] = True
        signal.signal(signal.SIGINT, _end_now)  # from now on a Ctrl-C ends the process
        # at once: the build is not waited for, even where the interrupt is swallowed
        kill_workers()
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, first)
    try:
        yield
        if pressed[0]:  # raised where it was swallowed (a finaliser, a library's own handler)
            raise KeyboardInterrupt
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, _end_now)
        kill_workers()
        raise
    except BaseException as exc:
        if not pressed[0]:
            raise
        kill_workers()  # what the killed workers' build raised (a broken pool) is the Ctrl-C
        raise KeyboardInterrupt from exc
    finally:
        if not pressed[0] and signal.getsignal(signal.SIGINT) is first:
            signal.signal(signal.SIGINT, previous)


__all__ = ["EXIT_INTERRUPTED", "interruptible", "kill_workers", "worker_start"]
