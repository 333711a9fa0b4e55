"""Where the time goes: one build case under pyinstrument, in one process (--jobs 1), so the
call tree covers every stage. pyinstrument is in the `bench` extra:

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/python bench/profile.py cold        # all five games, every artifact
    .venv/bin/python bench/profile.py deck-1000   # 1,000 distinct cards, PnP on Letter

The report is printed; library frames are folded into the cardstock frames that call them.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import ENV, PY, ROOT, synthetic_game  # noqa: E402

CASES = {"cold", "deck-73", "deck-1000"}


def main() -> None:
    case = sys.argv[1] if len(sys.argv) > 1 else "cold"
    if case not in CASES:
        raise SystemExit(f"unknown case {case!r}; expected one of {', '.join(sorted(CASES))}")
    subprocess.run([PY, "-m", "compileall", "-q", str(ROOT / "cardstock")], check=True, env=ENV, stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory() as tmp:
        root = ROOT
        args = ["--jobs", "1"]
        if case != "cold":
            n = int(case.split("-")[1])
            root = Path(tmp) / case
            synthetic_game(root, "bench", [(f"Card {i}", 1) for i in range(n)])
            args += ["--paper", "letter", "--only", "pnp"]
        cmd = [PY, "-m", "pyinstrument", "-r", "text", str(ROOT / "build.py"), "--root", str(root), "--out", str(Path(tmp) / "out"), *args]
        subprocess.run(cmd, env=ENV, check=True)


if __name__ == "__main__":
    main()
