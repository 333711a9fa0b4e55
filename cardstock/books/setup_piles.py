"""What a rulebook's setup picture shows (`{{ setup_picture() }}`): the piles the game's
declared setup (`rules.toml` `[setup]`) leaves on the table and in front of each player,
each with its number of cards for every player count, as the setup simulator finds them
(`rules.setup.simulator`: never a count typed again). Nothing here draws: the PDF draws
it (`books.setup_picture`), the web page and the e-book write it (`books.xhtml`).

A pile is named by the game: the name of the set of the same id, else a row of a
`[tables.piles]` (a pile's id, then its name), else the translation's name for it (its
text `setup.pile.<id>`), else its id in words ("draw-pile" is "Draw pile"), in the
edition's language where cardstock's own words (`cardstock/locale`) name it: "Pack",
"Hand"."""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from ..catalog.load import Catalog
from ..catalog.translations import SETUP
from ..catalog.wording import PILES_TABLE, pile_words
from ..core.punctuation import spaced
from ..rules.setup.simulator import player_counts, simulate
from .terms import SETUP_PICTURE, SHARED_PILES, YOUR_PILES

RUNS = 20  # runs a setup is simulated for each player count: enough to see a count vary


@dataclass(frozen=True)
class Pile:
    """One pile after setup: its name, its cards (least, most) by player count, and the
    lines a picture writes under its name: its count, or a line a player count when the
    count depends on it ("3 players: 14")."""

    name: str
    counts: tuple[tuple[int, tuple[int, int]], ...]
    lines: tuple[str, ...]

    @property
    def varies(self) -> bool:
        """Whether its count depends on the number of players."""
        return len({c for _, c in self.counts}) > 1


def said(count: tuple[int, int]) -> str:
    """A pile's count: one number, or the least and the most ("47–52")."""
    low, high = count
    return str(low) if low == high else f"{low}\u2013{high}"


@dataclass(frozen=True)
class SetupPicture:
    """The piles on the table (shared) and the piles in front of each player."""

    shared: tuple[Pile, ...]
    each: tuple[Pile, ...]
    heading: str  # "Setup", in the edition's language
    shared_title: str  # "On the table"
    each_title: str  # "In front of each player"
    lang: str | None = None  # the edition's language: the spaces its colons take

    def words(self) -> str:
        """The picture in words: its text alternative."""
        parts = [self.heading + "."]
        for title, piles in ((self.shared_title, self.shared), (self.each_title, self.each)):
            if piles:
                listed = "; ".join(f"{p.name}: {', '.join(p.lines)}" for p in piles)
                parts.append(f"{title}: {listed}.")
        return spaced(" ".join(parts), self.lang)


def pile_name(catalog: Catalog, pile: str) -> str:
    """A pile's name as the edition prints it (see the module docstring)."""
    for s in catalog.game.sets:
        if s.id == pile:
            return s.name
    table = catalog.game.tables.get(PILES_TABLE)
    for row in table.rows if table is not None else []:
        if len(row) >= 2 and str(row[0]) == pile:
            return str(row[1])
    given = catalog.wording.get(f"{SETUP}pile.{pile}")
    if given:
        return given  # the translation's name for it
    # its id in words is English: cardstock's own words give the common piles' names
    return catalog.tool_words(pile_words(pile))


# the last catalog's picture: a build draws it into each typeset of the book and writes it
# into the web page and the e-book, from the same catalog (held weakly: never kept alive)
_LAST: list[tuple[weakref.ref[Catalog], SetupPicture | None]] = []


def setup_picture(catalog: Catalog) -> SetupPicture | None:
    """The game's setup as a picture shows it (None: it declares no setup, or its setup
    cannot be carried out or simulated, which the rules check reports); worked out once a
    catalog."""
    if _LAST and _LAST[0][0]() is catalog:
        return _LAST[0][1]
    picture = _picture(catalog)
    _LAST[:] = [(weakref.ref(catalog), picture)]
    return picture


def _picture(catalog: Catalog) -> SetupPicture | None:
    rules = catalog.rules
    setup = getattr(rules, "setup", None)
    if setup is None:
        return None
    counts = player_counts(catalog)
    result = simulate(catalog.components, setup, counts, runs=RUNS)
    if not result.ok or not all(r.completed for r in result.by_players):
        return None  # a count that fails, or that no run completed within the simulation's work
    report = setup.report if setup.report is not None else list(result.by_players[0].piles)
    per_player = set(setup.player_piles)
    shared: list[Pile] = []
    each: list[Pile] = []
    for name in report:
        found = []
        for r in result.by_players:
            figures = r.piles.get(name)
            if figures is None:
                break
            found.append((r.players, (round(figures["min"]), round(figures["max"]))))
        if len(found) != len(result.by_players):
            continue
        pile = Pile(pile_name(catalog, name), tuple(found), _lines(catalog, found))
        (each if name in per_player else shared).append(pile)
    words = catalog.tool_words
    return SetupPicture(
        tuple(shared),
        tuple(each),
        words(SETUP_PICTURE),
        words(SHARED_PILES),
        words(YOUR_PILES),
        catalog.lang or catalog.game.language,
    )


def _lines(catalog: Catalog, found: list[tuple[int, tuple[int, int]]]) -> tuple[str, ...]:
    if len({c for _, c in found}) == 1:
        return (said(found[0][1]),)  # one count, whatever the players
    words, lang = catalog.tool_words, catalog.lang or catalog.game.language
    return tuple(
        spaced(f"{words.count('{n} player', '{n} players', n)}: {said(c)}", lang) for n, c in found
    )
