"""A rules entry whose kind is written as a table (or a list) instead of a name is a located
message with exit 2, never an internal error (a fact kind written as `{ a = 1 }` is not
a `TypeError: unhashable type: 'dict'`)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "old, new, message",
    [
        (
            '[[facts]]\nkind = "table"\nid = "crusade-numbers"',
            '[[facts]]\nkind = { a = 1 }\nid = "crusade-numbers"',
            "facts[7].kind: a fact kind is a name, not a table or a list; expected one of card, "
            "table, strongest, value, players, per_player, restates, terms, rule, deck, faces, "
            "typed, prose, names, face_shows, listed",
        ),
        (
            '[[facts]]\nkind = "table"\nid = "crusade-numbers"',
            '[[facts]]\nkind = ["table"]\nid = "crusade-numbers"',
            "facts[7].kind: a fact kind is a name, not a table or a list; expected one of card, "
            "table, strongest, value, players, per_player, restates, terms, rule, deck, faces, "
            "typed, prose, names, face_shows, listed",
        ),
    ],
)
def test_a_kind_that_is_not_a_name_is_a_located_message(shipped, cli, old, new, message):
    game = shipped("vortex")
    game.replace("rules.toml", old, new)
    result = cli("--root", str(game.root), "check", "vortex", "--runs", "5")
    assert result.code == 2, result.err
    assert "internal error" not in result.err
    first = result.err.splitlines()[0]
    assert first.startswith("catalog/vortex/rules.toml:") and first.endswith(message), first
