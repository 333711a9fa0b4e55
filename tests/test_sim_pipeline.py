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


# ---------------------------------------------------------------- parts started before the check

import hashlib  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from cardstock.core import output  # noqa: E402
from cardstock.core.output import LOCK_NAME  # noqa: E402
from conftest import copy_project  # noqa: E402

GAME = "alpha-omega-cards"


def test_what_a_held_process_writes_goes_to_its_folder_until_released(tmp_path: Path) -> None:
    out, held = tmp_path / "output", tmp_path / "held"
    (out / "game").mkdir(parents=True)
    (out / "game" / "same.txt").write_bytes(b"as it was")
    with output.hold(out, held):
        output.write_atomic(out / "game" / "new.pdf", b"new bytes")
        output.write_atomic(out / "game" / "same.txt", b"as it was")  # unchanged: nothing held
        output.write_atomic(tmp_path / "elsewhere.txt", b"not under the output folder")
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()) == ["game/same.txt"]
    assert [p.relative_to(held).as_posix() for p in held.rglob("*") if p.is_file()] == ["game/new.pdf"]
    assert (tmp_path / "elsewhere.txt").read_bytes() == b"not under the output folder"
    output.release(held, out)
    assert (out / "game" / "new.pdf").read_bytes() == b"new bytes"
    assert not any(p.is_file() for p in held.rglob("*"))


def test_held_files_on_another_file_system_are_copied_in(tmp_path: Path) -> None:
    import os
    import tempfile

    shm = Path("/dev/shm")
    if not shm.is_dir() or os.stat(shm).st_dev == os.stat(tmp_path).st_dev:
        pytest.skip("no second file system to hold files on")
    out = tmp_path / "output"
    with tempfile.TemporaryDirectory(dir=shm) as elsewhere:
        held = Path(elsewhere) / "held"
        with output.hold(out, held):
            output.write_atomic(out / "game" / "sheet.pdf", b"%PDF" + bytes(range(256)) * 5000)
        output.release(held, out)
        assert (out / "game" / "sheet.pdf").read_bytes() == b"%PDF" + bytes(range(256)) * 5000
        assert not any(p.is_file() for p in held.rglob("*"))


def snapshot(out: Path) -> dict[str, str]:
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*")) if p.is_file() and p.relative_to(out) != LOCK_NAME}


@pytest.fixture
def built(tmp_path: Path, cli) -> Path:
    root = copy_project(tmp_path / "proj", (GAME,))
    assert cli("--root", str(root), "build", "--jobs", "2", "--paper", "letter").code == 0
    return root


def edit(root: Path, name: str, old: str, new: str) -> None:
    path = root / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_failed_rules_check_keeps_what_the_early_parts_made_out_of_the_output(built: Path, cli) -> None:
    out = built / "output"
    before = snapshot(out)
    # one Good card more: the declared count of the Good deck (72) fails
    edit(built, f"catalog/{GAME}/good.csv", "michael,Michael,1,", "michael,Michael,2,")
    started = len(pipeline.STARTED_EARLY)
    result = cli("--root", str(built), "build", "--jobs", "2", "--paper", "letter")
    assert result.code == 1 and "Good Starter deck" in result.out + result.err
    assert pipeline.STARTED_EARLY[started:] == [(GAME, ("quickref", "rulebook"))]  # made, then dropped
    now = snapshot(out)
    changed = sorted(name for name in now if before.get(name) != now[name])
    assert set(before) <= set(now) and changed
    # only what the check itself keeps changed (its result, its faces, the setup's figures,
    # the validation, the rulebook it laid out for its lint, left for a stage by
    # `bookcache.hand_over`): not a file the early rulebook or quick reference wrote, nor
    # their books' entries
    checks_own = f".cache/books/{GAME}--rulebook-laid.json"
    assert all(name.startswith(".cache/") and (name == checks_own or not name.startswith(".cache/books/")) for name in changed), changed
    assert not any(name.endswith("--rulebook.json") or name.endswith("--quickref.json") for name in changed)


def test_bad_input_found_by_the_check_leaves_the_output_as_it_was_with_early_parts_running(built: Path, cli) -> None:
    out = built / "output"
    before = snapshot(out)
    edit(built, f"layouts/{GAME}/faces.toml", 'text = "Limit {{ limit }} per deck"',
         'text = "{% if name == \'Michael\' %}{{ nosuch.attr }}{% endif %}Limit {{ limit }} per deck"')
    started = len(pipeline.STARTED_EARLY)
    result = cli("--root", str(built), "build", "--jobs", "2", "--paper", "letter")
    assert result.code == 2, result.err
    assert "'nosuch' is undefined" in result.err
    assert pipeline.STARTED_EARLY[started:] == [(GAME, ("quickref", "rulebook"))]
    assert snapshot(out) == before


def test_the_check_counts_on_this_processs_side_when_parts_start_early() -> None:
    stages = ["svg", "rulebook", "pnp", "quickref"]
    here, others = pipeline.spread_early([0, 1, 2, 3], 2, stages)
    # this process checks first, so it takes the sheets and the SVGs; a worker starts the
    # rulebook and the quick reference at once
    assert [stages[i] for i in here] == ["svg", "pnp"]
    assert [[stages[i] for i in idx] for idx in others] == [["rulebook", "quickref"]]
    assert pipeline.spread_early([0, 2], 2, stages) is None  # the SVGs alone are not worth a worker
    assert pipeline.spread_early([1, 2], 1, stages) is None  # one process: nothing starts early
    assert {"rulebook", "pnp", "quickref"} == pipeline.EARLY_STAGES  # the SVG stage removes files
