"""What a `--watch` rebuild does before its stages start: the previous build's garbage is
collected while the watcher waits (`pipeline.tidy`), not when the edit is being built.
Counted with the garbage collector's own callbacks, never by timing."""

from __future__ import annotations

import gc

from cardstock import pipeline


def full_collections(action) -> int:
    seen = []

    def note(phase: str, info: dict) -> None:
        if phase == "start" and info["generation"] == 2:
            seen.append(1)

    gc.callbacks.append(note)
    try:
        action()
    finally:
        gc.callbacks.remove(note)
        gc.unfreeze()
    return len(seen)


def test_a_later_build_collects_the_last_ones_garbage_unless_the_watcher_did_while_idle() -> None:
    pipeline._settle_heap()  # a build has run in this process
    assert full_collections(pipeline._settle_heap) == 1  # the next one collects first …
    assert full_collections(pipeline.tidy) == 1  # … unless the watcher collected while it waited
    assert full_collections(pipeline._settle_heap) == 0
    assert full_collections(pipeline._settle_heap) == 1  # once only: the build after collects again
