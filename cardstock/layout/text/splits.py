"""The continued texts of one game's faces, each read and split once (`Splits`): the memo
`layout/text/continued.py` keeps them in, held by the game's box memo
(`painting.memo.BoxMemo`) and handed to the box types as `painter.splits`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...core.markup import Block

SPLITS_CHARS = 4_000_000  # characters of text a `Splits` holds before it starts again


class Splits:
    """The continued texts of one game's faces, each read and split once (one a game:
    `boxmemo.BoxMemo.splits`, `painter.splits`). Every part of a text is a face of its
    own, and each face fits the whole text (to learn that it does not fit) and needs its
    split (to find its part): read and split on each face, a text of P parts would cost
    P times its splitting. What it holds is bounded by the characters of its texts."""

    def __init__(self) -> None:
        self._blocks: dict[tuple[Any, ...], list[Block]] = {}
        self._parts: dict[tuple[Any, ...], tuple[str, ...]] = {}
        self._chars = 0

    def blocks(self, text: str, markup: str, read: Callable[[str], list[Block]]) -> list[Block]:
        """The blocks of `text` as `read` makes them (`markup`: how it reads)."""
        key = (text, markup)
        found = self._blocks.get(key)
        if found is None:
            found = read(text)
            self._make_room(len(text))
            self._blocks[key] = found
        return found

    def parts(self, key: tuple[Any, ...], make: Callable[[], tuple[str, ...]]) -> tuple[str, ...]:
        """The parts `make` splits a text into, by what decides them (`key`: the text, how
        it reads, and the rooms of its parts)."""
        found = self._parts.get(key)
        if found is None:
            found = make()
            self._make_room(sum(len(p) for p in found))
            self._parts[key] = found
        return found

    def _make_room(self, chars: int) -> None:
        self._chars += chars
        if self._chars > SPLITS_CHARS:
            self._blocks.clear()
            self._parts.clear()
            self._chars = chars
