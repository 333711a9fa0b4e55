"""The layout step lays out every face of a game once, before the rules check; the checks
that read faces (print safety, colour vision) read what it kept and lay out nothing
themselves, and a PnP build's stage draws the faces the step made."""

from __future__ import annotations

from collections import Counter

from conftest import load_games
from helpers_generated import generated_game

from cardstock import build as build_module
from cardstock.build import build
from cardstock.core.cache import open_cache
from cardstock.core.stage import BuildOptions, Job
from cardstock.layout import faces as faces_module
from cardstock.layout.faces import Faces
from cardstock.layout.step import lay_out, was_laid_out
from cardstock.plan import Request
from cardstock.rules.report import check_game, provided
from cardstock.stages import CHECKS

CARDS = 24


def counted_layouts(monkeypatch) -> Counter:
    """From now on, how often each face (component id, side, bleed) is laid out."""
    laid: Counter = Counter()
    real = faces_module._lay_out

    def counting(st, record, side, bleed):
        laid[(record.shown.component.id, side, bleed)] += 1
        return real(st, record, side, bleed)

    monkeypatch.setattr(faces_module, "_lay_out", counting)
    return laid


def test_the_step_lays_out_each_face_once_and_the_checks_that_read_faces_lay_out_none(
    tmp_path, monkeypatch
):
    generated_game(tmp_path, CARDS)
    (cat,), issues = load_games(tmp_path, ["gen"])
    assert not issues.errors
    faces = Faces(cat, open_cache(tmp_path / "cache"))
    job = Job(cat, faces)
    laid = counted_layouts(monkeypatch)
    assert not was_laid_out(faces)
    lay_out(job)
    assert was_laid_out(faces)
    # every front, and the deck back the cards share (laid out once, for the first card)
    assert set(laid.values()) == {1}
    assert len(laid) == CARDS + 1 == faces.laid_out
    before = (faces.laid_out, faces.from_cache)
    report = check_game(job, CHECKS)
    assert (faces.laid_out, faces.from_cache) == before  # the checks laid out nothing
    ran = {c.provider for c in report.checks}
    assert {"print-safety", "colour-vision"} <= ran
    assert lay_out(job) is lay_out(job) is faces.step  # once a game and build, on its faces


def test_the_step_is_kept_on_its_faces_so_new_faces_are_laid_out_again(tmp_path, monkeypatch):
    generated_game(tmp_path, CARDS)
    (cat,), _issues = load_games(tmp_path, ["gen"])
    cache = open_cache(tmp_path / "cache")
    first = Faces(cat, cache)
    kept = lay_out(Job(cat, first))
    assert first.step is kept
    again = Faces(cat, cache)  # a `--watch` build's faces: the step runs for them
    assert not was_laid_out(again)
    laid = counted_layouts(monkeypatch)
    assert lay_out(Job(cat, again)) is not kept and was_laid_out(again)
    assert not laid and again.from_cache == CARDS + 1  # read back, not laid out again
    assert first.step is kept  # the first faces keep their own


def test_a_plain_check_runs_the_step_once_for_both_checks_that_read_faces(tmp_path, monkeypatch):
    generated_game(tmp_path, CARDS)
    (cat,), _issues = load_games(tmp_path, ["gen"])
    faces = Faces(cat, open_cache(tmp_path / "cache"))
    laid = counted_layouts(monkeypatch)
    report = check_game(Job(cat, faces), CHECKS)
    assert was_laid_out(faces)
    assert set(laid.values()) == {1} and len(laid) == CARDS + 1
    assert [c.provider for c in report.checks if c.provider] == [p.name for p in provided(CHECKS)]


def test_a_pnp_build_lays_out_each_face_once_in_the_step_before_its_check(tmp_path, monkeypatch):
    generated_game(tmp_path, CARDS)
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    laid = counted_layouts(monkeypatch)
    at_check: list[tuple[bool, int]] = []
    real_check = build_module.check_game

    def checking(job, *args, **kwargs):
        at_check.append((was_laid_out(job.faces), sum(laid.values())))
        return real_check(job, *args, **kwargs)

    monkeypatch.setattr(build_module, "check_game", checking)
    out = tmp_path / "out"
    options = BuildOptions(out=out, papers=("letter",), only=frozenset({"pnp"}))
    outcome = build(Request(tmp_path, (), options, jobs=1))
    assert (out / "gen" / "gen-pnp-letter.pdf").is_file()
    # the faces were all laid out by the step, before the check began
    assert at_check == [(True, CARDS + 1)]
    # ... and neither the check nor the PnP stage laid any out again
    assert set(laid.values()) == {1} and len(laid) == CARDS + 1
    assert outcome.laid_out == {"gen": CARDS + 1}
