"""`cardstock --watch`: a build, then a rebuild whenever a file the build reads changes,
until Ctrl-C (which stops it at any moment: `StopWatch`) or SIGTERM (which ends the
process as the system's default does; the workers die with it, `core.workers`)."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.stage import BuildOptions
from ..core.workers import kill_workers
from .building import build_once
from .common import EXIT_OK

if TYPE_CHECKING:
    from ..layout.faces import KeptFaces

# What runs each build of the watch: `build_once`, or a command's own wrapper of it (the
# preview's, which tells the open page what the build changed).
Builder = Callable[[argparse.Namespace, BuildOptions, "KeptFaces"], int]


def _build(args: argparse.Namespace, options: BuildOptions, kept: KeptFaces) -> int:
    return build_once(args, options, kept=kept)


# `--watch` waits for the system to report a change (watchfiles: inotify on Linux, the
# platform's own notifications elsewhere), then gathers the changes that follow within
# WATCH_SETTLE_MS (an editor may save in steps) and rebuilds.
WATCHED = ("catalog", "layouts", "fonts")
WATCH_SETTLE_MS = 30
WATCH_IDLE_MS = 200  # how often the idle watcher looks up (its first look starts the first build)
# After the first Ctrl-C the watcher stops in order (the build unwinds, its workers are
# killed, the process exits); should that take longer than this, the process ends at once.
STOP_GRACE_SECONDS = 0.5


class StopWatch:
    """Notices Ctrl-C the moment it arrives, whatever Python handler is in place (the
    build's own two-step one, `core.workers.interruptible`, or Python's default) and
    whatever the main thread is doing: the interpreter's C-level handler writes the
    signal's number to a wakeup pipe (`signal.set_wakeup_fd`), which a thread of its own
    reads. Then `stopping` is set, so the watcher starts no other build and returns, and
    should the process still run STOP_GRACE_SECONDS later, the workers are killed and the
    process ends there.

    The KeyboardInterrupt a Ctrl-C raises does not always reach the watcher: raised while
    the build forks a worker, it is raised inside an at-fork hook (logging's lock release)
    where Python can only print it as "Exception ignored" and drop it; the build then runs
    on to its end, and the worker being forked is not among those killed. So the watcher
    does not count on it: a KeyboardInterrupt dropped that way is not printed (it sets
    `stopping`), and the grace period ends the process whatever the build is doing.

    A no-op outside the main thread, where no signal is delivered to Python."""

    def __init__(self) -> None:
        self.stopping = threading.Event()
        self._pipe: tuple[int, int] | None = None
        self._previous = -1
        if threading.current_thread() is not threading.main_thread():
            return
        read, write = os.pipe()
        os.set_blocking(write, False)  # as `set_wakeup_fd` requires: a signal never waits
        self._pipe = (read, write)
        self._previous = signal.set_wakeup_fd(write, warn_on_full_buffer=False)
        self._hook = sys.unraisablehook
        sys.unraisablehook = self._dropped
        threading.Thread(target=self._wait, args=(read,), name="stop-watch", daemon=True).start()

    def _dropped(self, unraisable: Any) -> None:
        """A KeyboardInterrupt Python could not raise (see the class's docstring): the
        watch stops; anything else is reported as Python would."""
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            self.stopping.set()
            return
        self._hook(unraisable)

    def _wait(self, read: int) -> None:
        while True:
            try:
                signals = os.read(read, 512)
            except OSError:
                return
            if not signals:  # `close`: the watch ended without a Ctrl-C
                os.close(read)
                return
            if int(signal.SIGINT) in signals:
                break
        self.stopping.set()
        time.sleep(STOP_GRACE_SECONDS)
        kill_workers()
        os._exit(EXIT_OK)

    def close(self) -> None:
        """Give the wakeup pipe back, unless a Ctrl-C came: then the grace period runs on
        until the process ends."""
        if self._pipe is None or self.stopping.is_set():
            return
        signal.set_wakeup_fd(self._previous)
        sys.unraisablehook = self._hook
        os.close(self._pipe[1])
        self._pipe = None


def watch(args: argparse.Namespace, options: BuildOptions, build: Builder = _build) -> int:
    """Rebuild whenever a file the build reads changes, until Ctrl-C; each build run by
    `build`. After each rebuild, says on stderr how long after the change the files were
    written."""
    print(f"watching {', '.join(f + '/' for f in WATCHED)}; Ctrl-C stops", file=sys.stderr)
    stop = StopWatch()
    try:
        _rebuild_on_change(args, options, stop.stopping, build)
    except KeyboardInterrupt:
        pass
    finally:
        stop.close()
    return EXIT_OK


def _rebuild_on_change(
    args: argparse.Namespace, options: BuildOptions, stopping: threading.Event, build: Builder
) -> None:
    """The watch loop: a build once the watcher runs, then one for each batch of changes;
    it returns once `stopping` is set (KeyboardInterrupt, raised by Ctrl-C, ends it
    sooner)."""
    from watchfiles import watch as changes

    from ..layout.faces import KeptFaces

    root = args.root
    kept = KeptFaces()  # each build's faces, for the next one

    def wanted(_change: Any, path: str) -> bool:
        """Only the project's inputs: not output/, not hidden files or caches."""
        try:
            parts = Path(path).relative_to(root).parts
        except ValueError:
            return False
        return (
            bool(parts)
            and parts[0] in WATCHED
            and not any(p.startswith(".") or p == "__pycache__" for p in parts)
        )

    first = True
    # the watcher reports an empty batch once it runs: the first build starts then, so
    # a change made while it builds is seen afterwards
    for batch in changes(
        root,
        watch_filter=wanted,
        debounce=1000,
        step=WATCH_SETTLE_MS,
        stop_event=stopping,
        yield_on_timeout=True,
        rust_timeout=WATCH_IDLE_MS,
        raise_interrupt=True,
    ):
        if stopping.is_set():
            return
        if not batch and not first:
            continue
        seen = time.perf_counter()
        code = build(args, options, kept)
        sys.stdout.flush()  # the build's report, even if a Ctrl-C then ends the process at once
        if stopping.is_set():  # a Ctrl-C the build did not stop for
            return
        if batch:
            changed = sorted({path for _, path in batch})
            shown = ", ".join(_shown(root, c) for c in changed[:3]) + (
                f" and {len(changed) - 3} more" if len(changed) > 3 else ""
            )
            print(
                f"(rebuilt {time.perf_counter() - seen:.2f}s after the change to {shown})",
                file=sys.stderr,
                flush=True,
            )
        if code:
            print(
                f"(build failed with exit status {code}; waiting for the next change)",
                file=sys.stderr,
            )
        first = False


def _shown(root: Path, path: str) -> str:
    p = Path(path)
    return p.relative_to(root).as_posix() if p.is_relative_to(root) else path
