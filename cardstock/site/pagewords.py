"""The downloads page's words, in the language of what they label.

The page (`output/index.html`) is one page for every game, but each language of a game
has its own section, and that section's words ("Print-and-play sheets", "Paper", "rules
check passed") are cardstock's own messages (`cardstock/locale/cardstock.pot`), said in
the section's language through the edition's `tool_words` (so a game's `.po` may word one
its own way, `msgctxt "cardstock"`). The page around the games (its title, header, the
printer tools, the footer) is in the page's language: the one every game listed is
written in, else English.

A game's words are kept as plain data with what the page says of the game
(`page.game_info`, cached between builds), so a page written after a build of other games
still labels this one in its language: `said_of` keeps the messages' translations,
`words_from` makes the `ToolWords` back from them.
"""

from __future__ import annotations

from typing import Any

from ..core.localized import number
from ..core.toolwords import ToolWords, tool_words

# Each kind of download the page lists, by the manifest's kind, in the page's order
KIND_LABELS = {
    "pnp": "Print-and-play sheets",
    "rulebook": "Rulebook",
    "booklet": "Rulebook booklet",
    "rulebook-large-print": "Rulebook in large print",
    "rulebook-html": "Rulebook as a web page",
    "rulebook-epub": "Rulebook as an e-book (EPUB)",
    "quickref": "Quick-reference cards",
    "quickref-large-print": "Quick references in large print",
    "quickref-reading": "Quick references in the reading font",
    "tuckbox": "Tuck boxes",
    "board": "Boards in page-sized tiles",
    "board-whole": "Boards whole, for a print shop",
    "cards-pdf": "Card files: one face per page (PDF)",
    "cards-pairs": "Card files: each front, then its back (PDF)",
    "cards-csv": "Card files: list of PNG faces with counts",
    "tts-json": "Tabletop Simulator saved object",
    "ttpg-manifest": "Tabletop Playground package (its manifest; the folder holds the rest)",
    "print-shop-zip": "Print-shop upload",
    "changelog-html": "Changelog (latest)",
    "reprint": "Reprint: the cards changed",
    "proof": "Proof sheets",
    "stats-html": "Deck numbers and setup odds",
}
PAPERS = {
    "letter": "US Letter",
    "a4": "A4",
    "half-letter": "Half Letter",
    "a5": "A5",
}  # a paper's name as the page shows it (core.units.PAPER_LABELS), each a message
CALIBRATION = "Duplex calibration sheet"
TITLE = "Print-and-play downloads"
INTRO = (
    "{n} game. Print sheets at 100% (actual size); each sheet has a scale bar to check.",
    "{n} games. Print sheets at 100% (actual size); each sheet has a scale bar to check.",
)
TOOLS = "Printer tools"
MADE = "Made with cardstock {version}."
LANGUAGES = "Languages:"
HEADS = {"download": "Download", "paper": "Paper", "pages": "Pages", "size": "Size"}
VERSION = "Version {version}"
PLAYERS = "{players} players"  # a range ("2–6") the game's data gives
STATUS = {
    "none": "rules not checked in this build",
    "ok": "rules check passed",
    "bad": "rules check failed",
    "details": "Rules check and setup figures",
}
# the rules check's verdicts, as the list of a game's check marks each line
MARKS = {"ok": "ok", "warn": "warn", "FAIL": "FAIL", "skip": "skip", "ack": "ack"}
SIZES = ("{size} KB", "{size} MB")  # a file's size in kilobytes, in megabytes
FACES = ("{n} face", "{n} faces")
# playtesters' notes beside the cards they are about (docs/playtest.md)
NOTES = "Playtest notes"
NOTE_COUNT = "{open} open of {all}"
NOTES_SHOWN = "the newest {shown} shown here; cardstock feedback lists them all"
OLDER = "on an older version ({version}; it prints {now} now)"
SHOWN = "{shown} of them shown here (every face is in {folder})"
# the gallery's pictures that are no component's front: its reverse, a deck's back
REVERSE = "{name}, its back"
BACK = "card back: {words}"
# each edition's name as the choice of a game's languages says it ("English · ink-saver"),
# by the edition's id (docs/editions.md)
EDITION_NAMES = {"ink-saver": "ink-saver", "high-contrast": "high-contrast"}
# Every message a game's section says (the rest of its words are its data, or shared
# messages: "{n} component", each kind's count)
SECTION = (
    *KIND_LABELS.values(),
    *PAPERS.values(),
    *HEADS.values(),
    VERSION,
    PLAYERS,
    *STATUS.values(),
    *MARKS.values(),
    SHOWN,
    REVERSE,
    BACK,
    NOTES,
    NOTE_COUNT,
    NOTES_SHOWN,
    OLDER,
    *SIZES,
    *EDITION_NAMES.values(),
)
PAGE = (TITLE, TOOLS, MADE, LANGUAGES, CALIBRATION, *PAPERS.values(), *HEADS.values(), *SIZES)
COUNTED = (FACES, INTRO, ("{n} component", "{n} components"))
WORDS = (*SECTION, *PAGE, *(form for forms in COUNTED for form in forms))


def said_size(words: ToolWords, n: int) -> str:
    """A file's size in bytes for people, in the language of `words`: "213 KB", "2.3 MB"
    (in French "213 Ko", "2,3 Mo"), the number written as the language writes numbers."""
    if n < 1024 * 1024:
        return words(SIZES[0], size=number(n / 1024, words.lang))
    return words(SIZES[1], size=number(n / 1024 / 1024, words.lang, 1))


def said_of(words: ToolWords, messages: tuple[str, ...] = SECTION) -> dict[str, Any]:
    """The translations of `messages` and of every counted message in `words`, as
    JSON-able data: the English itself is left out (it is the message)."""
    table = {m: words(m) for m in messages if words(m) != m}
    forms = {one: list(said) for one, said in words.plurals.items()}
    return {"lang": words.lang, "table": table, "plurals": forms, "missing": words.missing}


def words_from(data: Any, lang: str = "en") -> ToolWords:
    """The `ToolWords` `said_of` kept (English when there is none: a game described by an
    older cardstock)."""
    if not isinstance(data, dict):
        return ToolWords(lang)
    table = {str(k): str(v) for k, v in dict(data.get("table") or {}).items()}
    plurals = {str(k): tuple(map(str, v)) for k, v in dict(data.get("plurals") or {}).items()}
    missing = bool(data.get("missing"))
    return ToolWords(str(data.get("lang") or lang), table, plurals, missing)


def page_words(langs: list[str]) -> ToolWords:
    """The words of the page around its games: in the language every game listed is
    written in (its source language), else English."""
    found = {lang for lang in langs if lang}
    return tool_words(found.pop() if len(found) == 1 else None)


def section_words(words: ToolWords) -> dict[str, str]:
    """A section's headings and notes, by name, for the template (`said.download`)."""
    return {
        **{k: words(v) for k, v in HEADS.items()},
        **{k: words(v) for k, v in STATUS.items()},
        **{f"mark-{k}": words(v) for k, v in MARKS.items()},
        "notes": words(NOTES),
        # cardstock has no words of its own in the language: they are its English
        "english": "en" if words.missing else "",
    }
