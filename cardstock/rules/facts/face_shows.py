"""What a face's box prints, as a fact: each card's face shows as many of an icon as one of
its fields counts.

    [[facts]]
    kind = "face_shows"
    name = "a Henchman's face shows the civilians it takes hostage"
    cards = { set = "henchmen" }                # the cards whose faces are read
    layout = "henchmen"                         # the face layout (faces.toml `[layouts.X]`)
    box = "body"                                # its box whose `text` prints the icons
    icons = { kid = "take_kids", senior = "take_seniors" }   # icon → the field it counts
    cite = { line = 35, says = "a Henchman takes the civilians its card shows" }

The box's `text` (a template of the card's fields, as the layout renders it), or for a box
of icons its `icon` as many times as its `count` says, is rendered for each card, and each
icon of `icons` (`:kid:`) must print as many times as the card's field says: an expression
of the face that counts another field, or a loop that drops one, fails naming the card,
the icon, both counts, the box's line in faces.toml, and the field the face counts instead
when one agrees with it on every card. A box the game's faces.toml does not write, or a
text that cannot be rendered from the card's fields alone (a helper of the layout's), is a
finding: what the face prints is not proved.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from ...catalog.schema import Component, Game
from ...core.templating import plain
from ...core.tomlpos import read_toml
from ..filters import Filter, select
from ..reading.text_at import text_file
from ..sources import SourceText
from ..verdicts import Outcome, Problem
from .base import Fact

if TYPE_CHECKING:
    from ...catalog.load import Catalog


def _count(value: Any) -> int | None:
    if isinstance(value, bool) or value is None:
        return 0 if value is None else int(value)
    if isinstance(value, int | float):
        return int(value)
    try:
        return int(str(value).strip() or 0)
    except ValueError:
        return None


class FaceShowsFact(Fact):
    """Each card's face prints an icon as many times as its field counts (see the module)."""

    kind: Literal["face_shows"] = "face_shows"
    cards: Filter
    layout: str = Field(min_length=1)
    box: str = Field(min_length=1)
    icons: dict[str, str] = Field(min_length=1)

    def field_keys(self) -> list[str]:
        return list(self.icons.values())

    def check(
        self, components: list[Component], game: Game
    ) -> Outcome:  # pragma: no cover - needs the catalog
        raise NotImplementedError("a face_shows fact is checked with the catalog")

    def _box(self, catalog: Catalog) -> tuple[str | None, str, int | None, str]:
        """(what the box prints as a template, or None; the faces file as shown; the line
        of its value; its key). A box of text prints its `text`; a box of icons (`icon`
        and `count`) prints its icon `count` times."""
        path = text_file(catalog, "faces.toml")
        shown = catalog.display(path)
        key = f"layouts.{self.layout}.boxes.{self.box}"
        found, _ = read_toml(path, shown, catalog.root) if path.is_file() else (None, None)
        if found is None:
            return None, shown, None, key
        data, lines = found
        leaf = ("layouts", self.layout, "boxes", self.box)
        box = data.get("layouts", {}).get(self.layout, {}).get("boxes", {}).get(self.box, {})
        box = box if isinstance(box, dict) else {}
        if isinstance(box.get("text"), str):
            return box["text"], shown, lines.get((*leaf, "text")), f"{key}.text"
        icon, count = box.get("icon"), box.get("count")
        if isinstance(icon, str) and isinstance(count, str | int):
            inner = str(count).strip().removeprefix("{{").removesuffix("}}")
            made = f"{{% for _ in range(({inner}) | int) %}}:{icon}:{{% endfor %}}"
            return made, shown, lines.get((*leaf, "count")), f"{key}.count"
        return None, shown, None, key

    def check_catalog(
        self, catalog: Catalog, file: str, line: int | None, source: SourceText | None = None
    ) -> Outcome:
        text, shown, at, key = self._box(catalog)
        where = f"{shown}:{at}" if at else shown
        if text is None:
            msg = f"{self.name}: {shown} writes no text or counted icon at {key}"
            return Outcome(False, msg, [], [Problem(msg, at=(shown, None))])
        cards = select(catalog.components, self.cards)
        shown_counts: dict[str, list[tuple[Component, int]]] = {i: [] for i in self.icons}
        env, problems = plain(), []
        for c in cards:
            context = {**c.fields, "name": c.name, "id": c.id, "count": c.count}
            try:
                printed = str(env.compiled("t", text).render(context))
            except Exception as exc:  # noqa: BLE001 - not renderable from the fields alone
                msg = f"{self.name}: {where} {key} cannot be rendered for {c.name}: {exc}"
                return Outcome(False, msg, [c], [Problem(msg, at=(shown, at))])
            for icon in self.icons:
                shown_counts[icon].append((c, len(re.findall(f":{re.escape(icon)}:", printed))))
        for icon, field in self.icons.items():
            problems += self._wrong(icon, field, shown_counts[icon], where, (shown, at))
        if problems:
            return Outcome(False, problems[0].message, [], problems)
        listed = ", ".join(f":{i}: by {f}" for i, f in self.icons.items())
        return Outcome(True, f"{len(cards)} faces show {listed}", cards)

    def _wrong(
        self,
        icon: str,
        field: str,
        counts: list[tuple[Component, int]],
        where: str,
        at: tuple[str, int | None],
    ) -> list[Problem]:
        wrong = [(c, n) for c, n in counts if _count(c.fields.get(field)) != n]
        if not wrong:
            return []
        others = sorted({k for c, _ in counts for k in c.fields} - {field})
        instead = [k for k in others if all(_count(c.fields.get(k)) == n for c, n in counts)]
        by = f"; the face counts :{icon}: by {instead[0]} on every card" if instead else ""
        return [
            Problem(
                f"{self.name}: {c.name}'s face ({where}) shows :{icon}: {n} times, its "
                f"{field} is {c.fields.get(field)}{by}",
                at=at,
            )
            for c, n in wrong
        ]
