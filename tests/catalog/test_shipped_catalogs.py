"""The five shipped catalogs load and hold what their rulebooks promise."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from conftest import GAMES, ROOT


@pytest.fixture(scope="module")
def catalogs():
    from conftest import load_games

    cats, issues = load_games(ROOT)
    assert not issues, "\n".join(i.render() for i in issues)
    return {c.id: c.public() for c in cats}


def groups(data) -> Counter:
    out: Counter = Counter()
    for c in data["components"]:
        out[c["group"]] += c["count"]
    return out


def test_all_five_games_ship_and_validate(catalogs):
    assert sorted(catalogs) == list(GAMES)


def test_every_game_marks_its_designer_choices(catalogs):
    for gid, data in catalogs.items():
        assert data["designer_choices"], gid
        assert any(c["designer_choice"] for c in data["components"]), gid


def test_catalog_json_from_the_command_line(cli):
    result = cli("--root", str(ROOT), "catalog", "atmosfear", "--json")
    assert result.code == 0
    data = json.loads(result.out)
    assert data["id"] == "atmosfear" and data["title"] == "Atmosfear: The Card Game"


def test_alpha_omega_tiles_has_the_73_tiles_exactly_as_listed(catalogs):
    data = catalogs["alpha-omega-tiles"]
    assert data["totals"]["by_kind"]["tile"] == 73
    g = groups(data)
    assert g["Snake"] == 1
    for element in ("Air", "Earth", "Fire", "Water"):
        assert g[f"Element: {element}"] == 15
    assert g["Special: Minus Two"] == 2 and g["Special: Switch"] == 2 and g["Transformation"] == 8
    transform = Counter()
    for c in data["components"]:
        if c["group"] == "Transformation":
            transform[c["fields"]["element"]] += c["count"]
    assert transform == {"Air": 2, "Earth": 2, "Fire": 2, "Water": 2}


def test_alpha_omega_tiles_borders_show_the_opposing_element(catalogs):
    opposite = {"Fire": "Water", "Water": "Fire", "Earth": "Air", "Air": "Earth"}
    for c in catalogs["alpha-omega-tiles"]["components"]:
        if c["kind"] == "tile" and c["fields"].get("tile_type") == "Element":
            assert c["fields"]["border"] == opposite[c["fields"]["element"]], c["id"]


def test_alpha_omega_tiles_has_two_pawns_per_player_for_four_players(catalogs):
    data = catalogs["alpha-omega-tiles"]
    assert data["players"] == {"min": 2, "max": 4}
    pawns = [c for c in data["components"] if c["kind"] == "pawn"]
    assert len(pawns) == 4 and all(c["count"] == 2 for c in pawns)
    assert len({c["fields"]["icon"] for c in pawns}) == 4  # a distinct symbol per colour


def test_atmosfear_has_the_gatekeeper_six_realms_of_twelve_six_keys_and_three_dice(catalogs):
    data = catalogs["atmosfear"]
    g = groups(data)
    assert g["Gatekeeper"] == 1
    realms = [k for k in g if k.startswith("Realm: ")]
    assert len(realms) == 6 and all(g[r] == 12 for r in realms)
    assert sum(g[r] for r in realms) + g["Gatekeeper"] == 73
    keys = sorted(c["fields"]["keys"] for c in data["components"] if c["group"] == "Key")
    assert keys == [1, 2, 3, 4, 5, 6]
    assert data["totals"]["by_kind"]["card"] == 73 + 6
    assert {c["name"] for c in data["components"] if c["kind"] == "die"} == {
        "Duel Die",
        "Ruling Die",
        "Symbol Die",
    }
    for realm in realms:
        cards = [c for c in data["components"] if c["group"] == realm]
        assert sorted(c["fields"]["rank"] for c in cards) == list(range(1, 13))
        assert [c["fields"]["type"] for c in sorted(cards, key=lambda c: c["fields"]["rank"])] == [
            "Fear"
        ] + ["Action"] * 5 + ["Character"] * 6
        crowned = [c for c in cards if c["fields"]["crown"]]
        assert len(crowned) == 1 and crowned[0]["fields"]["rank"] == 12


def test_vortex_has_its_four_decks_of_devotees_and_the_shared_decks(catalogs):
    data = catalogs["vortex"]
    for colour in ("Blue", "Green", "Red", "Yellow"):
        devotees = [
            c
            for c in data["components"]
            if c["set"] == "devotees" and c["fields"]["color"] == colour
        ]
        assert sum(c["count"] for c in devotees) == 24, colour
        for c in devotees:
            assert {"reason", "fire", "repulsion", "attack"} <= set(c["fields"])
            assert all(
                isinstance(c["fields"][k], int) for k in ("reason", "fire", "repulsion", "attack")
            )
    by_set = Counter()
    for c in data["components"]:
        by_set[c["set"]] += c["count"]
    assert by_set["devotees"] == 96
    assert by_set["vortex-cards"] == 48 and by_set["rogations"] == 48 and by_set["frenzies"] == 50
    names = {c["name"] for c in data["components"] if c["set"] == "rogations"}
    assert {"Bacchanalia", "Burial Rites", "Rally"} <= names


def test_alter_ego_has_every_kind_of_component_the_rulebook_lists(catalogs):
    data = catalogs["alter-ego"]
    g = groups(data)
    assert len([k for k in g if k.startswith("Hero: ")]) == 5
    assert len([k for k in g if k.startswith("Arch Villain: ")]) == 3
    assert len([k for k in g if k.startswith("CIV: ")]) == 3
    for group in (
        "Alter Ego: Family",
        "Alter Ego: Job",
        "Alter Ego: Community",
        "Henchmen",
        "Nemesis",
        "Equipment",
        "Teamwork tokens",
        "Cop tokens",
    ):
        assert g[group] > 0, group
    # 4 of each Alter Ego card per player at the largest player count, with some left over
    most = data["players"]["max"]
    for kind in ("Family", "Job", "Community"):
        assert g[f"Alter Ego: {kind}"] > 4 * most
    assert g["Nemesis"] >= most


def test_alpha_omega_cards_has_its_four_decks_tokens_and_die(catalogs):
    g = groups(catalogs["alpha-omega-cards"])
    for group in ("Good", "Opponent", "Objective", "Calling"):
        assert g[group] > 0, group
    assert g["Damage tokens"] > 0
    assert [
        c["fields"]["faces"]
        for c in catalogs["alpha-omega-cards"]["components"]
        if c["kind"] == "die"
    ] == [["1", "2", "3", "4", "5", "6"]]


@pytest.mark.parametrize(
    "name, group, strength, icon",
    [
        # values stated or implied by the rulebook's example of play
        ("Azrael", "Good", 7, "cloud"),
        ("Michael", "Good", 7, "cloud"),
        ("Camael", "Good", 4, "cloud"),
        ("Ambriel", "Good", 4, "cloud"),
        ("Uriel", "Good", 6, "cloud"),
        ("Abigor", "Opponent", 7, "fire"),
        ("Agares", "Opponent", 5, "fire"),
        ("Paimon", "Opponent", 5, "fire"),
        ("Adramalech", "Opponent", 5, "fire"),
        ("Black Blade", "Opponent", 3, "spade"),
    ],
)
def test_alpha_omega_cards_carry_the_strengths_of_the_example_of_play(
    catalogs, name, group, strength, icon
):
    (card,) = [
        c
        for c in catalogs["alpha-omega-cards"]["components"]
        if c["name"] == name and c["group"] == group
    ]
    assert card["fields"]["strength"] == strength
    assert card["fields"]["icon"] == icon


def test_alpha_omega_cards_publish_copy_limits_and_the_achievement_table(catalogs):
    data = catalogs["alpha-omega-cards"]
    (trinity,) = [c for c in data["components"] if c["name"] == "Holy Trinity"]
    assert trinity["fields"]["limit"] == 1
    azrael = next(c for c in data["components"] if c["name"] == "Azrael")
    assert azrael["fields"]["bonus_damage"] == 1
    assert [row[1] for row in data["tables"]["achievement"]["rows"]] == [2, 1, 3, 1, 3, 5]
    for c in data["components"]:
        if c["group"] in ("Good", "Opponent"):
            assert c["fields"]["limit"] >= c["count"], c["id"]
