"""What `layouts/print-shops.toml` must hold beyond its model's types, checked when the file
is read (`presets.load_presets`), so a bad value is refused at its line (exit 2) before
anything is laid out or written:

- every name that becomes a path is a plain name (`core.names`): a size's `name` (the
  folder, or `<name>.pdf`, of an upload per size), unique in its service, and, where the
  service uploads per size and splits a deck past its largest (`presets.uploads`: parts
  `<name>-1`, `<name>-2`, ...), never another size's name followed by `-` and a number,
  which would be that size's part's folder, nor, where the service also gets tuck boxes
  (`<deck>-tuckbox.png` beside the uploads), a name ending in `-tuckbox.png`; a service's
  own name (its folder, beside the zips `<game>-<service>.zip`) does not end in `.zip`; a
  PDF/X `profile` is a relative path of plain names below `layouts/`;
- an image is bounded: `pixels` a side at least 1, at most `MOST_PIXELS` in all (the limit
  for art, `catalog.art.MAX_PIXELS`); `dpi` from `LEAST_DPI` to `MOST_DPI`, as `--dpi`;
  a card size's image holds its trim at its `dpi` (the service's bleed is never
  negative, and the faces drawn at `dpi` are no larger than the image);
- the lengths parse, and the deck sizes are counts, smallest first, none above
  `MAX_DECK`.

A tuck box's image is bounded the same way, and the cards it holds by `MAX_DECK`
(`tuckboxes.template_problems`).

The decks of a game's uploads are keyed by what they are (`deck_key`, from `impose.tuckbox`,
which the tuck boxes group their cards by too: a deck's box holds the cards its upload
holds): the deck of the back a card shares with others, or its set's deck when it has a
back of its own (a reference card, a double-sided set, a card whose text continues on its
back) or none (a single-sided set). A back's id and a set's id are names of different
kinds, and a back may be named like a set: a deck is a `Key` of its kind and its id, never
the bare id, so two decks are never one because their ids coincide. Their files are named
by their ids while that names one thing (`distinct`): the deck `pack` is the upload
`pack/` (or `pack.pdf`) and the tuck box `pack-tuckbox.png`; where a back and a set share
an id, both decks are named with their kind (`back_quickref`, `set_quickref`), which no id
is (an id holds only lowercase letters, digits and hyphens,
`catalog.fields.SLUG_PATTERN`). An upload's back images (`back/<name>.png`) are named the
same way: a shared back by its id, a card's own back by its front's file name
(`007-quickref`), both with their kind where they coincide. Where a service takes a deck
per back, a deck is one card size (`mixed_sizes`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from ..catalog.art import MAX_PIXELS
from ..catalog.load import Catalog
from ..core.files import Unreadable, read_bytes
from ..core.issues import Issue
from ..core.names import plain_name
from ..core.project import shared_layout
from ..core.tomlpos import KeyLines, line_for
from ..core.units import POINTS_PER, UnitError, parse_length, parse_size
from ..impose.tuckbox import Key, deck_key
from ..render.pdfdoc import PdfX

__all__ = ["Key", "deck_key"]  # what a deck is (`impose.tuckbox`), for the print shops too

MOST_PIXELS = MAX_PIXELS  # an upload image's pixels in all: 50 megapixels
LEAST_DPI, MOST_DPI = 10, 1200  # an upload image's resolution, the range `--dpi` takes
# The most cards a deck a service sells (`deck_sizes`) or a tuck box holds (`cards`) may
# say. They are only compared with a deck's count, but an unbounded number is no card
# count: the largest deck the shipped services sell holds 612 cards and their largest box
# 108, and a catalog's row says at most 10,000 copies, so 10,000 leaves room for any
# real deck and refuses a typo or a 10**30.
MAX_DECK = 10_000
CARD_KINDS = ("card", "reference")  # the kinds a print shop takes
_PART = re.compile(r"(.+)-[0-9]+")  # a split upload's part: its name, `-`, a number
BOX_FILE = "-tuckbox.png"  # a deck's tuck box beside a service's uploads: `<deck>-tuckbox.png`


def service_name_problem(sid: str) -> str | None:
    """What keeps `sid` from naming a service's folder of uploads: not a plain name, or
    named like a zip (the zips, `<game>-<service>.zip`, lie beside the folders); None when
    it names one."""
    wrong = plain_name(sid)
    if wrong is None and sid.casefold().endswith(".zip"):
        wrong = (
            f"{sid!r} ends in '.zip': the service's folder would be named like a zip of "
            "the uploads (`<game>-<service>.zip`) beside it; name the service otherwise"
        )
    return wrong


def deck_problem(cards: int) -> str | None:
    """Why `cards` is no deck's card count (at least 1, at most `MAX_DECK`); None when
    it is one."""
    if cards < 1:
        return f"a deck holds at least 1 card, got {cards}"
    if cards > MAX_DECK:
        return f"a deck holds at most {MAX_DECK:,} cards (cardstock's bound), got {cards:,}"
    return None


def image_problems(pixels: Sequence[int], dpi: int) -> list[tuple[str, str]]:
    """(field, message) for an upload image of `pixels` (width, height) at `dpi` that is
    out of bounds: a side below 1 pixel, more than `MOST_PIXELS` in all, or a resolution
    outside `LEAST_DPI`-`MOST_DPI`."""
    found = []
    w, h = pixels
    if w < 1 or h < 1:
        found.append(("pixels", f"an image is at least 1 pixel a side, got {w} x {h}"))
    elif w * h > MOST_PIXELS:
        found.append(
            (
                "pixels",
                f"an image has at most {MOST_PIXELS // 1_000_000} megapixels, got {w} x {h} "
                f"({w * h:,} pixels)",
            )
        )
    if not LEAST_DPI <= dpi <= MOST_DPI:
        found.append(
            (
                "dpi",
                f"expected a resolution from {LEAST_DPI} to {MOST_DPI} dots per inch, got {dpi}",
            )
        )
    return found


def profile_problem(profile: str) -> str | None:
    """What keeps a PDF/X `profile` from being a file below `layouts/` (a relative path
    of plain names); None when it is one."""
    if profile.startswith(("/", "\\")):
        return f"{profile!r}: expected a path relative to layouts/, not an absolute one"
    for part in profile.split("/"):
        wrong = plain_name(part)
        if wrong is not None:
            return f"{profile!r}: {wrong}"
    return None


def output_intent(root: Path, spec: Any) -> tuple[PdfX | None, str]:
    """A service's PDF/X output intent (`spec`, a `presets.PdfXSpec`) with its profile
    read (from the project's `layouts/<profile>`, else cardstock's), or why the profile
    cannot serve: not a path below `layouts/`, unreadable, or not an ICC output profile of
    CMYK."""
    wrong = profile_problem(spec.profile)
    if wrong is not None:
        return None, wrong
    path, shown = shared_layout(root, spec.profile)
    try:
        data = read_bytes(path, root)
    except Unreadable as exc:
        return None, f"{shown}: cannot read the profile: {exc}"
    if len(data) < 132 or data[36:40] != b"acsp":
        return None, f"{shown}: not an ICC profile"
    if data[12:16] != b"prtr" or data[16:20] != b"CMYK":
        kind = data[12:16].decode("latin-1").strip()
        space = data[16:20].decode("latin-1").strip()
        return (
            None,
            f"{shown}: PDF/X-1a needs an output profile of CMYK (class prtr, colour space CMYK), "
            f"got class {kind!r} of {space!r}",
        )
    return PdfX(spec.version, spec.condition, spec.registry, spec.info, data), ""


def service_problems(
    root: Path, shown: str, lines: KeyLines, sid: str, service: Any
) -> list[Issue]:
    """A located problem for each thing the service `sid` (a `presets.Service`, read from
    `shown`) holds that its model cannot check (see the module's docstring), but its tuck
    boxes (`tuckboxes.template_problems`, which `presets.load_presets` asks)."""
    bad: list[Issue] = []

    def say(key: tuple[str | int, ...], field: str, message: str) -> None:
        bad.append(Issue(shown, line_for(lines, ("services", sid, *key)), field, message))

    if service.pdfx is not None:
        _, problem = output_intent(root, service.pdfx)
        if problem:
            say(("pdfx", "profile"), f"services.{sid}.pdfx.profile", problem)
    for i, n in enumerate(service.deck_sizes):
        wrong = deck_problem(n)
        if wrong is not None:
            say(("deck_sizes", i), f"services.{sid}.deck_sizes[{i}]", wrong)
    if service.deck_sizes != sorted(set(service.deck_sizes)):
        say(
            ("deck_sizes",),
            f"services.{sid}.deck_sizes",
            "deck sizes must be listed smallest first, each once",
        )
    named: dict[str, int] = {}
    for i, size in enumerate(service.sizes):
        for field, message in size_problems(size, named.get(size.name.casefold())):
            say(("sizes", i, field), f"services.{sid}.sizes[{i}].{field}", message)
        named.setdefault(size.name.casefold(), i)
    if service.uploads == "size" and service.files == "images" and service.tuckboxes:
        for i, size in enumerate(service.sizes):
            if size.name.casefold().endswith(BOX_FILE):
                say(
                    ("sizes", i, "name"),
                    f"services.{sid}.sizes[{i}].name",
                    f"{size.name!r} ends in {BOX_FILE!r}: the folder of this size's upload "
                    f"would be named like a deck's tuck box (`<deck>{BOX_FILE}`) beside it; "
                    "name the size otherwise",
                )
    if service.uploads == "size" and service.deck_sizes:  # a size's parts are folders
        for i, other in part_clashes([size.name for size in service.sizes]):
            say(
                ("sizes", i, "name"),
                f"services.{sid}.sizes[{i}].name",
                f"{service.sizes[i].name!r} is the name of a part of sizes[{other}]'s upload "
                f"({service.sizes[other].name!r} split past the largest deck, "
                f"{service.deck_sizes[-1]} cards, into '{service.sizes[other].name}-1', "
                f"'{service.sizes[other].name}-2', ...); name the size otherwise",
            )
    return bad


def part_clashes(names: Sequence[str]) -> list[tuple[int, int]]:
    """(i, j) for each name `names[i]` that is `names[j]` followed by `-` and a number
    (ignoring case, as a file system may): the folder of a part of the upload `names[j]`
    once it is split (`presets.uploads`)."""
    first: dict[str, int] = {}
    for at, name in enumerate(names):
        first.setdefault(name.casefold(), at)
    found = []
    for i, name in enumerate(names):
        match = _PART.fullmatch(name.casefold())
        whole = first.get(match.group(1)) if match else None
        if whole is not None and whole != i:
            found.append((i, whole))
    return found


def size_problems(size: Any, same: int | None) -> list[tuple[str, str]]:
    """(field, message) for each thing wrong with a card size (a `presets.Size`) of a
    service (`same`: the
    index of an earlier size of the service with the same name, when there is one)."""
    found = []
    wrong = plain_name(size.name)  # an upload per size is a folder (or a PDF) so named
    if wrong is None and same is not None:
        wrong = f"the name of sizes[{same}] already (each size is named once)"
    if wrong is not None:
        found.append(("name", wrong))
    trim = None
    for field in ("trim", "safe"):
        try:
            if field == "trim":
                trim = parse_size(size.trim)
            else:
                parse_length(size.safe)
        except UnitError as exc:
            found.append((field, str(exc)))
    bounds = image_problems(size.pixels, size.dpi)
    found += bounds
    if trim is not None and not bounds:
        need = [n / POINTS_PER["in"] * size.dpi for n in trim]  # pixels, unrounded
        if any(p < n - 0.5 for p, n in zip(size.pixels, need, strict=True)):
            found.append(
                (
                    "pixels",
                    f"the image ({size.pixels[0]} x {size.pixels[1]} px at {size.dpi} dpi) is "
                    f"smaller than the trim ({round(need[0])} x {round(need[1])} px)",
                )
            )
    return found


def distinct(keys: Iterable[Key]) -> dict[Key, str]:
    """Each key's file name: its bare name, or `<kind>_<name>` when another key has the
    same bare name (ignoring case, as a file system may). Distinct keys of one kind never
    share a bare name (ids and front names are unique), and no bare name holds `_`, so the
    names are distinct."""
    keys = list(dict.fromkeys(keys))
    shared = Counter(k.name.casefold() for k in keys)
    return {k: k.name if shared[k.name.casefold()] == 1 else f"{k.kind}_{k.name}" for k in keys}


def deck_names(catalog: Catalog) -> dict[Key, str]:
    """The file name of every deck of the game a print shop gets (`deck_key`): its upload's
    and its tuck box's (`tuckboxes.tuckbox_images`), which hold the same deck and carry
    one name, where those of two decks never do."""
    return distinct(deck_key(catalog, c) for c in catalog.components if c.kind in CARD_KINDS)


def mixed_sizes(
    service_name: str, by_deck: dict[str, list[Any]], size_of: Callable[[Any], str | None]
) -> list[Issue]:
    """A problem for each deck (its components, by its name) whose cards a service that
    takes a deck per back prints in two of its sizes (`size_of`: a component's size's name,
    None where it prints none): a deck is one product of one card size. Located at the
    deck's first card of its second size."""
    found = []
    for deck, comps in by_deck.items():
        sizes = [(c, n) for c in comps if (n := size_of(c)) is not None]
        other = next(((c, n) for c, n in sizes if n != sizes[0][1]), None)
        if other is None:
            continue
        found.append(
            Issue(
                other[0].file,
                other[0].line,
                "back",
                f"{service_name} takes a deck in one card size, but the deck {deck!r} holds "
                f"{sizes[0][1]} cards ({sizes[0][0].id!r}) and {other[1]} cards (this card, "
                f"{other[0].id!r}); give the cards of one size a back of their own",
            )
        )
    return found
