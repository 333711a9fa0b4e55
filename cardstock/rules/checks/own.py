"""The checks of a game's words and colours that the rules room makes itself and that need
no rules file, in the order they are reported within their sections (the report merges them
with the checks other rooms provide, `report.provided`)."""

from __future__ import annotations

from ..reading import prose_counts
from ..setup import step_words
from ..verdicts import Provider
from . import (
    backs,
    card_texts,
    colour_only,
    distinct_names,
    icon_names,
    prose_contradictions,
)

OWN: tuple[Provider, ...] = (
    Provider(
        "colour-only",
        "print",
        "nothing is told apart by colour alone",
        colour_only.colour_only,
        reads=("game", "data", "texts"),
    ),
    Provider(
        "prose-counts",
        "facts",
        "a count the game file's prose states (designer's choices, notes) is the data's",
        prose_counts.prose_counts,
        reads=("game", "data"),
    ),
    Provider(
        "prose-words",
        "facts",
        "the game file's prose says no rule fact's opposite and names nothing twice in a list",
        prose_contradictions.prose_words,
        reads=("rules", "game", "data", "texts"),
    ),
    Provider(
        "distinct-names",
        "facts",
        "every set has a name of its own",
        distinct_names.distinct_names,
        reads=("game",),
    ),
    Provider(
        "backs",
        "facts",
        "a card back's title and subtitle name only the decks printed on it",
        backs.backs,
        reads=("rules", "game", "data"),
    ),
    Provider(
        "icon-names",
        "facts",
        "each icon has a name of its own, and a text names its own symbol beside it",
        icon_names.icon_names,
        reads=("game", "layouts"),
    ),
    Provider(
        "card-texts",
        "facts",
        "a card's text and name restate its own fields: signed numbers, its name, its values",
        card_texts.card_texts,
        guess=True,
        reads=("rules", "game", "data", "texts"),
    ),
    Provider(
        "setup-says",
        "facts",
        "a setup step's words name only the decks the step handles",
        step_words.setup_says,
        reads=("rules", "game", "data"),
    ),
    Provider(
        "setup-who",
        "facts",
        "a setup step's words say whom it reaches as its data does: every player or one",
        step_words.setup_who,
        reads=("rules", "game", "data"),
    ),
)
