"""A project's font file is tried as ReportLab draws and embeds it before anything is
written: parsed, then every glyph read into a PDF subset (a glyph no character maps to,
which shaping reaches, too). A file ReportLab would refuse at any step — one that is no
font, whose tables are garbage, or whose outlines lie past its end or are damaged,
whichever glyphs the game draws — is bad input at the file (`fonts/Broken.ttf: font: …`,
exit 2), never a failure of a later step."""

from __future__ import annotations

import io
import random
import struct
from pathlib import Path

import pytest
from conftest import ROOT
from reportlab.pdfbase.ttfonts import TTFont

from cardstock.fonts import probe

SHIPPED = ROOT / "cardstock" / "fonts"
REAL = SHIPPED / "LiberationSans-Regular.ttf"
FILE = "fonts/Broken.ttf"


def _tables(data: bytes) -> dict[str, tuple[int, int]]:
    """Each table of a TrueType file: (offset, length), by tag."""
    (count,) = struct.unpack(">H", data[4:6])
    out = {}
    for i in range(count):
        tag, _sum, offset, length = struct.unpack(">4sLLL", data[12 + 16 * i : 28 + 16 * i])
        out[tag.decode("latin-1")] = (offset, length)
    return out


def _glyf_last(data: bytes) -> bytes:
    """The same font with its `glyf` table's bytes moved to the end of the file, as some
    fonts are laid out: the tables ReportLab parses first all come before it."""
    (count,) = struct.unpack(">H", data[4:6])
    entries = [struct.unpack(">4sLLL", data[12 + 16 * i : 28 + 16 * i]) for i in range(count)]
    order = sorted(entries, key=lambda e: (e[0] == b"glyf", e[2]))
    body = bytearray()
    at: dict[bytes, int] = {}
    start = 12 + 16 * count
    for tag, _sum, offset, length in order:
        at[tag] = start + len(body)
        body += data[offset : offset + length] + bytes(-length % 4)
    directory = b"".join(struct.pack(">4sLLL", t, s, at[t], n) for t, s, _o, n in entries)
    return data[:12] + directory + bytes(body)


def _cut_in_outlines(data: bytes, keep: float) -> bytes:
    """`data` with `glyf` last, cut `keep` of the way through its outlines."""
    moved = _glyf_last(data)
    offset, length = _tables(moved)["glyf"]
    return moved[: offset + int(length * keep)]


def _garbage(data: bytes, tags: tuple[str, ...] | None) -> bytes:
    """`data` with the bytes of the tables `tags` (every table: None) replaced by seeded
    random bytes; the header and the table directory kept."""
    rng = random.Random(20261129)
    out = bytearray(data)
    for tag, (offset, length) in _tables(data).items():
        if tags is None or tag in tags:
            out[offset : offset + length] = bytes(rng.randrange(256) for _ in range(length))
    return bytes(out)


def _last_drawn_glyph_cut(data: bytes) -> bytes:
    """`data` with `glyf` last, cut inside the outline of the glyph a character maps to
    that lies last in it: only that glyph's outline (and those after it) is missing."""
    moved = _glyf_last(data)
    face = TTFont("Cut", REAL).face
    last = max(set(face.charToGlyph.values()), key=lambda g: face.glyphPos[g])
    offset, _length = _tables(moved)["glyf"]
    return moved[: offset + face.glyphPos[last] + 1]


def _unmapped_glyph_broken(data: bytes) -> bytes:
    """`data` with a glyph no character maps to (a composite that shaping reaches, as an
    alternate accent) made of a glyph the font does not have; every glyph a character
    maps to left whole."""
    from fontTools.ttLib import TTFont as Tables

    tables = Tables(io.BytesIO(data))
    mapped = set(tables.getBestCmap().values())
    order = tables.getGlyphOrder()
    glyf = tables["glyf"]
    name = next(n for n in order if n not in mapped and glyf[n].isComposite())
    offset, _length = _tables(data)["glyf"]
    start = offset + tables["loca"][order.index(name)]
    assert struct.unpack(">h", data[start : start + 2])[0] < 0  # a composite's header
    # after the 10-byte header: the first component's flags, then its glyph's index
    return data[: start + 12] + struct.pack(">H", 0xFFF0) + data[start + 14 :]


DAMAGED = {
    "2,000 random bytes": lambda: random.Random(7).randbytes(2000),
    "a truncated copy of a real font": lambda: REAL.read_bytes()[: len(REAL.read_bytes()) // 2],
    "a real font cut halfway through its outlines": lambda: _cut_in_outlines(
        REAL.read_bytes(), 0.5
    ),
    "a real font cut inside the last glyph a character maps to": lambda: _last_drawn_glyph_cut(
        REAL.read_bytes()
    ),
    "a TrueType header and directory with garbage tables": lambda: _garbage(
        REAL.read_bytes(), None
    ),
    "garbage outlines": lambda: _garbage(REAL.read_bytes(), ("glyf",)),
    "garbage outline offsets": lambda: _garbage(REAL.read_bytes(), ("loca",)),
    "a glyph only shaping reaches made of one the font lacks": lambda: _unmapped_glyph_broken(
        REAL.read_bytes()
    ),
}


def _with_broken_font(mini, data: bytes) -> None:
    """The mini game with `data` as fonts/Broken.ttf, which its card titles are set in."""
    (mini.root / "fonts").mkdir()
    (mini.root / FILE).write_bytes(data)
    layouts = mini.root / "layouts" / "mini"
    layouts.mkdir(parents=True, exist_ok=True)
    (layouts / "faces.toml").write_text('[layouts.card.boxes.title]\nfont = "Broken"\n')


@pytest.mark.parametrize("damage", list(DAMAGED), ids=list(DAMAGED))
def test_a_font_reportlab_would_refuse_is_bad_input_at_its_file(cli, mini, damage):
    _with_broken_font(mini, DAMAGED[damage]())
    for command in (["check", "mini"], ["build", "mini", "--jobs", "1", "--paper", "letter"]):
        done = cli("--root", str(mini.root), *command)
        said = done.out + done.err
        assert done.code == 2, said
        located = [x for x in said.splitlines() if x.startswith(f"{FILE}:")]
        assert len(located) == 1 and located[0].startswith(f"{FILE}: font: "), said
        assert str(mini.root) not in located[0]
        assert "unknown font 'Broken'" not in said  # one problem, said once: at the file
        assert "Traceback" not in said and "internal error" not in said.lower()
        assert not (mini.root / "output").exists()


@pytest.mark.parametrize("font", sorted(p.name for p in SHIPPED.glob("*.ttf")))
def test_every_font_cardstock_ships_passes_the_probe(font):
    path = SHIPPED / font
    assert probe.problem(path.read_bytes(), path) is None


def test_the_same_font_laid_out_another_way_passes_the_probe():
    """Moving a table changes nothing ReportLab reads: the helper the damages are made
    with keeps a whole font usable."""
    moved = _glyf_last(REAL.read_bytes())
    assert probe.problem(moved, Path(FILE)) is None


def test_a_glyph_no_character_maps_to_is_read_as_shaping_would_draw_it():
    """The damaged glyph is no character's: a PDF subset of every character's glyph takes
    it whole, and only the glyphs shaping reaches, tried too, find it."""
    data = _unmapped_glyph_broken(REAL.read_bytes())
    face = TTFont("Unmapped", io.BytesIO(data)).face
    face.makeSubset(sorted(face.charToGlyph))  # every character's glyph: no error
    said = probe.problem(data, Path(FILE)) or ""
    assert said.startswith("the font cannot be used: the file is damaged or incomplete")


def test_outlines_cut_short_are_said_to_be_damaged_in_a_designers_words():
    said = probe.problem(_cut_in_outlines(REAL.read_bytes(), 0.5), Path(FILE)) or ""
    assert said.startswith("the font cannot be used: the file is damaged or incomplete")
    assert "unpack" not in said and "buffer" not in said and FILE not in said


def test_the_glyphs_are_read_a_chunk_at_a_time_each_once(monkeypatch):
    """Bounded: every glyph of the font is asked once, in chunks of at most
    `probe.CHUNK`, however many characters share a glyph, and whether or not one maps to
    it (the probe's own font gives such a glyph a private character)."""
    asked: list[list[int]] = []
    real = TTFont("Counted", REAL).face.__class__.makeSubset

    def counted(self, subset):
        asked.append([self.charToGlyph[c] for c in subset])
        return real(self, subset)

    monkeypatch.setattr(TTFont("Shape", REAL).face.__class__, "makeSubset", counted)
    monkeypatch.setattr(probe, "CHUNK", 100)
    assert probe.problem(REAL.read_bytes(), REAL) is None
    face = TTFont("Glyphs", REAL).face
    glyphs = [g for chunk in asked for g in chunk]
    assert all(len(chunk) <= 100 for chunk in asked)
    assert sorted(glyphs) == list(range(face.numGlyphs))
    assert len(set(face.charToGlyph.values())) < face.numGlyphs  # some no character's


# What the probe relies on ReportLab for. `makeSubset` is a public name of ReportLab's
# parsed face (`TTFont.face`), so it is none of the underscore internals
# tests/test_library_internals.py lists, but ReportLab's guide does not document it: these
# tests pin what `probe.problem` asks of it, so a ReportLab that changes it fails here by name.


def test_reportlab_subsets_a_font_as_the_glyphs_asked_the_glyphs_they_are_made_of_and_notdef():
    """`makeSubset`, given characters, returns the bytes of a TrueType font holding the
    missing glyph, the glyph each character maps to, and every glyph a composite one is made
    of: each of their outlines read from the file."""
    from fontTools.ttLib import TTFont as FontFile

    face = TTFont("Subset", REAL).face
    plain = sorted({ord(c) for c in "Deal 3 damage"})  # nine simple glyphs
    data = face.makeSubset(plain)
    assert isinstance(data, bytes) and data[:4] == b"\x00\x01\x00\x00"
    assert FontFile(io.BytesIO(data))["maxp"].numGlyphs == 1 + len(plain)

    whole = FontFile(REAL)
    glyf = whole["glyf"]

    def made_of(name: str) -> set[str]:
        glyph = glyf[name]
        parts = [c.glyphName for c in glyph.components] if glyph.isComposite() else []
        return {name}.union(*(made_of(part) for part in parts))

    half = made_of(whole.getBestCmap()[ord("\u00bd")])  # ½: a composite of three glyphs
    assert len(half) > 1
    subset = FontFile(io.BytesIO(face.makeSubset([ord("\u00bd")])))
    assert subset["maxp"].numGlyphs == 1 + len(half)


def test_reportlab_parses_a_font_cut_in_its_outlines_and_raises_when_a_subset_reads_one():
    """A file cut inside the outline of one glyph still parses (`TTFont`: the step a font is
    measured with); `makeSubset` raises for that glyph, and only for it: the second step,
    which `probe.problem` takes for every glyph a character maps to."""
    face = TTFont("Whole", REAL).face
    last = max(set(face.charToGlyph.values()), key=lambda g: face.glyphPos[g])
    (code, *_) = sorted(c for c, g in face.charToGlyph.items() if g == last)
    early = next(c for c, g in sorted(face.charToGlyph.items()) if g != last and g != 0)
    cut = TTFont("Cut", probe.named(_last_drawn_glyph_cut(REAL.read_bytes()), Path(FILE))).face
    assert cut.makeSubset([early])[:4] == b"\x00\x01\x00\x00"
    with pytest.raises(Exception):  # noqa: B017 - the probe takes any exception as damage
        cut.makeSubset([code])
    halfway = _cut_in_outlines(REAL.read_bytes(), 0.5)
    cut = TTFont("Halfway", probe.named(halfway, Path(FILE))).face
    with pytest.raises(Exception):  # noqa: B017 - the probe takes any exception as damage
        cut.makeSubset(sorted(cut.charToGlyph))


def test_a_pdf_embeds_a_truetype_font_through_the_makesubset_the_probe_asks(monkeypatch):
    """As a PDF is saved, `TTFont.addObjects` asks the parsed face's `makeSubset` for the
    characters drawn: the call the probe makes is the one that embeds a build's fonts."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfgen.canvas import Canvas

    face_class = TTFont("Shape", REAL).face.__class__
    real = face_class.makeSubset
    asked: list[int] = []

    def counted(self, subset):
        asked.extend(subset)
        return real(self, subset)

    monkeypatch.setattr(face_class, "makeSubset", counted)
    pdfmetrics.registerFont(TTFont("ProbeEmbedded", REAL))
    canvas = Canvas(io.BytesIO(), invariant=1)
    canvas.setFont("ProbeEmbedded", 12)
    canvas.drawString(40, 700, "Deal 3 damage")
    canvas.showPage()
    canvas.save()
    assert {ord(c) for c in "Deal 3 damage"} <= set(asked)


def test_a_variable_font_whose_variations_are_damaged_is_bad_input_at_its_file(cli, mini):
    """Its tables parse and its outlines embed; only cutting a named instance from it, as
    a build does for each instance it draws with, reads the variations."""
    from helpers_fonts import variable_font

    (mini.root / "fonts").mkdir()
    path = variable_font(mini.root / "fonts" / "Flex.ttf")
    path.write_bytes(_garbage(path.read_bytes(), ("gvar",)))
    layouts = mini.root / "layouts" / "mini"
    layouts.mkdir(parents=True, exist_ok=True)
    (layouts / "faces.toml").write_text('[layouts.card.boxes.title]\nfont = "Flex-Black"\n')
    done = cli("--root", str(mini.root), "check", "mini")
    assert done.code == 2, done.out + done.err
    (located,) = [x for x in done.err.splitlines() if x.startswith("fonts/Flex.ttf:")]
    assert located == (
        "fonts/Flex.ttf: font: the font cannot be used: the file is damaged or incomplete "
        "(its variations cannot be read to make its named instances)"
    )


def test_a_fonts_verdict_is_kept_by_its_bytes_and_not_probed_again(tmp_path, monkeypatch):
    """A large font is probed once: the next build in a new process reads the verdict the
    cache keeps for the file's bytes; other bytes under the same name are probed anew."""
    from cardstock import fonts
    from cardstock.core.cache import open_cache

    root = tmp_path / "project"
    (root / "fonts").mkdir(parents=True)
    font = root / FILE
    font.write_bytes(_cut_in_outlines(REAL.read_bytes(), 0.5))
    probed: list[str] = []
    real_problem = probe.problem

    def counted(data: bytes, path: Path) -> str | None:
        probed.append(path.name)
        return real_problem(data, path)

    monkeypatch.setattr(probe, "problem", counted)
    verdicts = []
    for _ in range(2):
        cache = open_cache(tmp_path / "cache")
        verdicts.append(fonts._font_problem(font, root, cache))
        cache.close()
    assert verdicts[0] is not None and verdicts[0] == verdicts[1]
    assert probed == ["Broken.ttf"]  # the second time, read from the cache
    font.write_bytes(REAL.read_bytes())
    cache = open_cache(tmp_path / "cache")
    assert fonts._font_problem(font, root, cache) is None
    cache.close()
    assert probed == ["Broken.ttf", "Broken.ttf"]
