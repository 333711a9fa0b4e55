"""Benchmarks for cardstock, printed as a table and written as JSON (bench/results.json).

Each case runs in a fresh process (so start-up is counted, as a user sees it) and reports
wall time, peak memory (ru_maxrss of the child) and the bytes of the PDF it wrote:

  cold          full build of all five games, every artifact, both papers, empty output/
  no-op         the same build again with nothing changed
  deck-73       one game of 73 distinct poker cards, PnP on Letter only
  plain-73      the plain ReportLab script (bench/plain_reportlab.py) for the same 73 cards
  deck-1000     a generated game of 1,000 distinct cards, PnP on Letter only
  deck-500      (for the growth check) 500 distinct cards
  copies-10000  one card with count 10,000, PnP on Letter only
  plain-10000   the plain script drawing that card 10,000 times

Usage: .venv/bin/python bench/run.py [--quick]
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


PEAK = (
    "import resource, subprocess, sys\n"
    "code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE).returncode\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, code)\n"
)


# Children run as an installed cardstock does: with its compiled bytecode (pip compiles it
# at install). Some shells set PYTHONDONTWRITEBYTECODE, which would count compiling every
# module into every case.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def measure(cmd: list[str], cwd: Path) -> tuple[float, float]:
    """Run `cmd` in a fresh process; return (seconds, peak MB of that process tree's largest
    process). A small launcher reads the child's own peak, so cases do not share a maximum."""
    start = time.perf_counter()
    proc = subprocess.run([PY, "-c", PEAK, *cmd], cwd=cwd, capture_output=True, text=True, env=ENV)
    seconds = time.perf_counter() - start
    peak_kb, code = proc.stdout.split()
    if int(code) != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({code})")
    return seconds, int(peak_kb) / 1024


def synthetic_game(root: Path, game_id: str, rows: list[tuple[str, int]]) -> None:
    """A game whose one deck has the given (name, count) rows."""
    folder = root / "catalog" / game_id
    folder.mkdir(parents=True)
    (folder / "game.toml").write_text(
        f'''id = "{game_id}"
title = "Bench {game_id}"
version = "1.0"
players = {{ min = 2, max = 4 }}

[backs.deck]
title = "Bench"
color = "#223344"

[[sets]]
id = "cards"
name = "Cards"
kind = "card"
group = "Deck"
back = "deck"
table = "cards.csv"
fields.strength = {{ type = "int" }}
fields.text = {{ type = "text" }}
''',
        encoding="utf-8",
    )
    lines = ["id,name,count,strength,text"]
    for i, (name, count) in enumerate(rows):
        lines.append(f'c{i},{name},{count},{i % 10},"Deal {i % 5 + 1} damage to any opponent, then draw a card."')
    (folder / "cards.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    if (ROOT / "layouts").is_dir():
        shutil.copytree(ROOT / "layouts", root / "layouts")


def pdf_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*.pdf"))


def main() -> None:
    quick = "--quick" in sys.argv
    results = []
    build = [PY, str(ROOT / "build.py")]

    def record(case: str, seconds: float, peak: float, size: int, note: str = "") -> None:
        results.append({"case": case, "seconds": round(seconds, 3), "peak_mb": round(peak, 1), "pdf_bytes": size, "note": note})
        print(f"{case:<14} {seconds:8.2f} s {peak:8.1f} MB {size / 1024:10.0f} KB  {note}", flush=True)

    subprocess.run([PY, "-m", "compileall", "-q", str(ROOT / "cardstock")], check=True, env=ENV, stdout=subprocess.DEVNULL)
    print(f"{'case':<14} {'time':>10} {'peak':>11} {'PDF':>13}")
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        out = tmp_path / "out-all"
        s, m = measure(build + ["--root", str(ROOT), "--out", str(out)], ROOT)
        record("cold", s, m, pdf_bytes(out), "all five games, every artifact, letter + a4")
        s, m = measure(build + ["--root", str(ROOT), "--out", str(out)], ROOT)
        record("no-op", s, m, 0, "nothing changed")

        sizes = [("deck-73", [(f"Card {i}", 1) for i in range(73)])]
        if not quick:
            sizes += [("deck-500", [(f"Card {i}", 1) for i in range(500)]), ("deck-1000", [(f"Card {i}", 1) for i in range(1000)])]
        sizes.append(("copies-10000", [("The Same Card", 10000 if not quick else 1000)]))
        for case, rows in sizes:
            root = tmp_path / case
            synthetic_game(root, "bench", rows)
            o = root / "output"
            s, m = measure(build + ["--root", str(root), "--out", str(o), "--paper", "letter", "--only", "pnp", "--jobs", "1"], root)
            record(case, s, m, pdf_bytes(o), f"{sum(c for _, c in rows)} cards, PnP letter")
            plain_n = sum(c for _, c in rows)
            if case in ("deck-73", "copies-10000"):
                pdf = root / "plain.pdf"
                s, m = measure([PY, str(ROOT / "bench" / "plain_reportlab.py"), str(plain_n), str(pdf)] + (["--same"] if case.startswith("copies") else []), root)
                record("plain-" + case.split("-")[1], s, m, pdf.stat().st_size, "plain ReportLab script, every placement drawn")
    (ROOT / "bench" / "results.json").write_text(json.dumps({"machine": f"{os.cpu_count()} cores", "results": results}, indent=2) + "\n")
    print("written bench/results.json")


if __name__ == "__main__":
    main()
