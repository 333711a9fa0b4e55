"""What the rule-edit tests share: a copy of shipped games to edit in place, the starter of
`cardstock init` with a test's own additions, the findings of the checks that failed on
one game of it, and the seed-breaking edits of the shipped games (`Edit`, `EditOfKind`)
with the findings that must catch them."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import FULL, SEEDS, load_games, run_checks
from seed_edits import ROOT

from cardstock.init import init_project
from cardstock.rules.report import RULE_PARTS
from cardstock.rules.sources import SOURCES_ENV
from cardstock.stages import CHECKS

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


def judged(
    root: Path, game: str, chosen: list[Any], texts: Any, runs: int, sources: Path | None = None
) -> Any:
    """The mutation test's report on `chosen` edits of `game` in the project at `root`,
    each judged by the check (`runs` setup simulations, seed 1, the seed rulebooks in
    `sources` or none) with the user's cache open for the run."""
    from cardstock.core.cache import open_cache
    from cardstock.mutate import judge_of
    from cardstock.rules.mutation.report import run

    cache = open_cache()
    try:
        judge = judge_of(root, game, cache, seed=1, runs=runs, sources=sources)
        return run(game, texts, chosen, judge)
    finally:
        cache.close()


# ---------------------------------------------------------------- seed-breaking edits

# What a seed-breaking edit is checked by: the facts and the constraints (`Edit`), or what
# `cardstock check GAME --sources` runs, less the setup simulation (`EditOfKind`: slow, and
# no such edit is a setup count)
PARTS = {"facts", "constraints"}
KIND_PARTS = (set(RULE_PARTS) - {"setup"}) | {p.name for p in CHECKS}

FACT, NO_FACT = "fact", "no fact"  # an `EditOfKind`'s `by`: a rules check names it, or none yet


@dataclass(frozen=True)
class Edit:
    """A change to a copy of a shipped game that contradicts its source rulebook, and the
    finding `cardstock check` must fail with."""

    id: str
    game: str
    file: str  # under the project
    old: str
    new: str
    fact: str  # the fact's name, as the finding gives it
    line: int | None  # the seed line the finding names (None: the source states no such thing)
    before: str
    after: str
    also: tuple[Change, ...] = ()  # more changes of the same edit: (file, old, new)


@dataclass(frozen=True)
class EditOfKind:
    """An edit of one of issue 42's kinds (one change or several), checked by every check
    `cardstock check --sources` runs but the setup simulation: the finding names a fact, a
    count or a constraint (or a file and key), the seed line and both values."""

    id: str
    game: str
    kind: str  # which kind of issue 42's it is
    changes: tuple[Change, ...]
    seed: int  # the seed line the edit contradicts
    by: str  # FACT: a rules check names it; NO_FACT: none does yet (an expected failure)
    names: str  # what the finding names: a fact's name, or a file and key
    before: str  # the value or words before, as the finding quotes them
    after: str  # … and after
    cites: bool = True  # the finding names the seed line (False: a gap, said in a comment)


def quoted(word: str) -> str:
    """A word as a finding quotes it."""
    return f"'{word}'"


def place_of(e: Edit | EditOfKind) -> str:
    """What an edit changes, as the test files of edits are grouped: a game's rulebook
    (`rulebook <game>`) or game file (`game file <game>`), or any game's card tables and
    faces (`cards`), quick references, rules file or translations."""
    file = e.file if isinstance(e, Edit) else e.changes[0][0]
    name = file.rsplit("/", 1)[-1]
    if "/quickref/" in file:
        return "quick references"
    if name == "rulebook.md.j2":
        return f"rulebook {e.game}"
    if name == "game.toml":
        return f"game file {e.game}"
    if name == "rules.toml":
        return "rules file"
    if name.endswith(".po"):
        return "translations"
    assert name.endswith(".csv") or name == "faces.toml", file
    return "cards"


def cases(edits: Iterable[Edit | EditOfKind], escapes: dict[str, str]) -> list[Any]:
    """The edits as test cases, each named by its id; an edit still escaping the check (in
    `escapes`, with why, or an `EditOfKind` no fact reads yet) an expected failure, which
    fails the run once it is caught. The edits expected to be caught make one batch (see
    `together`)."""
    found, batch = [], []
    for e in edits:
        why = escapes.get(e.id)
        if why is None and isinstance(e, EditOfKind) and e.by == NO_FACT:
            why = f"no fact reads this text yet ({e.kind}): '{e.before}' -> '{e.after}'"
        marks = [pytest.mark.xfail(strict=True, reason=why)] if why else []
        found.append(pytest.param(e, id=e.id, marks=marks))
        if not why:
            batch.append(e)
    batched(batch)
    return found


def batched(edits: list[Any]) -> None:
    """Make `edits` (each with an `id`, a `game` and its `changes`, or an `Edit`) one batch:
    in the default run their check is made once for all that fit (`together`)."""
    for e in edits:
        _BATCH[e.id] = edits


# Each edit expected to be caught, by its id: the edits of its batch (its test file's edits
# expected to be caught).
# In the default run the edits of a file that fit together (each change's text still there
# after the others are made) are made at once on one copy and checked once; an edit whose
# finding is among that check's is caught, and any other is checked alone, as every edit is
# in the full run (`CARDSTOCK_FULL=1`). A finding names the edit's own fact, seed line and
# both values, so another edit of the batch cannot stand in for it.
_BATCH: dict[str, list[Any]] = {}
_BATCH_LINES: dict[tuple[str, str, str, tuple[str, ...]], list[str] | None] = {}


def _changes_of(e: Any) -> tuple[Change, ...]:
    return ((e.file, e.old, e.new), *e.also) if isinstance(e, Edit) else tuple(e.changes)


def together(project: Path, e: Any, parts: set[str]) -> list[str] | None:
    """The findings of the check of `e`'s game with every edit of its batch that fits made
    at once (those of `e`'s kind of edit and game), or None when `e` is checked alone: the
    full run, an edit in no batch, one that did not fit, or a batch the game cannot read."""
    group = [x for x in _BATCH.get(e.id, []) if type(x) is type(e) and x.game == e.game]
    if FULL or len(group) < 2:
        return None
    key = (str(project), e.game, repr(sorted(parts)), tuple(x.id for x in group))
    if key not in _BATCH_LINES:
        _BATCH_LINES[key] = None
        texts: dict[str, str] = {}
        made: set[str] = set()
        for x in group:
            changes = _changes_of(x)
            trial = dict(texts)
            for f, old, new in changes:
                text = trial.get(f)
                if text is None:
                    text = (project / f).read_text(encoding="utf-8")
                if old not in text:
                    break
                trial[f] = text.replace(old, new, 1)
            else:
                texts = trial
                made.add(x.id)
        saved = {f: (project / f).read_text(encoding="utf-8") for f in texts}
        try:
            for f, text in texts.items():
                (project / f).write_text(text, encoding="utf-8")
            catalogs, issues = load_games(project, [e.game])
            if not issues.errors:
                report = run_checks(catalogs, only=parts, sources=SEEDS).game(e.game)
                _BATCH_LINES[key] = [
                    f"{c.rule}: {i.render()}"
                    for c in report.checks
                    if c.status == "fail"
                    for i in c.findings
                ]
        finally:
            for f, text in saved.items():
                (project / f).write_text(text, encoding="utf-8")
        _MADE[key] = made
    return _BATCH_LINES[key] if e.id in _MADE.get(key, set()) else None


_MADE: dict[tuple[str, str, str, tuple[str, ...]], set[str]] = {}


def assert_caught(project: Path, e: Edit, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check of the edited game fails with a finding that names the fact, its seed
    line (the seed alone when the source states no such thing) and both values."""
    monkeypatch.setenv(SOURCES_ENV, str(SEEDS))
    source = f"{SEED_FILES[e.game]}:" if e.line is None else f"{SEED_FILES[e.game]}:{e.line}"

    def hits(lines: list[str]) -> list[str]:
        return [
            line
            for line in lines
            if e.fact in line
            and (e.line is None or source in line)
            and e.before.lower() in line.lower()
            and e.after.lower() in line.lower()
        ]

    at_once = together(project, e, PARTS)
    if at_once is not None and hits(at_once):
        return
    lines = failures_edited(project, e.game, _changes_of(e), PARTS, sources=SEEDS)
    assert hits(lines), "\n".join(lines) or "the check passed"


def _names_line(finding: str, game: str, line: int) -> bool:
    """Does the finding name `line` of the game's seed, as a fact's source ("seed:12,40")
    or as a signature's ("restating seed line 12 '…'")?"""
    seed = re.escape(SEED_FILES[game])
    listed = re.search(seed + r":([\d,]+)", finding)
    if listed and str(line) in listed.group(1).split(","):
        return True
    return re.search(seed + rf"\b.*\bline {line}\b", finding) is not None


def assert_caught_of_kind(project: Path, e: EditOfKind, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check of the edited game fails with a finding that names what `e` says, its seed
    line (unless `e.cites` is False) and both values."""
    monkeypatch.setenv(SOURCES_ENV, str(SEEDS))

    def hits(lines: list[str]) -> list[str]:
        return [
            f
            for f in lines
            if e.names in f
            and (not e.cites or _names_line(f, e.game, e.seed))
            and e.before.lower() in f.lower()
            and e.after.lower() in f.lower()
        ]

    at_once = together(project, e, KIND_PARTS)
    if at_once is not None and hits(at_once):
        return
    lines = failures_edited(project, e.game, e.changes, KIND_PARTS, sources=SEEDS)
    assert hits(lines), "\n".join(lines) or "the check passed"
