"""Run every generated seed-breaking edit (`seed_edits.py`) and print the tally: how many
the checker caught with a message naming the rule, its file and both values, and which it
did not. Usage: `python tests/seed_edits_report.py [GAME ...]`."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent / "rules"))  # test_rules_seed_edits

from conftest import GAMES  # noqa: E402
from seed_edits import ROOT, edits  # noqa: E402
from test_rules_seed_edits import names_both, outcome  # noqa: E402


def main(games: list[str]) -> int:
    tried = caught = named = 0
    misses: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for game in games:
            shutil.copytree(ROOT / "catalog" / game, root / "catalog" / game)
            for e in edits(game):
                path = root / "catalog" / e.game / e.file
                original = path.read_text(encoding="utf-8")
                try:
                    ok, lines = outcome(root, e)
                finally:
                    path.write_text(original, encoding="utf-8")
                tried += 1
                if ok:
                    misses.append(f"passed: {e.id}")
                    continue
                caught += 1
                if names_both(e, lines):
                    named += 1
                else:
                    misses.append(
                        f"no message with both values: {e.id}\n    " + "\n    ".join(lines[:3])
                    )
    for m in misses:
        print(m)
    print(f"caught {caught}/{tried}; named the rule, its file and both values: {named}/{tried}")
    return 0 if named == tried else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:] or list(GAMES)))
