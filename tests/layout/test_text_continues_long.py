"""Long text that continues: splitting it measures about as much text as it holds, so a
text ten times as long costs about ten times as much, and a card's text may continue onto
at most `PARTS_MAX` parts; past that it is an error at the row's line (docs/layouts.md,
"Text that continues")."""

from __future__ import annotations

import csv
import io
import json
import random
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, main

from cardstock.layout.text import continued
from cardstock.layout.text.continued import split

WORDS = (
    "when this card enters play each opponent discards a card of their choice then if you "
    "hold more cards than any other player draw one **bold** *italic* shuffle the deck"
).split()


def _text(chars: int, *, paragraphs: bool = False, seed: int = 7) -> str:
    """About `chars` characters of rule words, one paragraph (or many, `paragraphs`)."""
    rnd = random.Random(seed)
    out: list[str] = []
    size = 0
    while size < chars:
        word = rnd.choice(WORDS)
        if paragraphs and out and rnd.random() < 0.02:
            word = "\n\n" + word
        out.append(word)
        size += len(word) + 1
    return " ".join(out)


class Measured:
    """A part holds `chars` characters; counts the text it is asked to measure."""

    def __init__(self, chars: int) -> None:
        self.chars = chars
        self.calls = 0
        self.measured = 0

    def __call__(self, text: str) -> bool:
        self.calls += 1
        self.measured += len(text)
        return len(text) <= self.chars


# ---------------------------------------------------------------- the split


@pytest.mark.parametrize("paragraphs", [False, True])
def test_splitting_measures_text_in_proportion_to_its_length(paragraphs):
    measured = []
    for chars in (5_000, 20_000):
        fits = Measured(500)
        text = _text(chars, paragraphs=paragraphs)
        parts = split(text, fits)
        assert " ".join(" ".join(parts).split()) == " ".join(text.split())
        measured.append(fits.measured / len(text))
    # a few times the text, whatever its length (re-measuring the rest on each part
    # would grow with the number of parts: 10 times more for 20 KB than for 2 KB)
    assert all(m < 12 for m in measured), measured
    assert measured[1] < measured[0] * 1.5, measured


def test_splitting_asks_a_few_questions_a_part():
    fits = Measured(700)
    parts = split(_text(50_000), fits)
    assert fits.calls < 12 * len(parts)


def test_a_bounded_split_stops_after_its_parts_and_keeps_the_rest_whole():
    text = _text(20_000)
    fits = Measured(500)
    parts = split(text, fits, most=5)
    assert len(parts) == 6
    assert parts[:5] == split(text, Measured(500))[:5]
    assert " ".join(" ".join(parts).split()) == " ".join(text.split())
    assert fits.measured < 20 * len("".join(parts[:5]))  # the rest is never measured whole


# ---------------------------------------------------------------- a build


def _project(root: Path, text: str) -> Path:
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    game = root / "catalog" / "mini" / "game.toml"
    toml = game.read_text(encoding="utf-8").replace('choice = "6 cards"', 'choice = "7 cards"')
    game.write_text(toml, encoding="utf-8")
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerow(
        ["longrule", "Long Rule", 1, "Fire", 4, "fire", text, "", "no", ""]
    )
    with (root / "catalog" / "mini" / "cards.csv").open("a", encoding="utf-8") as f:
        f.write(buf.getvalue())
    (root / "layouts" / "mini").mkdir(parents=True)
    (root / "layouts" / "mini" / "faces.toml").write_text(
        '[layouts.card.boxes.body]\ntext = "{{ text }}"\noverflow = "continue"\n',
        encoding="utf-8",
    )
    return root


def _parts_printed(root: Path) -> list[str]:
    printed = json.loads((root / "output" / "mini" / "mini-printed.json").read_text())
    return [cid for cid in printed["cards"] if cid.startswith("longrule")]


@pytest.mark.parametrize("chars", [10_000, 100_000])
def test_a_long_text_continues_onto_as_many_cards_as_it_needs(tmp_path, chars):
    root = _project(tmp_path, _text(chars))
    assert main(["--root", str(root), "build", "--only", "printed"]) == 0
    ids = _parts_printed(root)
    count = len(ids)
    assert 1 < count <= continued.PARTS_MAX
    assert sorted(ids) == sorted(
        ["longrule"] + [f"longrule-{i}of{count}" for i in range(2, count + 1)]
    )


def test_a_text_needing_more_parts_than_the_bound_is_an_error_at_its_row(
    tmp_path, capsys, monkeypatch
):
    monkeypatch.setattr(continued, "PARTS_MAX", 3)
    root = _project(tmp_path, _text(10_000))
    line = len((root / "catalog" / "mini" / "cards.csv").read_text().splitlines())
    assert main(["--root", str(root), "build", "--only", "printed,pnp"]) == 2
    err = capsys.readouterr().err
    assert f"catalog/mini/cards.csv:{line}: text: the text continues onto more than 3 parts" in err
    assert "internal error" not in err
    assert not (root / "output" / "mini" / "mini-printed.json").exists()
