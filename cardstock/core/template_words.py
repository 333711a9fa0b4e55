"""The words a player reads of a rulebook or quick-reference template, and where they stand.

A template's text outside its Jinja tags is printed as it is written, and so is the
sentence of a `{% trans %}…{% endtrans %}` block: its tags are tags, its words stand between
them. Inside a tag, the words printed as written are the string literals handed to gettext
(`_("…")`, `gettext("…")`, and both forms of `ngettext("…", "…", n)`): in the game's own
language each prints its literal, and a translation is made from it. Every other literal in
a tag is a key (`fact('win')`, `cell('limits', 'cards each')`), not words a player reads,
and a comment (`{# … #}`) is read by no one.

The checks that read what a template types (the typed-number and rule-word lints, the
mutation test's edits) all read it through `read_spans`, so a word moved into `_("…")` is
still checked and still edited, at its own file and line.
"""

from __future__ import annotations

import re
from functools import lru_cache

_TAG = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
# a pattern's text: `re.compile` makes it when first asked and keeps it (a build that
# never asks does not compile it)
_CALL = r"(?<![\w.])(_|gettext|ngettext)\s*\(\s*"
_LITERAL = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'")
_COMMA = re.compile(r"\s*,\s*")


def _marked(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The spans of the gettext literals in the tag `text[start:end]`, quotes left out."""
    out: list[tuple[int, int]] = []
    at = start
    while (call := re.compile(_CALL).search(text, at, end)) is not None:
        at = call.end()
        first = _LITERAL.match(text, at, end)
        if first is None:
            continue  # `_(name)`: a value, not words
        out.append((first.start() + 1, first.end() - 1))
        at = first.end()
        comma = _COMMA.match(text, at, end) if call.group(1) == "ngettext" else None
        second = _LITERAL.match(text, comma.end(), end) if comma is not None else None
        if second is not None:
            out.append((second.start() + 1, second.end() - 1))
            at = second.end()
    return out


def read_spans(text: str) -> list[tuple[int, int]]:
    """The stretches of a template's text a player reads, as (start, end) offsets in text
    order: the text between its tags, and the gettext literals inside them."""
    out: list[tuple[int, int]] = []
    at = 0
    for tag in _TAG.finditer(text):
        if tag.start() > at:
            out.append((at, tag.start()))
        at = tag.end()
        if not tag.group(0).startswith("{#"):
            out += _marked(text, tag.start(), tag.end())
    if at < len(text):
        out.append((at, len(text)))
    return out


@lru_cache(maxsize=64)
def read_text(text: str) -> str:
    """The template with everything a player does not read blanked to spaces, line breaks
    kept: the same length and the same lines, so an offset or a line number holds. Kept by
    the text (the book lint and the rule facts both read each template)."""
    keep = bytearray(len(text))
    for a, b in read_spans(text):
        keep[a:b] = b"\x01" * (b - a)
    return "".join(c if keep[i] or c == "\n" else " " for i, c in enumerate(text))


def read_lines(text: str) -> list[tuple[int, str]]:
    """`read_text`'s lines, each with its line number (from 1)."""
    return list(enumerate(read_text(text).splitlines(), 1))


__all__ = ["read_lines", "read_spans", "read_text"]
