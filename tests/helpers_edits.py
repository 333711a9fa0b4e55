"""What the rule-edit tests share: a copy of shipped games to edit in place, the starter of
`cardstock init` with a test's own additions, and the findings of the checks that failed
on one game of it."""

from __future__ import annotations

import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from conftest import load_games, run_checks
from seed_edits import ROOT

from cardstock.init import init_project

STARTER = "moon-race"  # the game `cardstock init` writes for the title "Moon Race"

# Each shipped game's seed, as a finding names its source line ("file:line")
SEED_FILES = {
    "alpha-omega-cards": "000_5caadbc6341105a1.txt",
    "alpha-omega-tiles": "001_36ead820c26ca3f8.txt",
    "alter-ego": "002_0de44b6fb8f36133.txt",
    "atmosfear": "003_1b021a8c980fb258.txt",
    "vortex": "004_ac253e6d7088f8d2.txt",
}

Change = tuple[str, str, str]  # (a file under the project, the text there, what replaces it)


def games_copy(root: Path, games: Iterable[str]) -> Path:
    """`root` holding the catalogs and layouts of `games`, for a test to edit."""
    for game in games:
        shutil.copytree(ROOT / "catalog" / game, root / "catalog" / game)
        shutil.copytree(ROOT / "layouts" / game, root / "layouts" / game)
    return root


# rules for the starter that state every rule of its rules.md as a fact (the starter itself
# shows each kind of check once): a rule fact for each rule word of the rulebook, three
# card facts, the typed lint with `words = true`, the range and the totals
FULL_RULES = Path(__file__).parent / "fixtures" / "full-starter"


def full_rules(root: Path) -> None:
    """Give the starter at `root` the rules of `FULL_RULES`: its rules.toml, rules.md and
    a rulebook that renders every rule word from its fact."""
    folder = root / "catalog" / STARTER
    for name in ("rules.toml", "rules.md"):
        (folder / name).write_bytes((FULL_RULES / name).read_bytes())
    book = root / "layouts" / STARTER / "rulebook.md.j2"
    book.write_bytes((FULL_RULES / "rulebook.md.j2").read_bytes())


def starter(
    tmp_path: Path,
    *,
    game: str = "",
    rules: str = "",
    cards: tuple[str, str] = ("", ""),
    full: bool = False,
) -> Path:
    """The starter of `cardstock init` in `tmp_path` (with `full`, its rules those of
    `FULL_RULES`), `game` added to the end of its game.toml, `rules` to the end of its
    rules.toml, and in its cards.csv `cards[0]` replaced by `cards[1]`."""
    root = tmp_path / STARTER
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    if full:
        full_rules(root)
    folder = root / "catalog" / STARTER
    for name, added in (("game.toml", game), ("rules.toml", rules)):
        with (folder / name).open("a", encoding="utf-8") as f:
            f.write(added)
    if cards[0]:
        table = folder / "cards.csv"
        text = table.read_text(encoding="utf-8")
        assert cards[0] in text, cards[0]
        table.write_text(text.replace(*cards), encoding="utf-8")
    return root


def without_designer_values(root: Path, game: str) -> None:
    """The starter's rules.toml without its own `[[mutate.designer_values]]` (they close the
    file), for tests that declare the designer's values themselves."""
    rules = root / "catalog" / game / "rules.toml"
    text = rules.read_text(encoding="utf-8")
    head, mark, _ = text.partition("\n[[mutate.designer_values]]")
    assert mark, "the starter declares no designer's values"
    rules.write_text(head + "\n", encoding="utf-8")


def failures(
    root: Path, game: str, parts: set[str], ran: Iterable[str] = (), **options: Any
) -> list[str]:
    """Each finding of a failed check of `game` (only the check `parts`), as
    "rule: path:line: field: message"; the game must read without errors, and each rule
    named in `ran` must have been checked."""
    catalogs, issues = load_games(root, [game])
    assert not issues.errors, [i.render() for i in issues]
    report = run_checks(catalogs, only=parts, **options).game(game)
    assert set(ran) <= {c.rule for c in report.checks}, [c.rule for c in report.checks]
    return [
        f"{c.rule}: {i.render()}" for c in report.checks if c.status == "fail" for i in c.findings
    ]


def failures_edited(
    root: Path, game: str, changes: Iterable[Change], parts: set[str], **options: Any
) -> list[str]:
    """`failures` of `game` with each change made in `root` (the first occurrence of its
    text replaced, which must be there); every file changed is restored afterwards."""
    changes = list(changes)
    saved = {f: (root / f).read_text(encoding="utf-8") for f, _, _ in changes}
    try:
        for f, old, new in changes:
            text = (root / f).read_text(encoding="utf-8")
            assert old in text, f"{old!r} is not in {f}"
            (root / f).write_text(text.replace(old, new, 1), encoding="utf-8")
        return failures(root, game, parts, **options)
    finally:
        for f, text in saved.items():
            (root / f).write_text(text, encoding="utf-8")


def judged(root: Path, game: str, chosen: list[Any], texts: Any, runs: int) -> Any:
    """The mutation test's report on `chosen` edits of `game` in the project at `root`,
    each judged by the check (`runs` setup simulations, seed 1, no sources) with the
    user's cache open for the run."""
    from cardstock.core.cache import open_cache
    from cardstock.mutate import judge_of
    from cardstock.rules.mutation.report import run

    cache = open_cache()
    try:
        judge = judge_of(root, game, cache, seed=1, runs=runs, sources=None)
        return run(game, texts, chosen, judge)
    finally:
        cache.close()
