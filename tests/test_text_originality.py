"""The project's texts are in its own words: nothing in the repository or in what it
generates repeats a run of 12 or more consecutive words of a source rulebook (the seeds,
`../shared/seeds/` beside the checkout; without them these tests are skipped).

Facts carry over from the seeds; sentences do not. Words are compared after folding case
and dropping punctuation, so a copied sentence cannot hide behind a changed comma or a
curly apostrophe. Generated texts are every shipped game's rulebook PDF text (read back
with pypdf), its quick-reference sides and the text of every face as SVG, built once per
test session.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import SEEDS, seed_files
from rules_texts import GAMES, quickref_text, rulebook_text, svg_text

pytestmark = pytest.mark.needs_seeds  # every test reads the seeds

ROOT = Path(__file__).resolve().parent.parent
RUN = 12  # words
SKIP_DIRS = {".git", ".venv", "output", "__pycache__", ".pytest_cache", ".mypy_cache"}


def words(text: str) -> list[str]:
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("'", "")
    return re.findall(r"[a-z0-9]+", text.lower())


def shingles(ws: list[str], n: int = RUN) -> set[tuple[str, ...]]:
    return {tuple(ws[i : i + n]) for i in range(len(ws) - n + 1)}


def seed_runs() -> dict[tuple[str, ...], str]:
    runs: dict[tuple[str, ...], str] = {}
    for seed in seed_files():
        for run in shingles(words(seed.read_text(encoding="utf-8", errors="replace"))):
            runs.setdefault(run, seed.name)
    return runs


def shared_runs(text: str, runs: dict[tuple[str, ...], str]) -> list[str]:
    """Each maximal run of 12+ words the text shares with a seed, as 'seed: words…'."""
    ws = words(text)
    found: list[str] = []
    i = 0
    while i <= len(ws) - RUN:
        key = tuple(ws[i : i + RUN])
        if key in runs:
            j = i + RUN
            while j < len(ws) and tuple(ws[j - RUN + 1 : j + 1]) in runs:
                j += 1
            found.append(f"{runs[key]}: {' '.join(ws[i:j])}")
            i = j
        else:
            i += 1
    return found


def repo_text_files() -> list[Path]:
    out = []
    for path in sorted(ROOT.rglob("*")):
        rel = path.relative_to(ROOT)
        if any(part in SKIP_DIRS for part in rel.parts) or not path.is_file():
            continue
        try:
            path.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            continue  # fonts, images, spreadsheets
        out.append(path)
    return out


@pytest.fixture(scope="module")
def runs() -> dict[tuple[str, ...], str]:
    if not SEEDS.is_dir():
        pytest.fail(f"the seed rulebooks are missing: {SEEDS}")
    found = seed_runs()
    assert found, "no seed text read"
    return found


def test_the_scan_finds_a_copied_sentence(runs) -> None:
    seed = sorted(SEEDS.glob("*.txt"))[0]
    ws = words(seed.read_text(encoding="utf-8", errors="replace"))
    copied = "Intro: " + " ".join(w.upper() for w in ws[40:60]) + "!"
    assert shared_runs(copied, runs)
    assert not shared_runs(" ".join(ws[40:51]), runs)  # 11 words are not a run


def test_no_repository_file_repeats_a_seed(runs) -> None:
    problems = []
    for path in repo_text_files():
        for hit in shared_runs(path.read_text(encoding="utf-8"), runs):
            problems.append(f"{path.relative_to(ROOT)}: shares {hit}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_no_generated_text_repeats_a_seed(runs, game: str) -> None:
    problems = []
    for what, text in (
        ("rulebook PDF", rulebook_text(game)),
        ("quick reference", quickref_text(game)),
        ("SVG faces", svg_text(game)),
    ):
        for hit in shared_runs(text, runs):
            problems.append(f"{game} {what}: shares {hit}")
    assert not problems, "\n".join(problems)


def test_check_json_gives_a_seed_line_and_a_paraphrase_never_a_quote() -> None:
    from conftest import run_checks
    from rules_texts import catalog

    report = run_checks(
        [catalog(g) for g in GAMES], only={"counts", "constraints", "facts", "examples"}
    ).public()
    cited = 0
    for game in report["games"]:
        for check in game["checks"]:
            assert "quote" not in check
            if check["cite"] is not None:
                cited += 1
                assert (
                    {"seed", "line", "says"}
                    <= set(check["cite"])
                    <= {"seed", "line", "says", "also"}
                )
                assert (SEEDS / check["cite"]["seed"]).is_file(), check["cite"]
                lines = (SEEDS / check["cite"]["seed"]).read_text(encoding="utf-8").splitlines()
                assert (
                    1 <= check["cite"]["line"] <= len(lines)
                    and lines[check["cite"]["line"] - 1].strip()
                ), check
    assert cited >= 50
