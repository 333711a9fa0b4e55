"""The rule words a game is read by (`rule_words.toml`): the opposites a fact's words are
told from (and the mutation test turns round), the columns a player never reads, the key
paths a player does. The facts, the card-text check and the mutation test read it alike; it
is no part of the mutation test's room, which no build loads (`rules.mutation`)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from ..core.files import read_text

WORDS_FILE = Path(__file__).with_name("rule_words.toml")


def vocabulary() -> dict[str, Any]:
    """`rule_words.toml`: the opposites, the hidden columns, the visible key paths."""
    return tomllib.loads(read_text(WORDS_FILE, None))
