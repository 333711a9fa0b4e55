"""Text put into the Markdown files cardstock writes, shown as written: every Markdown file
cardstock makes of a project's data (the changelog) puts each text through here.

A card's name, a value of its table or a playtester's note may hold what a Markdown reader
acts on: HTML (`<script>`, `<img onerror=…>`), a link (`[x](javascript:…)`), emphasis, a
heading or a list. Here such a text becomes one that reads as the characters it holds:

- every character Markdown gives a meaning inline is escaped with a backslash (`\\`, a
  backtick, `*`, `_`, `[`, `]`, `(`, `)`, `<`, `>`, `#`, `!`, `|`, `~`, `{`, `}`), and a
  `&` that would start an entity (`&lt;`, `&#60;`) is too, so no tag, entity, link,
  picture, table cell or emphasis is made of it;
- each line break becomes a hard break inside the line that holds the text, its next
  line indented as the caller says and stripped of its own leading spaces; a line that
  would start a block (`-`, `+`, `=`, `1.`, `1)`) has that mark escaped, and empty lines
  are dropped, so a text cannot end the list it is in or start a heading, a list, a
  quote or a code block of its own.

A code span (`code`) holds its text between enough backticks, on one line. A link (`link`)
is live only when its target is relative or uses `http`, `https` or `mailto`: any other
scheme (`javascript:`, `data:`, `vbscript:`, `file:`) is written as text.

    text(value, indent=0)            a text shown as written
    code(value)                      a code span
    link(label, target, image=False) a link or a picture, or text when its target is unsafe
"""

from __future__ import annotations

import re
from urllib.parse import quote

_INLINE = re.compile(r"([\\`*_\[\]()<>#!|~{}])")
_ENTITY = re.compile(r"&(?=#?[0-9A-Za-z]+;)")
_BLOCK_START = re.compile(r"^([-+=]|\d+(?=[.)]))")
_BREAKS = re.compile(r"\r\n|[\r\n\u2028\u2029\x0b\x0c\x85]")
SAFE_SCHEMES = ("http", "https", "mailto")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")
_INVISIBLE = re.compile(r"[\x00-\x20\x7f-\x9f\u200b-\u200f\u2028-\u202e\ufeff]")


def _line(line: str) -> str:
    escaped = _ENTITY.sub(r"\\&", _INLINE.sub(r"\\\1", line.strip()))
    start = _BLOCK_START.match(escaped)
    if start is None:
        return escaped
    if start.group(1).isdigit():  # `1.` or `1)`: the mark after the number is escaped
        end = start.end()
        return escaped[:end] + "\\" + escaped[end:]
    return "\\" + escaped


def text(value: object, indent: int = 0) -> str:
    """`value` as Markdown that shows its characters as they are (see the module's
    docstring); its lines joined by hard breaks, each after the first indented by
    `indent` spaces (the column of the list item holding the text)."""
    lines = [_line(part) for part in _BREAKS.split(str(value))]
    lines = [line for line in lines if line] or [""]
    return ("\\\n" + " " * indent).join(lines)


def code(value: object) -> str:
    """`value` as a code span on one line: fenced by more backticks than it holds in a row,
    and padded with a space where it begins or ends with one."""
    body = " ".join(_BREAKS.split(str(value)))
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    fence = "`" * (longest + 1)
    if body.startswith("`") or body.endswith("`"):
        body = f" {body} "
    return f"{fence}{body}{fence}"


def safe_target(target: str) -> bool:
    """Whether a link to `target` may be live: relative, or by http, https or mailto
    (what a browser ignores inside a scheme's name, spaces and controls, ignored too)."""
    found = _SCHEME.match(_INVISIBLE.sub("", target))
    return found is None or found.group(1).lower() in SAFE_SCHEMES


def link(label: object, target: str, image: bool = False) -> str:
    """A link (a picture when `image`) to `target` labelled `label`, its target
    percent-encoded where Markdown would end it; when the target is not `safe_target`,
    the label and the target as text, nothing live."""
    if not safe_target(target):
        return f"{text(label)} ({text(target)})"
    encoded = quote(target, safe="/:#?&=%@+,;~.-_!$*'")  # spaces, (, ), < and > encoded
    return f"{'!' if image else ''}[{text(label)}]({encoded})"


__all__ = ["SAFE_SCHEMES", "code", "link", "safe_target", "text"]
