"""A build of the fixture game writes exactly its golden snapshot (tests/golden/mini/): the
SVG faces byte for byte, the print-and-play PDFs' pages and forms as decompressed content
streams, and the manifest. A difference is printed as a unified diff per file; when the
change is intended, run `tests/golden/regen.py`, look at the sheets and commit the result."""

from __future__ import annotations

import difflib

from golden.snapshot import GOLDEN, build, pdf_text, snapshot, stored

REGEN = "if the change is intended: .venv/bin/python tests/golden/regen.py, look at the sheets, commit tests/golden/mini"


def _diff(name: str, want: str, got: str, limit: int = 60) -> str:
    lines = list(difflib.unified_diff(want.splitlines(), got.splitlines(), f"golden/{name}", f"built/{name}", lineterm="", n=2))
    more = f"\n… {len(lines) - limit} more diff lines" if len(lines) > limit else ""
    return "\n".join(lines[:limit]) + more


def test_the_fixture_builds_exactly_its_golden_snapshot(tmp_path):
    want = stored()
    assert "manifest.json" in want and any(n.startswith("svg/") for n in want) and any(n.startswith("pdf/") for n in want), f"no snapshot in {GOLDEN}"
    got = snapshot(build(tmp_path))
    problems = [f"missing from the build: {n}" for n in sorted(set(want) - set(got))]
    problems += [f"not in the snapshot: {n}" for n in sorted(set(got) - set(want))]
    problems += [_diff(n, want[n], got[n]) for n in sorted(set(want) & set(got)) if want[n] != got[n]]
    assert not problems, "\n\n".join(problems + [REGEN])


def test_the_snapshot_of_a_pdf_shows_each_page_and_each_face_once(tmp_path):
    text = stored()["pdf/mini-pnp-letter.txt"]
    pages = int(text.split(": ", 1)[1].split(" pages", 1)[0])  # the header says how many
    assert pages == 4  # cards, their backs, the pieces and the pieces' blank reverse
    assert text.count("\n## page ") == pages
    forms = [line for line in text.splitlines() if line.startswith("## form ")]
    assert forms and len(forms) == len(set(forms))
    # each drawn form is listed, and no listed form goes undrawn
    for line in forms:
        name = line.split()[2].rstrip(":")
        assert f"{name} Do" in text
    assert "/CreationDate" not in text and "/ID" not in text


def test_a_changed_face_shows_as_a_diff_of_its_drawing(tmp_path):
    out = build(tmp_path)
    before = pdf_text(out / "mini" / "mini-pnp-letter.pdf")
    csv = tmp_path / "catalog" / "mini" / "cards.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace("Deal 1 damage.", "Deal 2 damage."), encoding="utf-8")
    from golden.snapshot import BUILD_ARGS

    from cardstock.cli import main

    assert main(["--root", str(tmp_path), *BUILD_ARGS]) == 0
    after = pdf_text(out / "mini" / "mini-pnp-letter.pdf")
    diff = _diff("mini-pnp-letter.txt", before, after)
    assert "-## form" in diff or "+## form" in diff or "Tj" in diff
    assert diff.count("\n-") >= 1 and diff.count("\n+") >= 1
