"""Checking that the output folder still holds a build's files (`core.output.holds`): a file
this process read whole and that did not change since is looked at, not opened; while
`checking` lasts, each folder is reached once for all the files in it, never through a
link, and a file swapped meanwhile is still told apart."""

from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

import pytest

from cardstock.core import files, output

NAMES = [f"card-{n}.svg" for n in range(5)]


@pytest.fixture
def faces(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str]:
    """An output folder holding game/svg/card-0.svg … card-4.svg (the same bytes), each
    read whole once and settled; the bytes' sha256."""
    monkeypatch.setattr(files, "SETTLED_NS", 0)
    monkeypatch.setattr(output, "_READ", {})
    out = tmp_path / "output"
    (out / "game" / "svg").mkdir(parents=True)
    data = b"<svg/>" * 100
    for name in NAMES:
        (out / "game" / "svg" / name).write_bytes(data)
    time.sleep(0.01)
    sha = hashlib.sha256(data).hexdigest()
    for name in NAMES:
        assert output.holds(out, ["game", "svg", name], len(data), sha)
    return out, sha


def opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names `os.open` opens from now on."""
    names: list[str] = []
    real = os.open

    def spied(path, flags, *more, **named):
        names.append(os.fspath(path))
        return real(path, flags, *more, **named)

    monkeypatch.setattr(os, "open", spied)
    return names


def test_a_file_read_whole_and_unchanged_is_held_without_being_opened(faces, monkeypatch):
    out, sha = faces
    names = opened(monkeypatch)
    assert output.holds(out, ["game", "svg", "card-0.svg"], 600, sha)
    assert "card-0.svg" not in names
    assert not output.holds(out, ["game", "svg", "card-0.svg"], 600, "0" * 64)


def test_while_checking_each_folder_is_opened_once_for_its_files(faces, monkeypatch):
    out, sha = faces
    names = opened(monkeypatch)
    with output.checking():
        assert all(output.holds(out, ["game", "svg", n], 600, sha) for n in NAMES)
    assert sorted(names) == sorted([str(out), "game", "svg"])


def test_a_file_swapped_for_a_link_while_checking_is_not_held(faces, tmp_path):
    out, sha = faces
    elsewhere = tmp_path / "elsewhere.svg"
    elsewhere.write_bytes(b"<svg/>" * 100)
    with output.checking():
        assert output.holds(out, ["game", "svg", "card-0.svg"], 600, sha)
        (out / "game" / "svg" / "card-1.svg").unlink()
        (out / "game" / "svg" / "card-1.svg").symlink_to(elsewhere)
        assert not output.holds(out, ["game", "svg", "card-1.svg"], 600, sha)
        (out / "game" / "svg" / "card-2.svg").write_bytes(b"<svg>" * 120)  # the same size
        assert not output.holds(out, ["game", "svg", "card-2.svg"], 600, sha)


def test_a_folder_swapped_for_a_link_is_not_followed_by_a_check(faces, tmp_path):
    out, sha = faces
    moved = tmp_path / "moved"
    os.rename(out / "game", moved)
    (out / "game").symlink_to(moved)
    with output.checking():
        assert not any(output.holds(out, ["game", "svg", n], 600, sha) for n in NAMES)
