"""The test suite itself: every test file is named after its subject (the room or feature it
specifies), never after the development round that wrote it, and lives in the folder of the
package's room it specifies (tests/README.md, "Where a test goes")."""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
PACKAGE = TESTS.parent / "cardstock"


def suite_files() -> list[Path]:
    """Every test file of the suite, at its top or in a folder (the fixtures hold none)."""
    return sorted(p for p in TESTS.rglob("test_*.py") if "fixtures" not in p.parts)


# Names of development rounds, which say when a test was written, not what it specifies.
# `test_face_` is singular: `test_faces_*` files are named after the faces they specify.
ROUND_PREFIXES = (
    "test_cold_",
    "test_edit_",
    "test_face_",
    "test_gaps_",
    "test_speed_",
    "test_stream_",
    "test_polish_",
    "test_own_",
    "test_review_",
    "test_sim_",
    "test_order_",
)


def test_every_test_file_is_named_by_its_subject_not_by_a_round():
    files = [p.name for p in suite_files()]
    assert "test_suite.py" in files  # the listing found the suite
    named_by_round = [
        name
        for name in files
        if name.startswith(ROUND_PREFIXES) or re.search(r"_round\d|_reviewer\b", name)
    ]
    assert not named_by_round, f"name these files after their subject: {', '.join(named_by_round)}"


def test_every_test_folder_is_named_after_a_room_of_the_package():
    """A test file sits at the suite's top (the top-level modules, the whole tool) or in
    the folder named after the package's room whose code it specifies."""
    rooms = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    folders = {p.parent.relative_to(TESTS).as_posix() for p in suite_files()} - {"."}
    assert folders, "the listing found the folders"
    assert sorted(folders - rooms) == []


def test_no_two_test_files_share_a_name():
    """The test files are imported by their names alone (no package in tests/), so two of
    one name in two folders would clash."""
    names = [p.name for p in suite_files()]
    assert sorted({n for n in names if names.count(n) > 1}) == []


def test_every_file_named_longest_is_a_test_file_of_the_suite():
    """A file renamed or removed would leave its slot in `LONGEST` (tests/conftest.py)
    naming nothing, and the file, under its new name, started late."""
    from conftest import LONGEST

    assert len(set(LONGEST)) == len(LONGEST)
    assert [name for name in LONGEST if not (TESTS / name).is_file()] == []


def test_a_run_hands_out_the_longest_files_first_then_the_files_with_most_tests():
    from types import SimpleNamespace

    from conftest import LONGEST, longest_first

    first, second = LONGEST[:2]
    names = ["test_a.py::one", f"{second}::x", "test_b.py::one", "test_b.py::two", f"{first}::y"]
    items = [SimpleNamespace(nodeid=f"tests/{name}") for name in names]
    longest_first(items)
    assert [i.nodeid.removeprefix("tests/") for i in items] == [
        f"{first}::y",
        f"{second}::x",
        "test_b.py::one",
        "test_b.py::two",
        "test_a.py::one",
    ]
