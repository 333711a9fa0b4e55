"""The table of the slowest test files in tests/README.md, made from a run's durations.

pytest's `--durations=0` prints the time of every test's setup, call and teardown; this
script adds them up file by file and prints the slowest files as a Markdown table (the
file, its tests, their summed seconds). A parallel run's durations are each worker's wall
time, so the sums rank the files; they are not the run's length.

    .venv/bin/python -m pytest -n 3 --dist loadfile -p no:cacheprovider --durations=0 -q \\
        > /tmp/durations.txt
    .venv/bin/python tests/slowest_files.py /tmp/durations.txt          # the twenty slowest
    .venv/bin/python tests/slowest_files.py /tmp/durations.txt --top 40
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from pathlib import Path

# "12.34s call     tests/rules/test_x.py::test_y[param]"
_LINE = re.compile(r"^\s*(\d+(?:\.\d+)?)s\s+(setup|call|teardown)\s+(\S+?\.py)::(\S.*?)\s*$")


def per_file(lines: Iterable[str]) -> dict[str, tuple[int, float]]:
    """Each file's number of tests timed and the sum of their setups, calls and teardowns."""
    seconds: dict[str, float] = {}
    tests: dict[str, set[str]] = {}
    for line in lines:
        m = _LINE.match(line)
        if m is None:
            continue
        file = m.group(3).removeprefix("tests/")
        seconds[file] = seconds.get(file, 0.0) + float(m.group(1))
        tests.setdefault(file, set()).add(m.group(4))
    return {file: (len(tests[file]), seconds[file]) for file in seconds}


def table(files: dict[str, tuple[int, float]], top: int = 20) -> str:
    """The `top` slowest files, slowest first, as a Markdown table."""
    rows = sorted(files.items(), key=lambda kv: (-kv[1][1], kv[0]))[:top]
    out = ["| file | tests timed | summed durations |", "|---|---|---|"]
    out += [f"| {file} | {n} | {s:.1f} s |" for file, (n, s) in rows]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("durations", type=Path, help="the output of a pytest --durations=0 run")
    parser.add_argument("--top", type=int, default=20, help="how many files (default 20)")
    args = parser.parse_args(argv)
    text = args.durations.read_text(encoding="utf-8", errors="replace")
    files = per_file(text.splitlines())
    if not files:
        print(f"{args.durations}: no test durations in it (run pytest with --durations=0)")
        return 2
    print(table(files, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
