"""`<game>-printed.json` is written a card at a time (`printed_json`), byte for byte what
`json.dumps` makes of the whole document (`printed`)."""

from __future__ import annotations

import json

from conftest import load_games
from helpers_generated import generated_game

from cardstock.core.cache import memory_cache
from cardstock.layout import fingerprints as printed_module
from cardstock.layout.faces import Faces
from cardstock.layout.fingerprints import printed, printed_json


def _whole(faces: Faces) -> bytes:
    doc = printed(faces)
    return (json.dumps(doc, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode()


def test_the_pieces_are_the_whole_document(tmp_path, monkeypatch):
    monkeypatch.setattr(printed_module, "DRAWN_MAX", 3)  # the shared back read again, too
    generated_game(tmp_path, 25)
    (cat,), issues = load_games(tmp_path, ["gen"])
    assert not issues.errors
    faces = Faces(cat, memory_cache())
    assert b"".join(printed_json(faces)) == _whole(faces)


def test_a_game_of_no_cards_is_an_empty_document(tmp_path):
    generated_game(tmp_path, 1)
    (cat,), issues = load_games(tmp_path, ["gen"])
    assert not issues.errors
    cat.components.clear()
    faces = Faces(cat, memory_cache())
    assert b"".join(printed_json(faces)) == _whole(faces)
