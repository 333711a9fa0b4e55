"""Benchmarks for cardstock, printed as a table and written as JSON (bench/results.json).

Each case runs in a fresh process (so start-up is counted, as a user sees it) and reports
wall time, peak memory (ru_maxrss of the child) and the bytes of the PDF it wrote:

  cold          full build of all five games, every artifact, both papers, empty output/
  no-op         the same build again with nothing changed
  deck-73       one game of 73 distinct poker cards, PnP on Letter only
  png-73        the same 73 cards as 300-dpi PNG fronts with bleed (`--only cards`: the
                PNGs, the shared back, cards.csv and the one-face-per-page PDF)
  plain-73      the plain ReportLab script (bench/plain_reportlab.py) drawing the same 73 cards
  plain-simple-73  the same script drawing a bare Helvetica card (the cheapest possible)
  deck-1000     a generated game of 1,000 distinct cards, PnP on Letter only
  deck-500      (for the growth check) 500 distinct cards
  copies-10000  one card with count 10,000, PnP on Letter only
  plain-10000   the plain script drawing that card 10,000 times

The sub-second cases (no-op, deck-73 and its baselines) run 7 times and the cold build 3
times; the median is reported, with every time in the JSON.

Usage: .venv/bin/python bench/run.py [--quick]
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


# A small launcher runs each case, times it and reads its peak memory, so cases do not
# share a maximum and the launcher's own start-up is not counted.
PEAK = (
    "import resource, subprocess, sys, time\n"
    "t = time.perf_counter()\n"
    "code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE).returncode\n"
    "t = time.perf_counter() - t\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, code, t)\n"
)


# Children run as an installed cardstock does: with its compiled bytecode (pip compiles it
# at install). Some shells set PYTHONDONTWRITEBYTECODE, which would count compiling every
# module into every case.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def measure(cmd: list[str], cwd: Path, env: Optional[dict[str, str]] = None) -> tuple[float, float]:
    """Run `cmd` in a fresh process; return (seconds, peak MB of that process tree's largest
    process)."""
    proc = subprocess.run([PY, "-c", PEAK, *cmd], cwd=cwd, capture_output=True, text=True, env=env or ENV)
    peak_kb, code, took = proc.stdout.split()
    seconds = float(took)
    if int(code) != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({code})")
    return seconds, int(peak_kb) / 1024


def synthetic_game(root: Path, game_id: str, rows: list[tuple[str, int]]) -> None:
    """A project holding one game whose one deck has the given (name, count) rows."""
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
    # no layouts/ folder: like a newcomer's project, it uses the layouts cardstock ships


def pdf_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*.pdf"))


def median_run(cmd: list[str], cwd: Path, runs: int, before=None, env=None) -> tuple[float, float, list[float]]:
    """Run a case `runs` times (calling `before()` first each time, e.g. to empty its output
    folder); return the median seconds, the largest peak and every time, fastest first. This
    machine is shared: one run can be 30 % off, a median of several is not."""
    times, peaks = [], []
    for _ in range(runs):
        if before is not None:
            before()
        seconds, peak = measure(cmd, cwd, env)
        times.append(seconds)
        peaks.append(peak)
    times.sort()
    return times[len(times) // 2], max(peaks), times


def main() -> None:
    quick = "--quick" in sys.argv
    results = []
    build = [PY, str(ROOT / "build.py")]
    small_runs = 3 if quick else 7  # repeats of the sub-second cases; the median is reported
    cold_runs = 1 if quick else 3

    def record(case: str, seconds: float, peak: float, size: int, note: str = "", times: Optional[list[float]] = None) -> None:
        row = {"case": case, "seconds": round(seconds, 3), "peak_mb": round(peak, 1), "pdf_bytes": size, "note": note}
        spread = ""
        if times and len(times) > 1:
            row["runs"] = [round(t, 3) for t in times]
            spread = f"  (median of {len(times)}: {times[0]:.2f}–{times[-1]:.2f} s)"
        results.append(row)
        print(f"{case:<15} {seconds:8.2f} s {peak:8.1f} MB {size / 1024:10.0f} KB  {note}{spread}", flush=True)

    def ratio(case: str, base: str) -> float:
        by = {r["case"]: r["seconds"] for r in results}
        return by[case] / by[base]

    subprocess.run([PY, "-m", "compileall", "-q", str(ROOT / "cardstock")], check=True, env=ENV, stdout=subprocess.DEVNULL)
    print(f"{'case':<15} {'time':>10} {'peak':>11} {'PDF':>13}")
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        out = tmp_path / "out-all"
        cold = build + ["--root", str(ROOT), "--out", str(out)]
        s, m, times = median_run(cold, ROOT, cold_runs, before=lambda: shutil.rmtree(out, ignore_errors=True))
        record("cold", s, m, pdf_bytes(out), "all five games, every artifact, letter + a4", times)
        s, m, times = median_run(cold, ROOT, small_runs)
        record("no-op", s, m, 0, "nothing changed", times)

        sizes = [("deck-73", [(f"Card {i}", 1) for i in range(73)])]
        if not quick:
            sizes += [("deck-500", [(f"Card {i}", 1) for i in range(500)]), ("deck-1000", [(f"Card {i}", 1) for i in range(1000)])]
        sizes.append(("copies-10000", [("The Same Card", 10000 if not quick else 1000)]))
        for case, rows in sizes:
            root = tmp_path / case
            synthetic_game(root, "bench", rows)
            o = root / "output"
            runs = small_runs if case == "deck-73" else 1
            cmd = build + ["--root", str(root), "--out", str(o), "--paper", "letter", "--only", "pnp", "--jobs", "1"]
            s, m, times = median_run(cmd, root, runs, before=lambda: shutil.rmtree(o, ignore_errors=True))
            record(case, s, m, pdf_bytes(o), f"{sum(c for _, c in rows)} cards, PnP letter", times)
            plain_n = sum(c for _, c in rows)
            if case in ("deck-73", "copies-10000"):
                n = case.split("-")[1]
                variants = [("plain-" + n, [], "plain ReportLab script, same card and fonts, every placement drawn")]
                if case == "deck-73":
                    variants.append(("plain-simple-" + n, ["--simple"], "plain script, bare Helvetica card, nothing embedded"))
                for name, flags, note in variants:
                    pdf = root / f"{name}.pdf"
                    plain = [PY, str(ROOT / "bench" / "plain_reportlab.py"), str(plain_n), str(pdf)] + (["--same"] if case.startswith("copies") else []) + flags
                    s, m, times = median_run(plain, root, runs)
                    record(name, s, m, pdf.stat().st_size, note, times)
            if case == "deck-73":
                png = cmd[:-6] + ["--only", "cards", "--dpi", "300", "--jobs", "1"]
                s, m, times = median_run(png, root, runs, before=lambda: shutil.rmtree(o, ignore_errors=True))
                pngs = sum(p.stat().st_size for p in o.rglob("*.png"))
                record("png-73", s, m, pdf_bytes(o), f"73 cards, 300-dpi PNG fronts with bleed ({pngs / 1024 / 1024:.1f} MB of PNG; target 2 s)", times)
    print(f"deck-73 / plain-73: {ratio('deck-73', 'plain-73'):.2f}x (target 1.5x); "
          f"copies-10000 / plain-10000: {ratio('copies-10000', 'plain-10000'):.2f}x (target under 1x)")
    (ROOT / "bench" / "results.json").write_text(json.dumps({"machine": f"{os.cpu_count()} cores", "results": results}, indent=2) + "\n")
    print("written bench/results.json")


if __name__ == "__main__":
    main()
