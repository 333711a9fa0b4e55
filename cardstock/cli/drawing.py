"""`cardstock drawing`: a game's layout written as a drawing to open in Inkscape
(`layout.template`), into the game's layouts folder, never over a file that is there
nor through a link, and only for a layout whose name is a plain name (`core.names`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..core.issues import Issue
from ..core.names import child
from ..core.output import write_atomic
from ..core.units import UnitError, parse_length, parse_size
from ..layout.art.shapes import Geometry
from ..layout.faces import front_layout_name
from ..layout.language.load import layout_name_problem, load_layouts, shared_files
from ..layout.template import layout_drawing
from .common import (
    EXIT_INPUT,
    EXIT_OK,
    load_catalogs,
    print_issues,
    safe,
    written_through_link,
)


def cmd_drawing(args: argparse.Namespace) -> int:
    catalogs, code = load_catalogs(args, [args.game], rules=False)
    if code:
        return code
    catalog = catalogs[0]
    ls = load_layouts(catalog.root, catalog.game.id, shared_files(catalog))
    lay = ls.resolve(args.layout)
    shown = f"layouts/{catalog.game.id}/faces.toml"
    if lay is None:
        known = ", ".join(sorted(ls.names()))
        print_issues(
            [
                Issue(
                    shown, None, "", f"there is no layout {args.layout!r}; the layouts are: {known}"
                )
            ]
        )
        return EXIT_INPUT
    bad = layout_name_problem(args.layout)
    if bad is not None:
        f, line = ls.raw[args.layout]["origins"][""].origin()
        print_issues([Issue(f, line, f"layouts.{args.layout}", f"not a layout's name: {bad}")])
        return EXIT_INPUT
    users = [c for c in catalog.components if front_layout_name(catalog, c, ls) == args.layout]
    try:
        w, h = parse_size(users[0].size if users else catalog.game.print.card_size)
        bleed, safe_margin = (
            parse_length(v) for v in (catalog.game.print.bleed, catalog.game.print.safe)
        )
    except UnitError as exc:
        print_issues([Issue(f"catalog/{catalog.game.id}/game.toml", None, "print", str(exc))])
        return EXIT_INPUT
    if args.out:
        target = Path(args.out)  # where the person running it asks, as asked
    else:
        target = child(child(catalog.root / "layouts", catalog.game.id), f"{args.layout}.svg")
        if written_through_link(catalog, target, "drawings"):
            return EXIT_INPUT
    if target.exists():
        print_issues(
            [Issue(str(target), None, "", "is there already; name another file with --out")]
        )
        return EXIT_INPUT
    svg = layout_drawing(lay, Geometry(w, h, bleed, safe_margin), ls.theme, ls.styles)
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(target, svg.encode("utf-8"))
    print(safe(f"wrote {target}: name it in a layout file with drawn = {target.name!r}"))
    return EXIT_OK
