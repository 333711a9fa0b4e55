"""Benchmarks for cardstock, printed as a table with ratios and written as JSON
(bench/results.json). Every case runs in a fresh process (start-up counted, as a user sees
it) and reports wall time, peak memory (ru_maxrss of the child) and the PDF bytes written.
The cases are those of issue 19's target table:

  deck-73        73 distinct poker cards, PnP on Letter, cold, own process
  plain-73       the plain ReportLab script (bench/plain_reportlab.py), the same 73 cards
  plain-simple-73  the same script drawing a bare Helvetica card (for scale)
  deck-1000, deck-10000, deck-50000 and plain-1000/10000/50000: distinct generated cards,
                 PnP on Letter; the cost per card at each size; peak memory at 50,000
  edit-watch     one cell of one card of a shipped game edited while `build --watch` runs:
                 the time from the edit to the rebuild's summary line (the watcher wakes
                 on the kernel's change report), and the rebuild's own time as it reports it
  edit-cold      the same edit, then a cold `build` process with the output's cache warm
  cold           all five games, every default artifact, Letter + A4, empty output/
  no-op          the same build again with nothing changed
  rulebook-100, rulebook-200  a generated rulebook of about 100 and 200 pages, cold
                 (`--only rulebook --paper letter`); the ratio of the two

`--extra` adds the older cases (png-73, copies-10000 and its plain script); `--quick`
runs fewer repeats and smaller decks (for trying the bench, not for the README).

`--cases=all,decks,edit,rulebooks` runs only those groups of cases (their rows replace
the same rows of bench/results.json).

Usage: .venv/bin/python bench/run.py [--quick] [--extra] [--cases=GROUP,...]
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


def rulebook_game(root: Path, chapters: int) -> None:
    """A one-deck game with a generated rulebook of `chapters` chapters (about 2.1 pages
    each at half-letter): a contents page, headings, paragraphs and lists."""
    synthetic_game(root, "bench", [(f"Card {i}", 1) for i in range(3)])
    rulebook_template(root / "layouts" / "bench", chapters)


def rulebook_template(folder: Path, chapters: int) -> None:
    """`folder`/rulebook.md.j2: a contents page and `chapters` chapters of headings,
    paragraphs and lists (about 2.1 pages each at half-letter)."""
    folder.mkdir(parents=True, exist_ok=True)
    parts = ["{{ contents() }}\n"]
    for i in range(1, chapters + 1):
        parts.append(f"# Chapter {i}\n\nWhat happens in part {i} of a round, and who acts first.\n\n")
        for j in range(1, 5):
            parts.append(f"## Rule {i}.{j}\n\n" + "On your turn draw one card, play the cards you can pay for, then discard to your hand limit. " * 6)
            parts.append("\n\n- the first point\n- a second point, a little longer than the first\n- the third point\n\n")
    (folder / "rulebook.md.j2").write_text("".join(parts), encoding="utf-8")


EDIT_GAME, EDIT_TABLE = "alpha-omega-cards", "good.csv"


def copy_project(dest: Path) -> Path:
    """The shipped project (catalog/ and layouts/) copied, so it can be edited."""
    for name in ("catalog", "layouts"):
        shutil.copytree(ROOT / name, dest / name)
    return dest


def edit_one_cell(root: Path, n: int) -> None:
    """Change the rules text of the first card of EDIT_TABLE (mark `n`: a new value each
    time), leaving every other byte of the file as it was."""
    import csv
    import io

    path = root / "catalog" / EDIT_GAME / EDIT_TABLE
    raw = path.read_text(encoding="utf-8")
    first = next(r for r in csv.DictReader(io.StringIO(raw)) if r.get("text") and '"' not in r["text"])
    text = first["text"]
    base = text.split(" (edit ")[0]
    at = raw.index(text, raw.index("\n"))
    path.write_text(raw[:at] + f"{base} (edit {n})" + raw[at + len(text):], encoding="utf-8")


def watch_edits(root: Path, out: Path, edits: int) -> list[tuple[float, float]]:
    """Run `build --watch`; after its first build, edit one cell `edits` times and return
    (seconds from the edit to the rebuild's summary line, the rebuild's own seconds)."""
    import re
    import threading
    import time

    cmd = [PY, str(ROOT / "build.py"), "--root", str(root), "--out", str(out), "--watch"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env={**ENV, "PYTHONUNBUFFERED": "1"})
    lines: list[tuple[float, str]] = []
    done = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("built "):
                lines.append((time.perf_counter(), line))
        done.set()

    threading.Thread(target=read, daemon=True).start()
    try:
        found = []
        deadline = time.perf_counter() + 120
        while not lines and time.perf_counter() < deadline:
            time.sleep(0.05)
        for n in range(1, edits + 1):
            time.sleep(1.2)  # a new modification time, and the watcher idle again
            seen = len(lines)
            edit_one_cell(root, n)
            t0 = time.perf_counter()
            while len(lines) == seen and time.perf_counter() < t0 + 60:
                time.sleep(0.01)
            if len(lines) == seen:
                raise SystemExit("the watcher did not rebuild after an edit")
            t1, line = lines[-1]
            own = re.search(r" in ([0-9.]+)s", line)
            found.append((t1 - t0, float(own.group(1)) if own else float("nan")))
        return found
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def main() -> None:
    quick = "--quick" in sys.argv
    extra = "--extra" in sys.argv
    # --cases all,decks,edit,rulebooks: run only those groups (their rows replace the same
    # rows of bench/results.json; the others are kept)
    chosen = next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--cases=")), "all,decks,edit,rulebooks")
    groups = set(chosen.split(","))
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
        print(f"{case:<16} {seconds:8.2f} s {peak:8.1f} MB {size / 1024:10.0f} KB  {note}{spread}", flush=True)

    def secs(case: str) -> float:
        return next(r["seconds"] for r in results if r["case"] == case)

    ratios: list[str] = []

    def ratio(case: str, base: str, target: str) -> None:
        text = f"{case} / {base}: {secs(case) / secs(base):.2f}x ({target})"
        ratios.append(text)
        print("  " + text, flush=True)

    subprocess.run([PY, "-m", "compileall", "-q", str(ROOT / "cardstock")], check=True, env=ENV, stdout=subprocess.DEVNULL)
    print(f"{'case':<16} {'time':>10} {'peak':>11} {'PDF':>13}")
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)

        # ---- all five games, every default artifact; then nothing changed
        if "all" in groups:
            out = tmp_path / "out-all"
            cold = build + ["--root", str(ROOT), "--out", str(out)]
            s, m, times = median_run(cold, ROOT, cold_runs, before=lambda: shutil.rmtree(out, ignore_errors=True))
            record("cold", s, m, pdf_bytes(out), "all five games, every default artifact, letter + a4 (target < 3 s)", times)
            s, m, times = median_run(cold, ROOT, small_runs)
            record("no-op", s, m, 0, "nothing changed (target < 0.2 s)", times)

        # ---- distinct decks against the plain script
        if "decks" in groups:
            sizes = [73, 1000] + ([2000] if quick else [10000, 50000])
            per_card: dict[int, float] = {}
            for n in sizes:
                case = f"deck-{n}"
                root = tmp_path / case
                synthetic_game(root, "bench", [(f"Card {i}", 1) for i in range(n)])
                o = root / "output"
                runs = small_runs if n == 73 else 3 if n <= 1000 else 2 if n <= 10000 else 1
                cmd = build + ["--root", str(root), "--out", str(o), "--paper", "letter", "--only", "pnp", "--jobs", "1"]
                s, m, times = median_run(cmd, root, runs, before=lambda: shutil.rmtree(o, ignore_errors=True))
                per_card[n] = s / n
                record(case, s, m, pdf_bytes(o), f"{n} distinct cards, PnP letter; {s / n * 1000:.2f} ms a card", times)
                variants = [(f"plain-{n}", [], "plain ReportLab script, same card and fonts")]
                if n == 73:
                    variants.append((f"plain-simple-{n}", ["--simple"], "plain script, bare Helvetica card, nothing embedded"))
                for name, flags, note in variants:
                    pdf = root / f"{name}.pdf"
                    plain = [PY, str(ROOT / "bench" / "plain_reportlab.py"), str(n), str(pdf)] + flags
                    s, m, times = median_run(plain, root, runs)
                    record(name, s, m, pdf.stat().st_size, note, times)
                ratio(case, f"plain-{n}", "target 1.5x" if n == 73 else "target 2x")
                shutil.rmtree(root, ignore_errors=True)
            first = per_card[sizes[1]]
            for n in sizes[1:]:
                text = f"cost per card at {n}: {per_card[n] * 1000:.2f} ms ({per_card[n] / first:.2f}x the cost at {sizes[1]}; target within 1.15x)"
                ratios.append(text)
                print("  " + text, flush=True)

        # ---- a one-card edit: --watch, and a cold process with the cache warm
        if "edit" in groups:
            proj = copy_project(tmp_path / "edit")
            eo = proj / "output"
            edits = 3 if quick else 5
            found = watch_edits(proj, eo, edits)
            walls = sorted(w for w, _ in found)
            owns = sorted(o for _, o in found)
            record("edit-watch", walls[len(walls) // 2], 0.0, 0,
                   f"edit to rewritten files (the watcher wakes on the change, settles 20 ms); the rebuild itself {owns[len(owns) // 2]:.2f} s "
                   f"({owns[0]:.2f}–{owns[-1]:.2f}) (target 0.5 s)", walls)
            cmd = build + ["--root", str(proj), "--out", str(eo)]
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
            count = [100]

            def edit() -> None:
                count[0] += 1
                edit_one_cell(proj, count[0])

            s, m, times = median_run(cmd, proj, small_runs, before=edit)
            record("edit-cold", s, m, 0, "one cell of one card, cold process, output cache warm (target 0.8 s)", times)

        # ---- rulebooks of about 100 and 200 pages
        if "rulebooks" in groups:
            for pages, chapters in ((100, 60), (200, 121)):
                root = tmp_path / f"rulebook-{pages}"
                rulebook_game(root, chapters)
                o = root / "output"
                cmd = build + ["--root", str(root), "--out", str(o), "--only", "rulebook", "--paper", "letter", "--jobs", "1"]
                s, m, times = median_run(cmd, root, 1 if quick else 3, before=lambda: shutil.rmtree(o, ignore_errors=True))
                from pypdf import PdfReader

                got = len(PdfReader(o / "bench" / "bench-rulebook.pdf").pages)
                record(f"rulebook-{pages}", s, m, pdf_bytes(o), f"{got}-page rulebook and its booklet, cold (target < 3 s)", times)
            ratio("rulebook-200", "rulebook-100", "target 2.2x or less")

        if extra:
            root = tmp_path / "copies"
            n = 1000 if quick else 10000
            synthetic_game(root, "bench", [("The Same Card", n)])
            o = root / "output"
            cmd = build + ["--root", str(root), "--out", str(o), "--paper", "letter", "--only", "pnp", "--jobs", "1"]
            s, m, times = median_run(cmd, root, 1, before=lambda: shutil.rmtree(o, ignore_errors=True))
            record(f"copies-{n}", s, m, pdf_bytes(o), f"one card, count {n}", times)
            pdf = root / "plain.pdf"
            s, m, times = median_run([PY, str(ROOT / "bench" / "plain_reportlab.py"), str(n), str(pdf), "--same"], root, 1)
            record(f"plain-copies-{n}", s, m, pdf.stat().st_size, "plain script, the same card n times", times)
            root = tmp_path / "png"
            synthetic_game(root, "bench", [(f"Card {i}", 1) for i in range(73)])
            o = root / "output"
            png = build + ["--root", str(root), "--out", str(o), "--paper", "letter", "--only", "cards", "--dpi", "300", "--jobs", "1"]
            s, m, times = median_run(png, root, 3, before=lambda: shutil.rmtree(o, ignore_errors=True))
            record("png-73", s, m, pdf_bytes(o), "73 cards, 300-dpi PNG fronts with bleed (target 2 s)", times)

    print("ratios:")
    for text in ratios:
        print("  " + text)
    path = ROOT / "bench" / "results.json"
    if groups != {"all", "decks", "edit", "rulebooks"} and path.is_file():  # a partial run: keep the other rows
        kept = json.loads(path.read_text(encoding="utf-8"))
        mine = {r["case"] for r in results}
        results[:0] = [r for r in kept.get("results", []) if r["case"] not in mine]
        ratios[:0] = [t for t in kept.get("ratios", []) if t.split(":")[0] not in {x.split(":")[0] for x in ratios}]
    path.write_text(json.dumps({"machine": f"{os.cpu_count()} cores", "results": results, "ratios": ratios}, indent=2) + "\n")
    print("written bench/results.json")


if __name__ == "__main__":
    main()
