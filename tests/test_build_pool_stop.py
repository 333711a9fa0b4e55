"""A build stopped while its workers run (an error, or the KeyboardInterrupt of a Ctrl-C)
kills the workers and waits for its process pool's own thread to end before the stop
reaches the caller. Left running, that thread could close its wakeup pipe just as the
interpreter's exit hook writes to it, and a stopped `--watch` would end on a traceback."""

from __future__ import annotations

import gc
import threading
import time

import pytest

from cardstock.core import schedule


@pytest.mark.parametrize("stop", [KeyboardInterrupt, RuntimeError])
def test_a_stopped_pool_leaves_no_thread_behind(stop: type[BaseException]) -> None:
    before = set(threading.enumerate())
    try:
        with pytest.raises(stop):
            with schedule.forked_pool(2, {}) as pool:
                running = pool.submit(time.sleep, 0.05)
                running.result(timeout=60)  # the workers have started
                pool.submit(time.sleep, 60)
                raise stop()
        left = [t for t in threading.enumerate() if t not in before and t.is_alive()]
        assert left == []
    finally:
        gc.unfreeze()
