"""What the stats page quotes of a game's data, as the language prints it.

The page (`cardstock.site.stats`) names fields and their values: a field by its label
(`label.<field>` of the language's translation, else the field's `label`, else its name
made readable: `cardstock.catalog.wording.field_label`), a `choice` value by
`choice.<field>.<value>`, a group by the set's `group` pattern as the language fills it
(`set.<set>.group`), an icon by its label (`icon.<icon>.label`), a set by its name, and a
`bool` field's "yes" and "no" and a blank value's "(blank)" by cardstock's own words. These
are the same keys a face's list of facts and its layouts read, so one translation serves
both, and a text the translation lacks is printed in the source language with the finding
every missing text has.

The odds name a setup and a step: the setup by its variant's name (`setup.variant.<n>`)
or cardstock's "setup", a step by its words (`setup.<step>`, its `{count}` filled with
the step's own number as the rules read it), a step without words by cardstock's name for
what it does ("deal").

What has no key stays as the data writes it: a number, a setup step's
filter other than `field = value`. The page's data (`stats.json`, the CSV files) is the
designer's and keeps the source's names and values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..catalog.translations import SETUP
from ..catalog.wording import ATTRIBUTES, CATEGORICAL, NUMERIC, field_label, printed_group, said
from ..core.toolwords import ENGLISH, ToolWords
from ..rules.setup.steps import fill_words
from ..rules.stats.odds import setups

if TYPE_CHECKING:
    from ..catalog.load import Catalog

YES, NO, BLANK = "yes", "no", "(blank)"  # how `rules.stats.decks.shown` writes them
MAIN = "setup"  # the setup the rules define first, as `rules.stats.odds.setups` names it
# what a step does, for a step the rules give no words of their own
DOES = {
    "deal": "deal",
    "draw": "draw",
    "move": "move",
    "reveal": "reveal",
    "set_aside": "set aside",
    "give": "give",
    "return": "return",
    "choose": "choose",
    "redraw_until": "draw again until",
    "draw_until": "draw until",
}
WORDS = (YES, NO, BLANK, MAIN, *DOES.values())  # messages of cardstock's catalog
KIND = " = "  # a kind of the odds: "realm = Red"
JOINED = " · "  # kinds of the same copies: "realm = Red · symbol = red"


@dataclass(frozen=True)
class Quoted:
    """The labels of fields (by set, then by field alone for the odds' kinds), values as
    printed (by set, field and the value as the data shows it) and set names, in a
    language. Empty: every name and value as the data writes it."""

    labels: dict[tuple[str, str], str] = field(default_factory=dict)
    values: dict[tuple[str, str, str], str] = field(default_factory=dict)
    sets: dict[str, str] = field(default_factory=dict)
    words: ToolWords | None = None  # cardstock's words for yes, no and (blank)
    # a setup's name and each of its steps' words (by setup, as the odds name it, and step)
    setups: dict[str, str] = field(default_factory=dict)
    steps: dict[tuple[str, int], str] = field(default_factory=dict)

    def setup(self, name: str) -> str:
        return self.setups.get(name, name)

    def step(self, setup: str, step: int, words: str) -> str:
        """A step's words (`words` as the rules say them, where none are quoted)."""
        return self.steps.get((setup, step), words)

    def label(self, deck: str, name: str) -> str:
        return self.labels.get((deck, name)) or self.labels.get(("", name)) or name

    def value(self, deck: str, name: str, value: str) -> str:
        said = self.values.get((deck, name, value))
        if said is not None:
            return said
        if self.words is not None and value in WORDS:
            return self.words(value)
        return value

    def kind(self, kind: str) -> str:
        """An odds kind ("realm = Red · symbol = red") with its fields and values said."""
        parts = []
        for part in kind.split(JOINED):
            name, sep, value = part.partition(KIND)
            if not sep or (name != "set" and ("", name) not in self.labels):
                parts.append(part)  # a filter of the rules, as they write it
            elif name == "set":
                parts.append(self.sets.get(value, value))
            else:
                deck = self.decks_of(name)
                parts.append(f"{self.label('', name)}{KIND}{self.value(deck, name, value)}")
        return JOINED.join(parts)

    def decks_of(self, name: str) -> str:
        """The first set whose values of field `name` are quoted ('' when none)."""
        return next((d for d, n, _ in self.values if n == name), "")


def quoted(catalog: Catalog, words: ToolWords = ENGLISH) -> Quoted:
    """What the stats page of `catalog` quotes, in the catalog's language."""
    labels: dict[tuple[str, str], str] = {}
    values: dict[tuple[str, str, str], str] = {}
    for s in catalog.game.sets:
        comps = [c for c in catalog.components if c.set == s.id]
        names = [*ATTRIBUTES]
        for name, spec in catalog.field_specs(s.id).items():
            if spec.type in CATEGORICAL + NUMERIC:
                names.append(name)
            if spec.type == "choice":
                for v in spec.choices or []:
                    shown = str(v)
                    values[(s.id, name, shown)] = str(said({name: v}, catalog.wording)[name])
            if spec.type in ("icon", "icons"):
                for iid, icon in catalog.game.icons.items():
                    values[(s.id, name, iid)] = icon.label or iid.capitalize()
        for name in names:
            labels[(s.id, name)] = field_label(catalog, s.id, name)
            labels.setdefault(("", name), labels[(s.id, name)])
        for c in comps:
            values.setdefault((s.id, "group", c.group), printed_group(catalog, c))
    sets = {s.id: s.name for s in catalog.game.sets}
    setup_names, steps = _setup_words(catalog, words)
    return Quoted(labels, values, sets, words, setup_names, steps)


def _setup_words(
    catalog: Catalog, words: ToolWords
) -> tuple[dict[str, str], dict[tuple[str, int], str]]:
    """Each setup's name and each step's words as the language prints them (above)."""
    names: dict[str, str] = {}
    steps: dict[tuple[str, int], str] = {}
    for n, (name, model) in enumerate(setups(catalog)):
        given = catalog.wording.get(f"{SETUP}variant.{n}") if n else None
        names[name] = given or (words(MAIN) if not n else name)
        for i, step in enumerate(model.steps, 1):
            own = catalog.wording.get(f"{SETUP}{i}") if step.say else None
            if own:
                steps[(name, i)] = fill_words(own, step)
            elif not step.say and step.do in DOES:
                steps[(name, i)] = words(DOES[step.do])
    return names, steps
