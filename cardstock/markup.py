"""A small block markup for rule text, quick-reference cards and rulebooks.

Rendered Jinja2 output is parsed into blocks that every backend (card faces, Platypus
rulebooks) lays out the same way:

    # Heading            → Heading(level=1)     (## and ### for levels 2 and 3)
    plain lines          → Paragraph            (a blank line ends a paragraph; a line
                                                 ending in "\\" or two spaces breaks there)
    - item / 1. item     → ListItem(ordered, number)
    | a | b |            → Table rows; the first row is the header; a |---| row is skipped
    > note               → Note

Inline: **bold**, *italic*, and :icon: (an icon id declared by the game). Inline spans are
returned as `Span`s by `spans()`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Union


@dataclass(frozen=True)
class Span:
    text: str
    bold: bool = False
    italic: bool = False
    icon: str | None = None  # when set, `text` is empty and the span is an icon


@dataclass(frozen=True)
class Heading:
    level: int
    text: str


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class ListItem:
    text: str
    ordered: bool = False
    number: int = 0


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Note:
    text: str


Block = Union[Heading, Paragraph, ListItem, Table, Note]

_HEADING = re.compile(r"^(#{1,3})\s+(.*)$")
_BULLET = re.compile(r"^[-*]\s+(.*)$")
_NUMBERED = re.compile(r"^(\d+)[.)]\s+(.*)$")
_RULE_ROW = re.compile(r"^\|?\s*:?-{3,}")
_INLINE = re.compile(r"(\*\*(?P<b>.+?)\*\*|\*(?P<i>[^*]+?)\*|:(?P<icon>[a-z][a-z0-9-]*):)")


def _cells(line: str) -> tuple[str, ...]:
    inner = line.strip()
    if inner.startswith("|"):
        inner = inner[1:]
    if inner.endswith("|"):
        inner = inner[:-1]
    return tuple(c.strip() for c in inner.split("|"))


def parse(text: str) -> list[Block]:
    """Split markup text into blocks."""
    blocks: list[Block] = []
    para: list[str] = []
    table: list[tuple[str, ...]] = []

    def joined() -> str:
        # a line ending in a hard break (Markdown's trailing backslash or two spaces) keeps
        # its "\n"; other lines of a paragraph run together
        return "".join(p if p.endswith("\n") or i == len(para) - 1 else p + " " for i, p in enumerate(para))

    def flush() -> None:
        if para:
            blocks.append(Paragraph(joined()))
            para.clear()
        if table:
            blocks.append(Table(table[0], tuple(table[1:])))
            table.clear()

    for raw in text.splitlines():
        hard = raw.endswith("\\") or raw.endswith("  ")
        line = raw.strip().removesuffix("\\").rstrip()
        if not line:
            flush()
            continue
        if line.startswith("|"):
            if para:
                blocks.append(Paragraph(joined()))
                para.clear()
            if not _RULE_ROW.match(line):
                table.append(_cells(line))
            continue
        if table:
            flush()
        if m := _HEADING.match(line):
            flush()
            blocks.append(Heading(len(m.group(1)), m.group(2).strip()))
        elif m := _BULLET.match(line):
            flush()
            blocks.append(ListItem(m.group(1).strip()))
        elif m := _NUMBERED.match(line):
            flush()
            blocks.append(ListItem(m.group(2).strip(), ordered=True, number=int(m.group(1))))
        elif line.startswith(">"):
            flush()
            blocks.append(Note(line.lstrip("> ").strip()))
        else:
            para.append(line + "\n" if hard else line)
    flush()
    return blocks


def spans(text: str) -> list[Span]:
    """Inline markup → spans of plain, bold or italic text and icons."""
    out: list[Span] = []
    pos = 0
    for m in _INLINE.finditer(text):
        if m.start() > pos:
            out.append(Span(text[pos : m.start()]))
        if m.group("b") is not None:
            out.append(Span(m.group("b"), bold=True))
        elif m.group("i") is not None:
            out.append(Span(m.group("i"), italic=True))
        else:
            out.append(Span("", icon=m.group("icon")))
        pos = m.end()
    if pos < len(text):
        out.append(Span(text[pos:]))
    return out


def plain(text: str) -> str:
    """Inline markup with the marks removed and icons as their ids in brackets."""
    return "".join(s.text if s.icon is None else f"[{s.icon}]" for s in spans(text))
