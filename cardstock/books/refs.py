"""Page references: a rulebook's text names one of its headings, `{{ see('Setting up') }}`,
and the build prints the heading's words with the page it is on: "Setting up, p. 4" in
the PDFs, a link to the heading in the web page and the e-book.

The template helper writes a token (`token`): the heading's words, hex-encoded so that no
markup reads them, between two private-use characters. The story turns it into the words,
a comma and a room as wide as "p. 00" followed by a callback (`markup`); where the callback
is drawn the page draws a form named after the heading (`draw`), and once every heading
has found its page, before the canvas is saved, the document defines each form as the
words "p. N" (`define`), as its contents' page numbers are made. So the book is laid out
in one pass, whatever page the heading comes on. A reference to a heading the book does
not have is an error at the template (`unknown`)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth

from ..core.toolwords import ToolWords

TOKEN = re.compile("\ue000([0-9a-f]*)\ue001")
CALLBACK = "cardstock_pageref"
PAGE = "p. {page}"  # a page a rulebook refers to (cardstock's words: the catalog's language)
_ROOM = "00"  # the digits a page number is given room for; a longer one is set narrower


def token(title: str) -> str:
    """What `see(title)` writes into the template's text."""
    return f"\ue000{title.encode('utf-8').hex()}\ue001"


def title_of(code: str) -> str:
    """The heading's words a token's code names."""
    return bytes.fromhex(code).decode("utf-8", "replace")


def titles(text: str) -> list[str]:
    """The headings the references in `text` name, in order."""
    return [title_of(m.group(1)) for m in TOKEN.finditer(text)]


def plain(text: str) -> str:
    """`text` with each reference as the heading's words alone (for a search, a check)."""
    return TOKEN.sub(lambda m: title_of(m.group(1)), text)


def unknown(text: str, headings: Iterable[str]) -> list[str]:
    """The headings `text` refers to that are not among `headings`, each once."""
    have = set(headings)
    return list(dict.fromkeys(t for t in titles(text) if t not in have))


def form_name(title: str) -> str:
    return "CardstockRef" + title.encode("utf-8").hex()


def markup(escaped: str, words: ToolWords, font: str, size: float) -> str:
    """Paragraph markup (already escaped) with each reference as the heading's words and,
    after a comma and a no-break space, the room its page is drawn in (`draw`): no-break
    spaces as wide as "p. 00", then the callback."""

    def one(m: re.Match[str]) -> str:
        code = m.group(1)
        width = stringWidth(words(PAGE, page=_ROOM), font, size)
        count = max(1, round(width / stringWidth("\u00a0", font, size)))
        room = "\u00a0" * count
        back = stringWidth(room, font, size)
        label = f"{code} {size:.2f} {back:.3f}"
        title = html.escape(title_of(code), quote=False)
        return (
            f'{title},\u00a0<font face="{font}">{room}</font>'
            f'<onDraw name="{CALLBACK}" label="{label}"/>'
        )

    return TOKEN.sub(one, escaped)


def draw(canvas: Any, label: str, at: tuple[float, float], used: dict[str, float]) -> None:
    """Draw the form of a reference's page where its callback is called (`at`, the text's
    position in the paragraph's space: the end of its room); `used` gets the heading and
    the size its page is set in."""
    code, size, back = label.split(" ")
    title = title_of(code)
    used.setdefault(title, float(size))
    canvas.saveState()
    canvas.translate(at[0] - float(back), at[1])
    canvas.doForm(form_name(title))
    canvas.restoreState()


def define(
    canvas: Any,
    used: Mapping[str, float],
    pages: Mapping[str, int],
    words: ToolWords,
    font: str,
    color: Any,
) -> None:
    """Define the form of each heading referred to (`used`: heading → type size): "p. N",
    its page as laid out ("?" for a heading the book does not have, which the build
    reports as an error); a number too wide for its room is set narrower."""
    for title in sorted(used):
        size = used[title]
        page = pages.get(title)
        said = words(PAGE, page=page if page is not None else "?")
        room = stringWidth(words(PAGE, page=_ROOM), font, size)
        width = stringWidth(said, font, size)
        canvas.beginForm(form_name(title), -1, -size, room + size, size * 2)
        text = canvas.beginText(0, 0)
        text.setFont(font, size)
        text.setFillColor(color)
        if width > room:
            text.setHorizScale(100 * room / width)
        text.textOut(said)
        canvas.drawText(text)
        canvas.endForm()


__all__ = [
    "CALLBACK",
    "PAGE",
    "TOKEN",
    "define",
    "draw",
    "form_name",
    "markup",
    "plain",
    "title_of",
    "titles",
    "token",
    "unknown",
]
