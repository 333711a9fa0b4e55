"""Judging edits in `check --mutate` keeps nothing of one edit for the next: the process
holds the same open files after several edits as after the first (the one cache connection,
no more), and no laid-out rulebook (its canvas and PDF) outlives the edit it was made for.

The project is the starter of `cardstock init`, whose rulebook shows its cards as
thumbnails; each edit is judged with a cache of the test's own. What the process held
before the test (the other tests' objects, in a worker that ran many) is collected once and
then frozen (`gc.freeze`): the counts below walk only what this test made, and do not scan
the whole heap of a long-lived worker again at every count."""

from __future__ import annotations

import gc
import itertools
import os
from collections import Counter
from pathlib import Path

import pytest

from cardstock.books.document import BookCanvas
from cardstock.core.cache import open_cache
from cardstock.init import init_project
from cardstock.mutate import judge_of
from cardstock.rules.mutation.edits import apply, edits, game_files
from cardstock.validate import validate

GAME = "moon-race"
EDITS = 3  # judged after the first: each would add a file or a book if one leaked


def open_files() -> list[str]:
    """What this process's open file descriptors point at, once what no one holds any more
    (an earlier edit's cache connection, say) has been collected and closed."""
    gc.collect()
    out = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            out.append(os.readlink(f"/proc/self/fd/{fd}"))
        except OSError:  # the descriptor listdir itself used, closed by now
            continue
    return sorted(out)


def live_book_canvases() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, BookCanvas))


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc (Linux)")
def test_judging_edits_opens_no_more_files_and_keeps_no_rulebook(tmp_path: Path) -> None:
    root = tmp_path / "moon-race"
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    gc.collect()
    gc.freeze()  # what is left of earlier tests now neither collected nor counted
    cache = open_cache(tmp_path / "cache")
    try:
        found = validate(root, [GAME], cache)
        assert not found.issues.errors
        catalog = found.catalogs[0]
        sources = game_files(catalog)
        judge = judge_of(root, GAME, cache, seed=1, runs=3, sources=None)
        judge({})
        some = list(itertools.islice(edits(catalog, sources), EDITS + 1))
        assert len(some) == EDITS + 1
        judge(apply(sources.texts, some[0]))
        files, canvases = open_files(), live_book_canvases()
        for e in some[1:]:
            judge(apply(sources.texts, e))
        # no file more than before, and none more often; one another test left open may close
        assert not Counter(open_files()) - Counter(files)
        assert live_book_canvases() <= canvases
        assert any("cache.sqlite" in f for f in files)  # the one connection is open
    finally:
        cache.close()
        gc.unfreeze()
