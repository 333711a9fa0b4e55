"""Streaming builds: the laid-out faces alive at one time stay under a bound that does not
depend on how many distinct faces a game has (counted with weak references by
`cardstock.layout.faces.STATS`, not measured as memory), and what many pages share is
still stored once in the PDF."""

from __future__ import annotations

from collections import Counter

from pypdf import PdfReader

from cardstock.cli import main
from cardstock.layout import faces

from test_speed_faces import generated_game

# The in-memory LRU of laid-out faces, plus the few a stage holds while drawing one.
BOUND = faces._FACES_MAX + 8


def test_laid_out_faces_alive_stay_bounded_whatever_the_number_of_cards(tmp_path):
    n = 1500  # well above the bound: keeping every face would hold 1,501
    generated_game(tmp_path, n)
    out = tmp_path / "output"
    faces.use_store(None)
    faces.STATS.reset()
    # every default artifact of the game: the rules check, one SVG per face, the sheets
    code = main(["--root", str(tmp_path), "build", "--out", str(out), "--jobs", "1", "--paper", "letter"])
    assert code == 0
    assert faces.STATS.laid_out == n + 1
    assert faces.STATS.peak_alive <= BOUND < n
    assert len(list((out / "gen" / "svg").glob("*.svg"))) == n + 1

    # the back every card shares is one Form XObject, drawn on every backs page
    reader = PdfReader(out / "gen" / "gen-pnp-letter.pdf")
    used: Counter = Counter()
    for page in reader.pages:
        xobjects = page["/Resources"].get("/XObject", {})
        for name, ref in xobjects.items():
            if "Face" in name:
                used[(name, ref.idnum)] += 1
    (name, _), pages = used.most_common(1)[0]
    assert pages >= n // 9  # every backs page (9 cards a Letter page at most)
    assert len({ref for (nm, ref) in used if nm == name}) == 1


def test_twenty_thousand_distinct_cards_keep_the_same_bound(tmp_path):
    """Issue 19's own size: 20,000 distinct cards through the rules check and the
    print-and-play sheets hold no more laid-out faces at once than 1,500 do."""
    n = 20_000
    generated_game(tmp_path, n)
    out = tmp_path / "output"
    faces.use_store(None)
    faces.STATS.reset()
    code = main(["--root", str(tmp_path), "build", "--out", str(out), "--jobs", "1", "--paper", "letter", "--only", "pnp"])
    assert code == 0
    assert faces.STATS.laid_out == n + 1  # every front once, and the back they share
    assert faces.STATS.peak_alive <= BOUND < n
    reader = PdfReader(out / "gen" / "gen-pnp-letter.pdf")
    assert len(reader.pages) >= 2 * (n // 9)  # every front placed, each sheet with its backs
