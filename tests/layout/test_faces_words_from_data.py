"""The words a shipped game's faces print that its data states elsewhere — a group, a
field's label, an icon's label — are read from that data: renamed once in the game file,
or translated once in a language's `.po` file, they change on every face that prints them,
while the layout's own words (`per deck`, `keep face down`) stay the layout's.
"""

from __future__ import annotations

import re
from pathlib import Path

from conftest import copy_project, lay_out
from helpers_faces import drawn_text

from cardstock.catalog.pseudo import pseudo
from cardstock.catalog.variants import load_with_languages
from cardstock.layout.labels import layout_words


def faces(root: Path, game: str, lang: str | None = None) -> dict[str, str]:
    """Each component's front as a player reads it: its words, one space between lines."""
    variant = f"{game}-{lang}" if lang else game
    variants = {variant: (game, lang)} if lang else {}
    catalogs, issues = load_with_languages(root, [variant], None, variants, layout_words)
    assert not issues.errors, issues.errors
    (catalog,) = catalogs
    return {
        c.id: re.sub(r"\s+", " ", drawn_text(lay_out(catalog, c, "front").ops))
        for c in catalog.components
        if c.kind == "card"
    }


def accented(words: str) -> str:
    """Words as the pseudo-language accents them, without the padding and brackets it adds
    to the whole text they stand in."""
    return pseudo(words)[1:].split(" àé")[0]


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_a_group_renamed_in_the_game_file_is_renamed_on_its_faces(tmp_path: Path) -> None:
    root = copy_project(tmp_path, ("atmosfear", "alpha-omega-cards"))
    before = {g: faces(root, g) for g in ("atmosfear", "alpha-omega-cards")}
    assert "Key card · keep face down" in before["atmosfear"]["key-3"]
    edit(root / "catalog/atmosfear/game.toml", 'group = "Key"', 'group = "Vault"')
    game = root / "catalog/alpha-omega-cards/game.toml"
    edit(game, 'group = "Objective"', 'group = "Goal"')
    edit(game, 'group = "Calling"', 'group = "Vocation"')
    atmosfear, cards = faces(root, "atmosfear"), faces(root, "alpha-omega-cards")
    keys = [t for c, t in atmosfear.items() if c.startswith("key-")]
    assert len(keys) == 6 and all("Vault card · keep face down" in t for t in keys)
    objectives = [
        t
        for c, t in cards.items()
        if c in before["alpha-omega-cards"]
        and "Strength Balance of" in before["alpha-omega-cards"][c]
    ]
    assert objectives and all("Goal · reach a Strength Balance of" in t for t in objectives)
    assert not any("Objective · reach" in t for t in cards.values())
    callings = [
        t for c, t in before["alpha-omega-cards"].items() if "Calling" in t and "Mission:" in t
    ]
    renamed = [t for t in cards.values() if "Mission:" in t]
    assert callings and len(renamed) == len(callings)
    assert all(
        t.count("Vocation") == 1 and "Calling" not in t.split("Mission:")[0] for t in renamed
    )


def test_a_field_label_given_in_the_game_file_is_printed_on_its_faces(tmp_path: Path) -> None:
    root = copy_project(tmp_path, ("alpha-omega-cards",))
    game = root / "catalog/alpha-omega-cards/game.toml"
    edit(game, 'limit = { type = "int",', 'limit = { label = "Copies", type = "int",')
    edit(game, 'mission = { type = "text",', 'mission = { label = "Task", type = "text",')
    edit(game, 'benefit = { type = "text",', 'benefit = { label = "Reward", type = "text",')
    edit(game, 'setup = { type = "text",', 'setup = { label = "Before play", type = "text",')
    edit(game, 'points = 50, setup = ""', 'points = 50, setup = "Each player draws one more card."')
    edit(game, 'bearer = { type = "choice",', 'bearer = { label = "Carrier", type = "choice",')
    edit(game, 'roll = { type = "bool",', 'roll = { label = "Throw", type = "bool",')
    printed = faces(root, "alpha-omega-cards")
    assert re.search(r"(Supernatural|Human) carrier", printed["staff-of-moses"])
    assert "throw" in printed["peter"] and printed["peter"].count("roll") == 1  # its text's
    assert not any(re.search(r"(Supernatural|Human) bearer", t) for t in printed.values())
    limited = [t for t in printed.values() if " per deck" in t]
    assert limited and all(re.search(r"Copies \d+ per deck", t) for t in limited)
    assert not any("Limit" in t for t in printed.values())
    callings = [t for t in printed.values() if "Task:" in t]
    assert callings and all("Reward:" in t for t in callings)
    assert not any("Mission:" in t or "Benefit:" in t for t in printed.values())
    assert any("Before play:" in t for t in printed.values())
    assert not any("Setup:" in t for t in printed.values())


def test_an_icon_label_renamed_in_the_game_file_is_printed_on_its_faces(tmp_path: Path) -> None:
    root = copy_project(tmp_path, ("atmosfear", "vortex"))
    before = faces(root, "vortex")
    assert all(
        "Reason · Fire · Repulsion · Attack" in before[c]
        for c in before
        if c in {"novice-tidecaller", "harbor-catechist"}
    )
    edit(root / "catalog/vortex/game.toml", 'label = "Repulsion"', 'label = "Ward"')
    edit(root / "catalog/atmosfear/game.toml", 'label = "Red Realm"', 'label = "Crimson Realm"')
    vortex, atmosfear = faces(root, "vortex"), faces(root, "atmosfear")
    devotees = [t for c, t in before.items() if "Reason · Fire · Repulsion · Attack" in t]
    legends = [t for t in vortex.values() if "Reason · Fire · Ward · Attack" in t]
    assert devotees and len(legends) == len(devotees)
    red = [t for c, t in atmosfear.items() if c.startswith("red-")]
    assert len(red) == 12 and all("Crimson Realm" in t and "Red Realm" not in t for t in red)


def test_a_french_face_prints_the_group_and_realm_as_the_translation_gives_them(
    tmp_path: Path,
) -> None:
    root = copy_project(tmp_path, ("atmosfear",))
    po = root / "catalog/atmosfear/translations/fr.po"
    shipped = faces(root, "atmosfear", "fr")
    assert "Carte Clé · face cachée" in shipped["key-2"]
    assert "Royaume rouge" in shipped["red-fear"]
    group = 'msgctxt "set.keys.group"\nmsgid "Key"\nmsgstr '
    edit(po, group + '"Clé"', group + '"Coffre"')
    edit(
        po,
        'msgid "Red Realm"\nmsgstr "Royaume rouge"',
        'msgid "Red Realm"\nmsgstr "Royaume écarlate"',
    )
    french = faces(root, "atmosfear", "fr")
    keys = [t for c, t in french.items() if c.startswith("key-")]
    assert len(keys) == 6 and all("Carte Coffre · face cachée" in t for t in keys)
    red = [t for c, t in french.items() if c.startswith("red-")]
    assert len(red) == 12 and all("Royaume écarlate" in t for t in red)
    assert not any("Realm" in t for t in french.values())


def test_a_face_says_its_choices_and_labels_in_the_editions_language(tmp_path: Path) -> None:
    """The pseudo-language stands in for any translation: each choice value a type line
    prints is the language's (`said`), and so is each field label a box names (`labels`)."""
    root = copy_project(tmp_path, ("vortex", "alpha-omega-cards"))
    rogations = faces(root, "vortex", "qps")
    assert pseudo("more") in rogations["procession"], rogations["procession"]
    cards = faces(root, "alpha-omega-cards", "qps")
    assert pseudo("Person") in cards["peter"] and pseudo("Human") in cards["peter"]
    assert pseudo("Human") in cards["staff-of-moses"], cards["staff-of-moses"]
    callings = [t for t in cards.values() if pseudo("Mission") in t]
    assert callings and all(pseudo("Benefit") in t for t in callings)
    assert not any("Mission:" in t or "Benefit:" in t for t in cards.values())
    assert pseudo("while that Person card stays in play") in " ".join(callings)
    offensive = [t for t in cards.values() if pseudo("Offensive") in t]
    assert offensive and not any(" Offensive " in t for t in cards.values())


def test_the_gatekeepers_line_is_the_hierarchy_tables_word_for_it(tmp_path: Path) -> None:
    """`cell(table, row, column)`: a table's word, as the edition's language prints it."""
    root = copy_project(tmp_path, ("atmosfear",))
    assert "Beats every card" in faces(root, "atmosfear")["gatekeeper"]
    assert "Bat toutes les cartes" in faces(root, "atmosfear", "fr")["gatekeeper"]
    edit(root / "catalog/atmosfear/game.toml", '"beats every card"', '"outranks all others"')
    po = root / "catalog/atmosfear/translations/fr.po"
    edit(
        po,
        'msgid "beats every card"\nmsgstr "bat toutes les cartes"',
        'msgid "outranks all others"\nmsgstr "surpasse toutes les autres"',
    )
    assert "Outranks all others" in faces(root, "atmosfear")["gatekeeper"]
    assert "Surpasse toutes les autres" in faces(root, "atmosfear", "fr")["gatekeeper"]


def test_a_vortex_cards_colours_are_said_as_their_icons_are(tmp_path: Path) -> None:
    """The turn order a Vortex card prints is its colours' icon labels, in any language,
    and its own words (its title, its line) are a text a translation gives."""
    root = copy_project(tmp_path, ("vortex",))
    assert "Blue → Green → Red → Yellow" in faces(root, "vortex")["vortex-bgry"]
    edit(root / "catalog/vortex/game.toml", 'label = "Blue"', 'label = "Azure"')
    printed = faces(root, "vortex")
    assert "Azure → Green → Red → Yellow" in printed["vortex-bgry"]
    assert "Yellow → Red → Azure → Green" in printed["vortex-yrbg"]
    pseudo_faces = faces(root, "vortex", "qps")
    plain, lull = pseudo_faces["vortex-bgry"], pseudo_faces["vortex-bgyr-lull"]
    assert pseudo("Vortex") in plain and accented("Turn order this round") in plain
    assert accented("Vortex · special rule · turn order this round") in lull
    assert pseudo("Green") in plain and " Green " not in plain
    frenzy = pseudo_faces["open-vessel"]
    assert accented("+1 Frenzy") in frenzy and " Frenzy" not in frenzy
