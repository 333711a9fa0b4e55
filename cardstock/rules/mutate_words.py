"""The words the mutation test reads a game by (`mutate_words.toml`): the opposites it
turns round, the columns a player never reads, the key paths a player does. The card-text
check reads the hidden columns too; from here it does so without loading the test's text
regions (`rules.player_texts`), which a build loads only to list the texts a
player reads."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from ..core.files import read_text

WORDS_FILE = Path(__file__).with_name("mutate_words.toml")


def vocabulary() -> dict[str, Any]:
    """`mutate_words.toml`: the opposites, the hidden columns, the visible key paths."""
    return tomllib.loads(read_text(WORDS_FILE, None))
