"""Each stage declares the build options it reads (`Stage.options`, as a Sphinx builder
declares its config values), and its key holds exactly those: every stage, run with its
options traced, reads no option it does not declare; an option a stage does not read
leaves its key, and so what it made, alone."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from conftest import load_games, stage
from golden.snapshot import project

from cardstock.core.stage import ASKED, BuildOptions
from cardstock.plan import Keys
from cardstock.stages import STAGES

FIELDS = frozenset(f.name for f in dataclasses.fields(BuildOptions))
# builds that reach every branch an option decides in the fixture game's stages
ASKED_WITH: list[dict[str, Any]] = [
    {},
    {
        "large_print": True,
        "card_words": True,
        "reading_font": "atkinson-hyperlegible",
        "guides": True,
        "cvd": True,
        "gutterfold": True,
    },
    {
        "services": ("mpc", "tgc"),
        "cut": "silhouette",
        "cmyk": True,
        "tts_base_url": "https://example.org/cards/",
        "duplex": "short",
    },
    {"duplex": "none", "select_sets": ("deck",), "pages": (1,)},
]


class Traced(BuildOptions):
    """Build options that note each one a stage reads."""

    def __getattribute__(self, name: str) -> Any:
        if name in FIELDS:
            object.__getattribute__(self, "__dict__").setdefault("_read", set()).add(name)
        return super().__getattribute__(name)


@pytest.fixture(scope="module")
def read(tmp_path_factory: pytest.TempPathFactory) -> dict[str, set[str]]:
    """The options each stage read, over the builds of `ASKED_WITH`."""
    root = project(tmp_path_factory.mktemp("traced") / "p")
    (catalog,), _ = load_games(root, ["mini"])
    out: dict[str, set[str]] = {}
    for n, asked in enumerate(ASKED_WITH):
        for s in STAGES:
            options = Traced(out=root / f"out-{n}", **asked)
            try:
                stage(s.name)(catalog, options, root)
            except Exception:  # noqa: BLE001 - a stage asked without what it needs
                pass  # (the changelog with no versions, the reprint with none): what it read counts
            out.setdefault(s.name, set()).update(options.__dict__.get("_read", set()))
    return out


@pytest.mark.parametrize("name", [s.name for s in STAGES])
def test_a_stage_reads_no_option_it_does_not_declare(name: str, read: dict[str, set[str]]):
    declared = next(s for s in STAGES if s.name == name).options
    assert read[name] - ASKED - set(declared) == set()


def test_every_declared_option_is_a_build_option():
    assert {o for s in STAGES for o in s.options} <= FIELDS - ASKED


def test_an_option_a_stage_does_not_read_leaves_its_key_alone(tmp_path: Path):
    keys = Keys(tmp_path, BuildOptions(out=tmp_path / "out"))
    dpi = Keys(tmp_path, BuildOptions(out=tmp_path / "out", dpi=600))
    pnp = next(s for s in STAGES if s.name == "pnp")
    cards = next(s for s in STAGES if s.name == "cards")
    assert keys.unit(None, "pnp", pnp.options) == dpi.unit(None, "pnp", pnp.options)
    assert keys.unit(None, "cards", cards.options) != dpi.unit(None, "cards", cards.options)
