"""The command that makes tests/README.md's table of the slowest test files: it adds up each
file's setups, calls and teardowns from pytest's `--durations=0` and prints the slowest."""

from __future__ import annotations

from conftest import ROOT
from slowest_files import main, per_file, table

DURATIONS = """\
============================= slowest durations ==============================
12.50s call     tests/rules/test_a.py::test_one[alter-ego]
2.00s setup    tests/rules/test_a.py::test_one[alter-ego]
0.50s teardown tests/rules/test_a.py::test_one[alter-ego]
4.00s call     tests/rules/test_a.py::test_two
9.00s call     tests/test_b.py::test_three
1.00s call     tests/test_c.py::test_four with spaces[a b]

(8101 durations < 0.005s hidden.  Use -vv to show these durations.)
"""


def test_each_files_tests_are_counted_once_and_their_times_added_up():
    files = per_file(DURATIONS.splitlines())
    assert files == {
        "rules/test_a.py": (2, 19.0),
        "test_b.py": (1, 9.0),
        "test_c.py": (1, 1.0),
    }


def test_the_table_lists_the_slowest_files_first_and_only_as_many_as_asked():
    lines = table(per_file(DURATIONS.splitlines()), top=2).splitlines()
    assert lines == [
        "| file | tests timed | summed durations |",
        "|---|---|---|",
        "| rules/test_a.py | 2 | 19.0 s |",
        "| test_b.py | 1 | 9.0 s |",
    ]


def test_a_file_without_durations_is_said_and_exits_2(tmp_path, capsys):
    empty = tmp_path / "out.txt"
    empty.write_text("4 passed in 1.00s\n")
    assert main([str(empty)]) == 2
    assert "no test durations" in capsys.readouterr().out


def test_the_readme_table_is_the_commands_output_format():
    readme = (ROOT / "tests" / "README.md").read_text(encoding="utf-8")
    assert "tests/slowest_files.py" in readme
    assert "| file | tests timed | summed durations |\n|---|---|---|\n" in readme
