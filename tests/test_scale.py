"""The documented maximum game (50,000 components, `docs/validation.md`) builds in time
linear in its size: no step of a build does work per face that grows with the number of
faces. These tests count the work (how often a game's components or its sheets' pages are
read through) rather than time it, so a loaded machine cannot make them pass or fail; the one
timed test leaves a margin of twenty times what it measures alone."""

from __future__ import annotations

from types import SimpleNamespace

from cardstock.core.stage import BuildOptions
from cardstock.render.svg import face_titles


class Counted(list):
    """A list that counts how often it is read through."""

    reads = 0

    def __iter__(self):
        Counted.reads += 1
        return super().__iter__()


def _catalog(n: int) -> SimpleNamespace:
    deck = SimpleNamespace(name="Deck cards", back="deck")
    game = SimpleNamespace(title="Big Game", backs={"deck": None}, sets=[deck])
    return SimpleNamespace(
        game=game,
        components=Counted(SimpleNamespace(id=f"c{i}", name=f"Card {i}") for i in range(n)),
    )


def test_titling_every_svg_face_of_a_game_reads_its_components_once():
    for n in (1_000, 20_000):
        catalog = _catalog(n)
        Counted.reads = 0
        title = face_titles(catalog)
        titles = [title(f"c{i}") for i in range(n)] + [
            title("c7-reverse"),
            title("back-deck"),
            title("odd-stem"),
        ]
        assert Counted.reads == 1
        assert titles[:2] == ["Card 0 — Big Game", "Card 1 — Big Game"]
        assert titles[-3:] == [
            "Card 7 (back) — Big Game",
            "Back of Deck cards — Big Game",
            "odd stem — Big Game",
        ]


def test_an_input_error_every_face_meets_is_gathered_into_one_message_in_linear_time():
    import signal

    from cardstock.core.issues import Issue
    from cardstock.layout.checks.drawn import once_per_place

    # Each face listed once. Gathering them is linear: about 1 s of processor time here for
    # 200,000 faces, where a list searched for each face took 6 s for 40,000 (so about
    # 150 s for these). The guard below is a hang guard sixty times the linear cost, not a
    # measure of speed: only work that grows with the square of the faces reaches it.
    n = 200_000
    issues = [
        Issue(
            "layouts/big/faces.toml",
            12,
            "boxes.name",
            f"no font 'Nope' (drawing card 'c{i}' front)",
            "error",
            bad_input=True,
        )
        for i in range(n)
    ] + [
        Issue(
            "layouts/big/faces.toml",
            12,
            "boxes.name",
            "no font 'Nope' (drawing card 'c7' front)",
            "error",
            bad_input=True,
        )
    ]

    def hung(signum: int, frame: object) -> None:
        raise TimeoutError(f"gathering {n} faces' errors ran past 60 s of processor time")

    previous = signal.signal(signal.SIGPROF, hung)
    signal.setitimer(signal.ITIMER_PROF, 60)
    try:
        (one,) = once_per_place(issues)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
    assert one.message == f"no font 'Nope' (drawing {n} faces, first card 'c0' front)"


def test_a_game_past_the_most_components_cardstock_prints_is_refused_at_the_row_that_passes_it(
    tmp_path, capsys
):
    from conftest import validate
    from helpers_generated import BENCH

    from cardstock.catalog.check import MAX_COPIES
    from cardstock.catalog.load import MAX_COMPONENTS
    from cardstock.cli import main

    rows = (
        MAX_COMPONENTS // MAX_COPIES
    )  # this many rows of the most copies of one card reach the limit exactly
    BENCH.synthetic_game(
        tmp_path,
        "big",
        [(f"Card {i}", MAX_COPIES) for i in range(rows)] + [("One more", 1), ("And another", 2)],
    )
    assert main(["--root", str(tmp_path), "build", "big"]) == 2
    err = capsys.readouterr().err
    assert (
        f"catalog/big/cards.csv:{rows + 2}: count: the game passes the most cardstock prints "
        f"in one game ({MAX_COMPONENTS:,} components) at this row" in err
    )
    assert err.count("passes the most cardstock prints") == 1
    assert not (tmp_path / "output" / "big").exists()

    BENCH.synthetic_game(
        tmp_path / "exactly", "big", [(f"Card {i}", MAX_COPIES) for i in range(rows)]
    )
    _catalogs, issues = validate(tmp_path / "exactly", ["big"])
    assert not issues.errors  # the limit itself is allowed


def test_planning_the_sheets_of_many_pages_looks_each_page_up_once(tmp_path, monkeypatch):
    from conftest import load_games
    from helpers_generated import generated_game

    from cardstock.impose import pnp
    from cardstock.impose.sheets import load_sheets
    from cardstock.layout.ops import Face

    generated_game(tmp_path, 400)
    (catalog,), issues = load_games(tmp_path, ["gen"])
    assert not issues.errors
    sheets, problems = load_sheets(tmp_path)
    assert not problems.errors
    poker = Face.build(
        63.5 * 72 / 25.4, 88.9 * 72 / 25.4, 9.0, "rect", ()
    )  # an outline, as sheets are planned from

    kept_reads = []
    real = pnp.place_blocks

    def counted(pages):
        kept = Counted(real(pages))
        kept_reads.append(kept)
        return kept

    monkeypatch.setattr(pnp, "place_blocks", counted)
    Counted.reads = 0
    pages, _findings = pnp.impose(
        catalog,
        catalog.components,
        lambda comp, side, bleed: poker,
        sheets,
        "letter",
        BuildOptions(out=tmp_path / "output"),
        (0.0, 0.0),
    )
    assert len(pages) >= 2 * 400 // 9  # fronts and backs pages
    assert len(kept_reads) == 1 and Counted.reads == 1
