"""The block markup of rule text, quick-reference cards and rulebooks: CommonMark, read by
markdown-it-py, plus GitHub-style tables and one inline extension for icons.

Rendered Jinja2 output is parsed into blocks that every backend (card faces, Platypus
rulebooks) lays out the same way:

    # Heading            → Heading(level=1)     (## and ### for levels 2 and 3; deeper is 3)
    plain lines          → Paragraph            (lines of one paragraph are joined by a space;
                                                 a line ending in a backslash or two spaces
                                                 ends in a line break instead)
    - item / 1. item     → ListItem(ordered, number); a wrapped item stays one item
    | a | b |            → Table; the first row is the header, the |---| row below it is required
    > note               → Note

Inline: **bold**, *italic* (nested as Markdown nests them), a backslash escapes a mark
(`\\*`, `\\:`), and :icon: names an icon declared by the game. Inline spans are returned as
`Span`s by `spans()`.

Indentation carries no meaning: templates indent their Jinja freely, so every line is taken
without its leading spaces (no indented code blocks, no nested lists; an item of a nested
list is an item of its own). In `spans()` a line break stays a "\\n" in the span's text.
Markdown that has no block here (code, links, images,
HTML, rules) is left as the text it was written as.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # markdown-it is imported on the first text that has markup to read
    from markdown_it import MarkdownIt
    from markdown_it.rules_inline import StateInline
    from markdown_it.token import Token


@dataclass(frozen=True)
class Span:
    """A run of text in one style, or an icon (`icon` set, `text` empty)."""

    text: str
    bold: bool = False
    italic: bool = False
    icon: str | None = None  # when set, `text` is empty and the span is an icon


@dataclass(frozen=True)
class Heading:
    """A heading block and its level (1 is the largest)."""

    level: int
    text: str


@dataclass(frozen=True)
class Paragraph:
    """A paragraph block: its text, inline marks kept."""

    text: str


@dataclass(frozen=True)
class ListItem:
    """One item of a list, bulleted or numbered."""

    text: str
    ordered: bool = False
    number: int = 0


@dataclass(frozen=True)
class Table:
    """A table block: its header cells and its rows."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Note:
    """A note block, set apart from the text around it."""

    text: str


Block = Heading | Paragraph | ListItem | Table | Note

# Markdown rules that would turn text into something no backend draws; with them off such
# text stays literal, as the writer typed it.
_OFF_BLOCK = ["code", "fence", "hr", "reference", "html_block", "lheading"]
_OFF_INLINE = ["backticks", "link", "image", "autolink", "html_inline", "entity"]

_ICON = re.compile(r":([a-z][a-z0-9-]*):")


def _icon_rule(state: StateInline, silent: bool) -> bool:
    """`:name:` → an `icon` token whose `info` is the name."""
    if state.src[state.pos] != ":":
        return False
    m = _ICON.match(state.src, state.pos)
    if m is None:
        return False
    if not silent:
        token = state.push("icon", "", 0)
        token.info = m.group(1)
        token.markup = m.group(0)
    state.pos = m.end()
    return True


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.disable(_OFF_BLOCK + _OFF_INLINE)
    md.inline.ruler.before("emphasis", "icon", _icon_rule)
    return md


def load_parser() -> None:
    """Read markdown-it and make the one parser now rather than at the first text with
    markup: a build about to fork workers that will each read markup (every rulebook is
    Markdown) loads it once, before the fork (`stages._rulebook_warm`)."""
    _parser()


def _one_line(content: str) -> str:
    """The lines of a block's text run together with a space, except after a Markdown hard
    break (a line ending in a backslash or in two spaces), which stays a line break. A
    backslash ending the block's last line (a break with no line after it) is dropped, as
    a break there breaks nothing."""
    lines = content.split("\n")
    out: list[str] = []
    for line in lines[:-1]:
        text = line.rstrip(" \t")
        slashes = len(text) - len(text.rstrip("\\"))
        if slashes % 2 == 1:  # spaces after the mark change nothing
            out.append(text[:-1].rstrip() + "\n")
        elif len(line) - len(text) >= 2:
            out.append(text + "\n")
        else:
            out.append(text.strip() + " ")
    end = lines[-1].strip()
    if (len(end) - len(end.rstrip("\\"))) % 2 == 1:
        end = end[:-1].rstrip()
    out.append(end)
    return "".join(out)


# Text made only of characters no enabled Markdown rule reacts to reads as itself, so it
# needs no parser (most card text: names, numbers, a sentence of rules). Anything that can
# open markup (emphasis, icons, escapes, line breaks, and the marks of the rules turned off,
# to stay on the safe side) goes through markdown-it. `tests/core/test_markup_shortcuts.py` compares
# both ways on generated text.
_INLINE_PLAIN = re.compile(r"[^*_\\:`\[\]<>&!~\n\r\t\x00]*")
_BLOCK_MARKS = re.compile(r"[|#>=]")  # tables, headings, notes, setext underlines


def _plain_inline(text: str) -> bool:
    return _INLINE_PLAIN.fullmatch(text) is not None


def _plain_lines(text: str) -> bool:
    """Lines of plain text, none of them empty and none starting or ending with white
    space: markdown-it reads them as they are, each line break a soft break (a card's text
    of several lines). Spaces at a line's edge would be dropped or make a hard break."""
    return all(line and line == line.strip() and _plain_inline(line) for line in text.split("\n"))


def _strong_spans(text: str) -> list[Span] | None:
    """The spans of text whose only markup is `**strong**` runs that open at the start or
    after a space and close at the end or before a space, around plain text that starts
    and ends with a character that is not a space; None for any other text. Markdown reads
    such runs one way only (each `**` can only open or only close)."""
    pieces = text.split("**")
    if len(pieces) % 2 == 0:
        return None
    out: list[Span] = []
    last = len(pieces) - 1
    for i, piece in enumerate(pieces):
        if not _plain_inline(piece):
            return None
        if i % 2 == 0:
            if piece:
                out.append(Span(piece))
            continue
        before, after = pieces[i - 1], pieces[i + 1]
        if not piece or piece[0].isspace() or piece[-1].isspace():
            return None
        if (before or i > 1) and not before.endswith(" "):
            return None
        if (after or i + 1 < last) and not after.startswith(" "):
            return None
        out.append(Span(piece, bold=True))
    return out


def _simple_paragraph(chunk: str) -> bool:
    """One line that can only be a paragraph of plain or `**strong**` text: it starts with a
    letter (or `**` and a letter), not with a list's, heading's or note's mark."""
    if (
        not chunk
        or "\n" in chunk
        or chunk != chunk.strip()
        or _BLOCK_MARKS.search(chunk) is not None
    ):
        return False
    if not (chunk[0].isalpha() or (chunk.startswith("**") and chunk[2:3].isalpha())):
        return False
    return _plain_inline(chunk) or _strong_spans(chunk) is not None


def _simple_lines(chunk: str) -> str | None:
    """A chunk of lines each of which is a `_simple_paragraph`, but for a backslash that may
    end a line but the last: Markdown reads them as one paragraph whose lines run together
    with a space, or break where a backslash ends one (no line can open a block); that
    paragraph's text (a break as a line break), else None."""
    lines = chunk.split("\n")
    last = len(lines) - 1
    out: list[str] = []
    for i, line in enumerate(lines):
        hard = i < last and line.endswith("\\")
        body = line[:-1] if hard else line
        if not _simple_paragraph(body):
            return None
        out.append(body + ("\n" if hard else " " if i < last else ""))
    joined = "".join(out)
    for piece in joined.split("\n"):  # strong runs read across the lines a space joins
        if not (_plain_inline(piece) or _strong_spans(piece) is not None):
            return None
    return joined


def parse(text: str) -> list[Block]:
    """Split markup text into blocks."""
    chunks = text.split("\n\n")
    if all(_simple_paragraph(c) for c in chunks):  # paragraphs apart by one blank line
        return [Paragraph(c) for c in chunks]
    # paragraphs of several lines (a card's text, mostly)
    found = [c if _simple_paragraph(c) else _simple_lines(c) for c in chunks]
    if all(p is not None for p in found):
        return [Paragraph(p) for p in found if p is not None]
    return list(_parsed(text) if len(text) <= PARSED_MAX_CHARS else _parse(text))


# Blocks are immutable, so a text's blocks are kept: a rulebook's chunks are parsed for its
# PDF, its web page and its EPUB, and a `--watch` rebuild parses the same chunks again. At
# most PARSED_KEPT texts of at most PARSED_MAX_CHARS each (a longer one is parsed each time).
PARSED_KEPT = 256
PARSED_MAX_CHARS = 65536


@lru_cache(maxsize=PARSED_KEPT)
def _parsed(text: str) -> tuple[Block, ...]:
    return _parse(text)


def _parse(text: str) -> tuple[Block, ...]:
    source = "\n".join(line.lstrip() for line in text.splitlines())
    reading = _Reading()
    for tok in _parser().parse(source):
        reading.token(tok.type, tok.tag, tok.info, tok.content)
    return tuple(reading.blocks)


# the containers a token opens: a list of either kind, or a quote
_CONTAINERS = {
    "bullet_list_open": "bullet",
    "ordered_list_open": "ordered",
    "blockquote_open": "quote",
}
_CONTAINERS_CLOSED = ("bullet_list_close", "ordered_list_close", "blockquote_close")


@dataclass
class _Reading:
    """Where a parse stands among markdown-it's tokens, and the blocks read so far."""

    blocks: list[Block] = field(default_factory=list)
    # the open containers, innermost last: "bullet" | "ordered" | "item" | "quote"
    where: list[str] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)  # each open list item's written number
    heading: int = 0  # the level of the open heading, 0 outside one
    cell: bool = False
    row: list[str] = field(default_factory=list)
    rows: list[tuple[str, ...]] = field(default_factory=list)

    def token(self, kind: str, tag: str, info: str, content: str) -> None:
        if kind in _CONTAINERS:
            self.where.append(_CONTAINERS[kind])
        elif kind in _CONTAINERS_CLOSED:
            self.where.pop()
        elif kind == "list_item_open":
            self.where.append("item")
            self.numbers.append(int(info) if info.isdigit() else 0)
        elif kind == "list_item_close":
            self.where.pop()
            self.numbers.pop()
        elif kind == "heading_open":
            self.heading = min(3, int(tag[1:]))
        elif kind in ("th_open", "td_open", "th_close", "td_close"):
            self.cell = kind.endswith("_open")
        elif kind == "tr_open":
            self.row = []
        elif kind == "tr_close":
            self.rows.append(tuple(self.row))
        elif kind == "table_close":
            self.blocks.append(Table(self.rows[0], tuple(self.rows[1:])))
            self.rows = []
        elif kind == "inline":
            self.inline(_one_line(content))

    def inline(self, line: str) -> None:
        """A line of text, read as the block the open containers make it."""
        if self.cell:
            self.row.append(line)
        elif self.heading:
            self.blocks.append(Heading(self.heading, line))
            self.heading = 0
        elif "quote" in self.where:
            self.blocks.append(Note(line))
        elif self.where and self.where[-1] == "item":
            ordered = self.where[-2] == "ordered"
            number = self.numbers[-1] if ordered else 0
            self.blocks.append(ListItem(line, ordered=ordered, number=number))
        else:
            self.blocks.append(Paragraph(line))


def spans(text: str) -> list[Span]:
    """Inline markup → spans of plain, bold or italic text and icons (neighbours of the
    same style are merged)."""
    if _plain_inline(text):
        return [Span(text)] if text else []
    if "\n" in text and _plain_lines(text):
        return [Span(text)]
    if "**" in text:
        fast = _strong_spans(text)
        if fast is not None:
            return fast
    return list(_spans(text))


@lru_cache(maxsize=65536)  # card texts and rule lines repeat across faces and sizes
def _spans(text: str) -> tuple[Span, ...]:
    out: list[Span] = []
    bold = italic = 0
    for tok in _inline_tokens(text):
        kind = tok.type
        if kind == "strong_open":
            bold += 1
        elif kind == "strong_close":
            bold -= 1
        elif kind == "em_open":
            italic += 1
        elif kind == "em_close":
            italic -= 1
        elif kind == "icon":
            out.append(Span("", bold=bold > 0, italic=italic > 0, icon=tok.info))
        elif kind in ("text", "softbreak", "hardbreak"):
            piece = tok.content if kind == "text" else "\n"  # a line break stays one
            last = out[-1] if out else None
            if (
                last is not None
                and last.icon is None
                and (last.bold, last.italic) == (bold > 0, italic > 0)
            ):
                out[-1] = Span(last.text + piece, last.bold, last.italic)
            elif piece:
                out.append(Span(piece, bold=bold > 0, italic=italic > 0))
    return tuple(out)


def _inline_tokens(text: str) -> list[Token]:
    """The inline tokens of `text` (one line or several)."""
    found: list[Token] = []
    for tok in _parser().parseInline(text):
        found += tok.children or []
    return found


# `[text]{color=#c0392b size=120%}`: Markdown's bracketed-span form (Pandoc, markdown-it
# attrs), so the syntax stays valid Markdown; the layout reads its attributes
STYLED = re.compile(r"\[(?P<text>[^\[\]\n]+)\]\{(?P<attrs>[^{}\n]*)\}")


def plain(text: str, icon: str = "[{}]") -> str:
    """Inline markup as a player reads it: the marks removed, a coloured or sized span as its
    words, and each icon as `icon` holding its id (`[spark]`; `":{}:"` keeps the code)."""
    text = STYLED.sub(lambda m: m.group("text"), text)
    return "".join(s.text if s.icon is None else icon.format(s.icon) for s in spans(text))
