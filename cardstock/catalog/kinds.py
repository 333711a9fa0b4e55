"""The registry of component kinds: what each physical kind needs and its default size."""

from __future__ import annotations

from typing import Literal

from ..core.toolwords import ToolWords

KindName = Literal["card", "tile", "token", "die", "pawn", "board", "reference"]


class KindSpec:
    """A kind of component: its default size, whether it has a printed back, what it is
    (made once, in `KINDS`, never compared: a plain class)."""

    __slots__ = ("default_size", "needs_back", "description")

    def __init__(self, default_size: str, needs_back: bool, description: str) -> None:
        self.default_size = default_size  # a named size or "W x H" (see units.NAMED_SIZES)
        self.needs_back = needs_back  # a printed back is part of the component (cards)
        self.description = description


KINDS: dict[str, KindSpec] = {
    "card": KindSpec("poker", True, "a card with a front and a per-deck back"),
    "reference": KindSpec("poker", True, "a quick-reference card, double-sided"),
    "tile": KindSpec("hex", False, "a tile; hex tiles pack in a honeycomb"),
    "token": KindSpec("token", False, "a round counter or marker"),
    "die": KindSpec(
        "16mm x 16mm", False, "a six-sided die, printed as a net with glue tabs (size is one face)"
    ),
    "pawn": KindSpec("25mm x 40mm", False, "a folding standee in a player colour"),
    "board": KindSpec("8in x 8in", False, "a board or mat"),
}


# How a count of each component kind reads in running text ("3 dice").
KIND_WORDS: dict[str, tuple[str, str]] = {
    "card": ("card", "cards"),
    "reference": ("reference card", "reference cards"),
    "tile": ("tile", "tiles"),
    "token": ("token", "tokens"),
    "die": ("die", "dice"),
    "pawn": ("pawn", "pawns"),
    "board": ("board", "boards"),
}


def kind_word(kind: str, n: int) -> str:
    """The word for `n` components of a kind: "card" / "cards", "die" / "dice"."""
    one, many = KIND_WORDS.get(kind, (kind, kind + "s"))
    return one if n == 1 else many


def kind_count(kind: str, n: int) -> str:
    """ "3 dice", "1 reference card"."""
    return f"{n} {kind_word(kind, n)}"


def kind_said(words: ToolWords, kind: str, n: int, shown: object = None) -> str:
    """ "3 dice" in the language of `words`: the kind's count is one of cardstock's own
    messages ("{n} die" / "{n} dice", `cardstock/locale/cardstock.pot`), so a rulebook and
    a stats page say it in their language with no word of the game's translation.
    `shown` is the count as the language writes it (its digits), `n` when None."""
    one, many = KIND_WORDS.get(kind, (kind, kind + "s"))
    return words.count(f"{{n}} {one}", f"{{n}} {many}", n, shown)
