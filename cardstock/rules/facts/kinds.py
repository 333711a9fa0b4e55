"""Facts as data: what a rulebook states about components, checked against the catalog.

A rulebook names cards and their values, prints rule tables (scoring, achievements,
thresholds), gives colours their character and card effects their numbers. Each such
statement is declared once, as a `[[facts]]` entry of rules.toml with the seed line it comes
from (`cite`), and proved against the catalog the rulebook is built from: a renamed,
dropped or re-valued card, an edited table cell or card text fails the check (exit 1) with
the fact's name, its place in rules.toml and the numbers involved.

`FACT_KINDS` maps `kind = "…"` to the kind's model, each kind a module of this room named
for it (`card.py`, `table.py`, …); what every kind shares is in `base.py`. A new kind is a
module here and a line of `FACT_KINDS`, never game code.
"""

from __future__ import annotations

from .base import Fact
from .card import CardFact
from .deck import DeckFact
from .face_shows import FaceShowsFact
from .faces import FacesFact
from .listed import ListedFact
from .names import NamesFact
from .per_player import PerPlayerFact
from .players import PlayersFact
from .prose import ProseFact
from .restates import RestatesFact
from .rule import RuleFact
from .strongest import StrongestFact
from .table import TableFact
from .terms import TermsFact
from .typed import TypedFact
from .value import ValueFact

FACT_KINDS: dict[str, type[Fact]] = {
    "card": CardFact,
    "table": TableFact,
    "strongest": StrongestFact,
    "value": ValueFact,
    "players": PlayersFact,
    "per_player": PerPlayerFact,
    "restates": RestatesFact,
    "terms": TermsFact,
    "rule": RuleFact,
    "deck": DeckFact,
    "faces": FacesFact,
    "typed": TypedFact,
    "prose": ProseFact,
    "names": NamesFact,
    "face_shows": FaceShowsFact,
    "listed": ListedFact,
}
