"""An artifact's manifest path is its path below the output folder, with forward slashes,
however the two are spelled: the same answer `Path.relative_to` gives, for paths below the
folder, beside it (a name that only starts like it) and outside it."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardstock.core.output import Artifact

NAMES = st.text(alphabet="ab-._ é", min_size=1, max_size=4).filter(lambda s: s not in (".", ".."))


def artifact(path: Path) -> Artifact:
    return Artifact("g", "svg", path)


@settings(max_examples=300, deadline=None)
@given(st.lists(NAMES, min_size=1, max_size=3), st.lists(NAMES, min_size=0, max_size=3))
def test_a_path_below_the_folder_is_named_from_it(folder: list[str], below: list[str]) -> None:
    out = Path("/", *folder)
    path = out.joinpath(*below) if below else out / "x"
    assert artifact(path).relative(out) == path.relative_to(out).as_posix()


def test_a_file_whose_name_starts_like_the_folder_is_not_below_it(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (tmp_path / "output").mkdir()
    with pytest.raises(ValueError):
        artifact(tmp_path / "output" / "a.pdf").relative(out)


def test_a_folder_spelled_through_a_link_names_the_same_file(tmp_path: Path) -> None:
    (tmp_path / "real" / "g").mkdir(parents=True)
    (tmp_path / "link").symlink_to(tmp_path / "real")
    made = artifact(tmp_path / "link" / "g" / "a.svg")
    assert made.relative(tmp_path / "real") == "g/a.svg"
    assert artifact(Path("/out/g/a.svg")).relative(Path("/out")) == "g/a.svg"
