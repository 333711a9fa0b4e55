"""A card's own work is only what differs on it: a value that names a field, or a condition
that tests one, is read from the card without a template context; the print-safety check
of a box proves what it can from the box as a whole (inside the safe line, on one ground)
and finds exactly what measuring every run would; a `--only pnp` build lays out each face
once. The tests count calls and compare findings, never a time."""

from __future__ import annotations

from collections import Counter

from helpers_generated import generated_catalog, generated_game

from cardstock.build import build as run_build
from cardstock.core.cache import memory_cache
from cardstock.core.stage import BuildOptions
from cardstock.core.templating import BoundedSandbox
from cardstock.layout import context
from cardstock.layout import faces as faces_module
from cardstock.layout.faces import Faces
from cardstock.layout.safety import measures as printsafe
from cardstock.plan import Request

N = 12

# A style that reads badly: grey on grey, a title pushed out of the safe zone.
LOW_CONTRAST = """\
[theme]
paper = "#9a9a9a"

[styles.body]
color = "#7a7a7a"

[layouts.card.boxes.title]
color = "#a0a0a0"
top = "-3mm"
valign = "top"

[layouts.card.boxes.type_line]
color = "#cccccc"
"""


def _game(tmp_path, faces_toml: str | None = None):
    return generated_catalog(tmp_path, N, faces_toml)


def _found(cat) -> list[tuple[object, ...]]:
    faces = Faces(cat, memory_cache())
    return [(c.id, side, f.findings, f.notes) for c, side, f in faces.each()]


def _measuring_every_run(monkeypatch) -> None:
    """The print-safety check without its proofs: each run measured where it lies."""
    monkeypatch.setattr(printsafe, "_clear", lambda geo, box: False)
    monkeypatch.setattr(printsafe, "uniform", lambda below, box: printsafe.MIXED)


def test_a_low_contrast_style_finds_what_measuring_every_run_finds(tmp_path, monkeypatch):
    cat = _game(tmp_path, LOW_CONTRAST)
    proved = _found(cat)
    assert any("below the 4.5:1" in i.message for _, _, found, _ in proved for i in found)
    assert any("outside the safe zone" in i.message for _, _, found, _ in proved for i in found)
    _measuring_every_run(monkeypatch)
    assert _found(cat) == proved


def test_the_shipped_card_finds_what_measuring_every_run_finds(tmp_path, monkeypatch):
    cat = _game(tmp_path)
    proved = _found(cat)
    _measuring_every_run(monkeypatch)
    assert _found(cat) == proved


def test_a_text_on_one_ground_is_not_measured_run_by_run(tmp_path, monkeypatch):
    cat = _game(tmp_path)
    measured: Counter[int] = Counter()
    real = printsafe.least_contrast

    def least_contrast(mark, below):
        measured[id(mark)] += 1
        return real(mark, below)

    monkeypatch.setattr(printsafe, "least_contrast", least_contrast)
    _found(cat)
    # every text of the shipped card lies on one colour: its title band, its panel
    assert sum(measured.values()) == 0


def test_a_field_reference_or_a_one_name_condition_never_enters_jinja(tmp_path, monkeypatch):
    cat = _game(tmp_path)
    compiled: set[str] = set()
    real = BoundedSandbox.compiled

    def spy(self, kind, text):
        if kind in ("t", "e"):  # rendered or evaluated ("n": the names a text reads, once)
            compiled.add(text)
        return real(self, kind, text)

    monkeypatch.setattr(BoundedSandbox, "compiled", spy)
    monkeypatch.setattr(context, "_REMEMBERED", {})  # nothing rendered by an earlier test
    faces = Faces(cat, memory_cache())
    assert len(list(faces.each())) == 2 * N
    # the shipped card's field references and one-name conditions are read from the card
    for text in ("{{ name }}", "{{ stat.value }}", "{{ version_mark }}", "{{ back.title }}"):
        assert text not in compiled
    for condition in ("accent_icon", "stat is not none", "game.qr", "back.subtitle"):
        assert condition not in compiled
    # a plain value is no template at all
    assert not any("{{" not in t and "{%" not in t and " " not in t for t in compiled)
    # what needs Jinja still goes through it: a helper's call, a loop
    assert "{{ tint(accent, 0.82) }}" in compiled or "{{ readable(accent) }}" in compiled


def test_a_pnp_build_lays_out_each_face_once(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    generated_game(tmp_path, N)
    laid: Counter[tuple[str, str]] = Counter()
    real = faces_module._lay_out

    def lay_out(st, record, side, bleed):
        face = real(st, record, side, bleed)
        component = record.shown.component
        if face is not None:
            key = (component.id if side == "front" else f"back {component.back}", side)
            laid[key] += 1
        return face

    monkeypatch.setattr(faces_module, "_lay_out", lay_out)
    out = tmp_path / "output"
    options = BuildOptions(out=out, papers=("letter",), only=frozenset({"pnp"}))
    run_build(Request(tmp_path, (), options, jobs=1))
    assert (out / "gen" / "gen-pnp-letter.pdf").is_file()
    assert len(laid) == N + 1  # every front, and the back the cards share
    assert set(laid.values()) == {1}


def test_a_template_is_rendered_once_for_each_set_of_values_it_reads(tmp_path, monkeypatch):
    cat = _game(tmp_path)
    rendered: Counter[str] = Counter()
    real = BoundedSandbox.compiled

    def spy(self, kind, text):
        if kind == "t":
            rendered[text] += 1
        return real(self, kind, text)

    monkeypatch.setattr(BoundedSandbox, "compiled", spy)
    monkeypatch.setattr(context, "_REMEMBERED", {})  # nothing rendered by an earlier test
    faces = Faces(cat, memory_cache())
    assert len(list(faces.each())) == 2 * N
    # the art's frame on every card reads the accent alone, the same on every card
    assert rendered["{{ tint(accent, 0.45) }}"] == 1
    # the body reads each card's text and facts: rendered once for each distinct pair (the
    # generated cards deal i % 5 + 1 damage and have strength i % 10)
    body = next(t for t in rendered if t.startswith("{% for t in texts %}"))
    assert rendered[body] == len({(i % 5, i % 10) for i in range(N)}) > 5
