"""A component resolved once into the record its faces print (`catalog.resolve`): its
texts rendered for each side, its QR code cut where the version goes, and one record for
all the faces of a component."""

from __future__ import annotations

from collections import Counter

from conftest import GameCopy, load_games

from cardstock.catalog import resolve as resolve_module
from cardstock.catalog.load import Catalog
from cardstock.catalog.printing import ComponentPrint
from cardstock.catalog.resolve import resolve
from cardstock.catalog.schema import Component
from cardstock.core.cache import memory_cache
from cardstock.core.templating import BoundedSandbox
from cardstock.layout.context import make_env, version_code
from cardstock.layout.faces import Faces


def test_a_text_field_that_is_a_template_is_rendered_for_each_side(mini: GameCopy) -> None:
    mini.replace("cards.csv", "Heal 2.", "Heal 2 ({{ side }} of {{ name }}).")
    (catalog,), _ = load_games(mini.root, ["mini"])
    spring = next(c for c in catalog.components if c.id == "spring")
    record = resolve(catalog, spring, {}, make_env())
    assert record.sides["front"].texts["text"] == "Heal 2 (front of Spring)."
    assert record.sides["back"].texts["text"] == "Heal 2 (back of Spring)."
    assert record.sides["front"].problems == ()


def test_a_text_that_cannot_be_rendered_is_kept_as_written_and_reported(mini: GameCopy) -> None:
    mini.replace("cards.csv", "Heal 2.", "Heal {{ nowhere }}.")
    (catalog,), _ = load_games(mini.root, ["mini"])
    spring = next(c for c in catalog.components if c.id == "spring")
    side = resolve(catalog, spring, {}, make_env()).sides["front"]
    assert side.texts["text"] == "Heal {{ nowhere }}."
    assert [(p.field, p.bad_input) for p in side.problems] == [("text", True)]


def test_the_qr_code_of_a_record_is_its_pattern_with_the_faces_digits(mini: GameCopy) -> None:
    mini.append(
        "game.toml", '\n[playtest]\ncode = "https://example.org/f?g={game}&c={card}&v={version}"\n'
    )
    (catalog,), _ = load_games(mini.root, ["mini"])
    ember = next(c for c in catalog.components if c.id == "ember")
    record = resolve(catalog, ember, {}, make_env())
    assert version_code(record, "abc123ffff") == "https://example.org/f?g=mini&c=ember&v=abc123"
    assert version_code(record).endswith("&v=000000")


def resolves_counted(monkeypatch) -> Counter[str]:
    """How many times each component is resolved from now on, by its id."""
    made: Counter[str] = Counter()

    def counting(
        catalog: Catalog, comp: Component, theme: dict[str, str], env: BoundedSandbox
    ) -> ComponentPrint:
        made[comp.id] += 1
        return resolve(catalog, comp, theme, env)

    monkeypatch.setattr(resolve_module, "resolve", counting)
    return made


def test_every_face_of_a_component_is_drawn_from_one_record(mini: GameCopy, monkeypatch) -> None:
    (catalog,), _ = load_games(mini.root, ["mini"])
    made = resolves_counted(monkeypatch)
    faces = Faces(catalog, memory_cache())
    drawn = [(comp.id, side) for comp, side, _ in faces.each()]
    assert any(side == "back" for _, side in drawn)
    assert made == Counter(c.id for c in catalog.components)


def test_a_game_whose_faces_are_kept_resolves_each_component_once_for_every_stage(
    mini: GameCopy, monkeypatch
) -> None:
    (catalog,), _ = load_games(mini.root, ["mini"])
    made = resolves_counted(monkeypatch)
    faces = Faces(catalog, memory_cache())
    assert faces.retain
    for _stage in range(3):  # each stage walks the game's records again
        assert len(list(faces.records.each())) == len(catalog.components)
    assert made == Counter(c.id for c in catalog.components)


def test_records_past_their_limit_keep_only_the_last_ones(mini: GameCopy, monkeypatch) -> None:
    (catalog,), _ = load_games(mini.root, ["mini"])
    made = resolves_counted(monkeypatch)
    records = resolve_module.Records(catalog, {}, make_env(), kept=1)
    for _stage in range(2):
        list(records.each())
    assert len(catalog.components) > 1
    assert made == Counter({c.id: 2 for c in catalog.components})


def test_each_face_of_a_record_gets_its_own_copy_of_what_templates_may_change(
    mini: GameCopy,
) -> None:
    from cardstock.layout.context import face_context

    (catalog,), _ = load_games(mini.root, ["mini"])
    ember = next(c for c in catalog.components if c.id == "ember")
    record = resolve(catalog, ember, {"accent": "#123456"}, make_env())
    front, _ = face_context(catalog, record, {"accent": "#123456"}, "front")
    front["theme"]["accent"] = "#000000"  # what a template's `theme.update(...)` does
    front["fields"]["text"] = "changed"
    front["said"]["suit"] = "changed"
    back, _ = face_context(catalog, record, {"accent": "#123456"}, "back")
    assert back["theme"]["accent"] == "#123456"
    assert back["fields"]["text"] == "Deal 1 damage. :fire:"
    assert back["said"]["suit"] == "Fire"
