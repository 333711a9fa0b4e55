"""The print-and-play stages: every physical component of a game, in its full count, imposed
on each paper (`<game>-pnp-<paper>.pdf`), and the reference cards alone
(`<game>-quickref-<paper>.pdf`); with `--changed-since`, only the cards whose print changed
(`<game>-reprint-<paper>.pdf`, `cardstock.layout.fingerprints`).

Pieces are grouped by the sheet that takes them (layouts/sheets/), their shape and size, in
catalog order; each group is arranged by its sheet (grid, honeycomb, packed rows) and
pages with printed backs get a mirrored backs page (long or short edge), or become
gutterfold pages. The faces come from the game's `Faces` (laid out once per build).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from ..catalog.load import Catalog
from ..core.issues import Issue
from ..core.output import Artifact, artifact, discard
from ..core.stage import BuildOptions, Job, StageResult
from ..core.toolwords import ToolWords
from ..core.units import PAPER_LABELS, fmt_mm
from ..layout.art.shapes import shape_of
from ..layout.faces import Faces, own_back
from ..render.pdf import PdfFaces
from .bleed import least_bleed
from .footer import FooterReport
from .grid import Item, frame, grid_pages, plan_grid
from .kept import built_over, faces_changed, faces_of, recall, remember, sheet_key
from .leftover import place_blocks, place_leftovers
from .mixed import Room
from .pack import honeycomb_pages, pack_pages, plan_honeycomb
from .plan import Mirror, Page, add_backs, has_backs
from .render import DocInfo, Style, write_pdf
from .sheets import SheetFile, back_offset, choose, load_sheets, printer_margin, with_margin

FaceOf = Callable[[Any, str, bool], Any]  # (component, side, bleed) -> Face | None


def build_pnp(job: Job) -> StageResult:
    """`output/<game>/<game>-pnp-<paper>.pdf`: every component, every copy."""
    return _build(job.printing(), kinds=None, kind="pnp")  # continued cards' parts too


def build_reprint(job: Job) -> StageResult:
    """`output/<game>/<game>-reprint-<paper>.pdf`: the cards whose print changed since
    `--changed-since` (`cardstock.layout.fingerprints`), every copy, with their backs."""
    return _build(job.printing(), kinds=None, kind="reprint")


def build_quickref(job: Job) -> StageResult:
    """`output/<game>/<game>-quickref-<paper>.pdf`: the reference cards, front and back."""
    return _build(job, kinds={"reference"}, kind="quickref")


def _build(job: Job, *, kinds: set[str] | None, kind: str) -> StageResult:
    catalog, options, faces = job.catalog, job.build, job.faces

    def face_of(component: Any, side: str, bleed: bool) -> Any:
        """Pages hold each face's outline (size, shape, cut); its drawing is read when its
        page is written (`_FullFaces`), so a game of many thousands of distinct faces
        does not hold every drawing at once."""
        return faces.outline(faces.records.of(component), side, bleed=bleed)

    # the sheets, printer profiles and options were checked by cardstock.validate
    sheets, issues = load_sheets(catalog.root)
    assert not issues.errors, "sheets are validated before the build"
    offset, problems = back_offset(catalog.root, options)
    assert not any(p.level == "error" for p in problems), (
        "printer profiles are validated before the build"
    )
    margin = printer_margin(catalog.root, options)
    sheets = [with_margin(s, margin) for s in sheets]
    result = StageResult()
    components = [c for c in catalog.components if kinds is None or c.kind in kinds]
    if kind in ("pnp", "reprint"):
        components = selected(catalog, components, options, result.findings)
    if kind == "reprint":  # --changed-since: the changed cards alone, on sheets of their own
        from ..layout.fingerprints import changed_cards  # git's history: read by a reprint only

        ids = {c.id for c in changed_cards(job) or []}
        components = [c for c in components if c.id in ids]
        for paper in papers_for(
            catalog, options
        ):  # the sheets of an earlier reprint are out of date
            discard(Path(options.out) / catalog.id / f"{catalog.id}-reprint-{paper}.pdf")
    if not components:
        return result
    for paper in papers_for(catalog, options):
        pages, findings = impose(catalog, components, face_of, sheets, paper, options, offset)
        result.findings.extend(findings)
        if kind in ("pnp", "reprint") and options.pages:
            pages = [page for number, page in enumerate(pages, start=1) if number in options.pages]
            if not pages:
                result.findings.append(
                    Issue(
                        "command line",
                        None,
                        "--pages",
                        f"{catalog.id}: none of the pages asked for exist on {paper}; nothing "
                        "was written",
                        "warning",
                    )
                )
                continue
        path = Path(options.out) / catalog.id / f"{catalog.id}-{kind}-{paper}.pdf"
        made, found = _sheet_file(job, path, pages, doc_info(catalog, paper, kind), paper, kind)
        result.findings.extend(found)
        result.artifacts.append(made)
    return result


def _sheet_file(
    job: Job, path: Path, pages: list[Page], info: DocInfo, paper: str, kind: str
) -> tuple[Artifact, list[Issue]]:
    """The sheet file of these pages and what its footers found: the file a build wrote
    before, when nothing it draws changed and it is still in place (`impose.kept`), else
    drawn and written."""
    catalog, out, faces = job.catalog, Path(job.build.out), job.faces
    count = len(pages)
    faces_now = faces_of(pages)
    changed = faces_changed(job.cache, catalog.root, path, faces_now)
    key = None if changed else sheet_key(catalog.root, path, info, pages)
    known = None if key is None else recall(job.cache, key, out, path, catalog.id, kind, paper)
    if known is not None:  # the same pages over the same faces: the file already written
        return known
    report = FooterReport(path.name)
    data = write_pdf(
        pages,
        info,
        lambda canvas: _FullFaces(canvas, faces),
        release=True,
        report=report,
    )  # empties `pages`
    found = report.issues(catalog.root)
    made = artifact(catalog.id, kind, path, data, paper=paper, pages=count)
    if key is not None:
        remember(job.cache, key, made, found)
    built_over(job.cache, catalog.root, path, faces_now)
    return made, found


def check_inputs(catalogs: list[Catalog], options: BuildOptions) -> list[Issue]:
    """What the sheet stages read besides the faces, checked before anything is written:
    the sheet files and printer profiles, and a sheet that takes every piece the build
    prints on every paper it asks for (one problem per kind of piece, naming how many
    components it hits)."""
    if not catalogs:
        return []
    root = catalogs[0].root
    sheets, problems = load_sheets(root)
    found: list[Issue] = list(problems)
    found += [p for p in back_offset(root, options)[1] if p.level == "error"]
    if problems.errors:
        return found
    missing: dict[Issue, list[str]] = {}
    for catalog in catalogs:
        for paper in papers_for(catalog, options):
            for comp in catalog.components:
                if (
                    options.only is not None
                    and not {"pnp", "reprint"} & options.only
                    and comp.kind != "reference"
                ):
                    continue
                if (
                    choose(sheets, game=catalog.id, kind=comp.kind, size=comp.size, paper=paper)
                    is None
                ):
                    issue = Issue(
                        "layouts/sheets",
                        None,
                        comp.kind,
                        f"no sheet takes {comp.kind} pieces of size {comp.size!r} on {paper}; "
                        "add one to layouts/sheets/ (see docs/sheets.md)",
                    )
                    missing.setdefault(issue, []).append(comp.id)
    for issue, who in missing.items():
        many = (
            f"{len(who)} components, first {who[0]!r}" if len(who) > 1 else f"component {who[0]!r}"
        )
        found.append(
            Issue(issue.file, issue.line, issue.field, f"{issue.message} (needed by {many})")
        )
    return found


def selected(
    catalog: Catalog, components: list[Any], options: BuildOptions, findings: list[Issue]
) -> list[Any]:
    """The components `--set` and `--cards` ask for (all when neither is given)."""
    if not options.select_sets and not options.select_cards:
        return components
    keep = [
        c
        for c in components
        if (not options.select_sets or c.set in options.select_sets)
        and (not options.select_cards or c.id in options.select_cards)
    ]
    if not keep:
        asked = ", ".join(options.select_sets + options.select_cards)
        findings.append(
            Issue(
                "command line",
                None,
                "--set/--cards",
                f"{catalog.id}: no component matches {asked}; its sets are "
                f"{', '.join(s.id for s in catalog.game.sets)}",
                "warning",
            )
        )
    return keep


class _FullFaces:
    """Draws faces given by their outline (`Faces.outline`) with their drawing, read back
    one placement at a time."""

    def __init__(self, canvas: Any, faces: Faces) -> None:
        self._pdf = PdfFaces(canvas)  # each face's drawing recorded once, for every paper's sheets
        self._faces = faces
        self._formed: set[str] = set()  # faces already drawn once as a reused form

    def draw(self, face: Any, x: float, y: float, *, reuse: bool = False) -> None:
        if reuse and face.key in self._formed:  # the form exists: its ops are not read again
            self._pdf.draw(face, x, y, reuse=True)
            return
        if reuse:
            self._formed.add(face.key)
        if self._pdf.recorded(face):  # another paper recorded it: its ops are not read again
            self._pdf.draw(face, x, y, reuse=reuse)
            return
        self._pdf.draw(self._faces.full(face), x, y, reuse=reuse)


def papers_for(catalog: Catalog, options: BuildOptions) -> list[str]:
    """The papers asked for that the game prints on (its [print] papers)."""
    wanted = list(options.papers)
    allowed = set(catalog.game.print.papers)
    return [p for p in wanted if p in allowed]


def doc_info(catalog: Catalog, paper: str, kind: str) -> DocInfo:
    what = {"quickref": "quick-reference cards", "reprint": "reprinted cards"}.get(
        kind, "print-and-play sheets"
    )
    return sheet_info(catalog, paper, what)


def sheet_info(catalog: Catalog, paper: str, what: str, **values: object) -> DocInfo:
    """The title, footer and paper label of a game's file of `what` on `paper` (the sheets,
    tuck boxes, board tiles and cut sheets name themselves the same way): `what` is a
    message of cardstock's catalog, in the game's language with its `values`."""
    g = catalog.game
    label = catalog.tool_words(PAPER_LABELS.get(paper, paper))  # "US Letter" in the language
    return DocInfo(
        title=catalog.tool_words(
            "{game} {version}: {what}, {paper}",
            game=g.title,
            version=g.version,
            what=catalog.tool_words(what, **values),
            paper=label,
        ),
        footer=f"{g.title}  v{g.version}",
        paper_label=label,
        words=catalog.tool_words,
    )


def style_of(sheet: SheetFile) -> Style:
    m, f = sheet.sheet.marks, sheet.sheet.footer
    return Style(
        width=m.width,
        color=m.color,
        cut_color=m.cut_color,
        fold_color=m.fold_color,
        font_size=f.font_size,
        scale_bar=f.scale_bar,
        sheet=sheet.file,
    )


class _Group:
    """Pieces one sheet arranges together: same arrangement, shape, size, and fold (a
    private holder: a plain class)."""

    __slots__ = ("sheet", "arrange", "folded", "items")

    def __init__(self, sheet: SheetFile, arrange: str, folded: bool, items: list[Item]) -> None:
        self.sheet = sheet
        self.arrange = arrange
        self.folded = folded  # gutterfold: fronts and backs on one page
        self.items = items


def arrangement(sheet: SheetFile, shape: str) -> str:
    want = sheet.sheet.arrange
    natural = shape_of(shape).arrange  # what the shape registry says `auto` picks
    if want == "grid" or (want == "honeycomb" and natural != "honeycomb"):
        return "grid"
    if want == "honeycomb" or (want == "auto" and natural == "honeycomb"):
        return "honeycomb"
    if want == "pack" or natural == "pack":
        return "pack"
    return "grid"


def impose(
    catalog: Catalog,
    components: Iterable[Any],
    face_of: FaceOf,
    sheets: list[SheetFile],
    paper: str,
    options: BuildOptions,
    offset: tuple[float, float],
) -> tuple[list[Page], list[Issue]]:
    """Every copy of every component placed on pages of `paper`, backs and footers set."""
    findings: list[Issue] = []
    arranged: list[tuple[Page, Mirror | None]] = []
    room: Room | None = None  # under the last grid page: the next size's first cards go there
    for group in _groups(catalog, components, face_of, sheets, paper, options, findings):
        grid = group.arrange == "grid" and not group.folded
        bleed = front_bleed(group.items[0].front) if options.bleed else 0.0
        if room is not None and grid:
            cut_lines = group.sheet.sheet.marks.cut_lines if options.bleed else "always"
            group.items = room.take(
                group.items,
                group.sheet,
                bleed=bleed,
                cut_lines=cut_lines,
                style=style_of(group.sheet),
            )
            if not group.items:
                continue
        fronts, fold = _arrange(group, paper, options, findings)
        arranged += [(page, fold) for page in _marked(fronts, group.sheet)]
        room = (
            Room.under(fronts[-1], group.sheet, paper, bleed)
            if grid and fronts and not group.sheet.sheet.marks.registration
            else None
        )
    if not options.gutterfold:  # a few pieces left at the end of a run go where there is room
        kept = place_leftovers(
            [page for page, _ in arranged], lambda face: front_bleed(face) if options.bleed else 0.0
        )
        kept = place_blocks(
            kept
        )  # and a page whose whole block fits beside another page's goes there
        still = {id(k) for k in kept}  # the pages left: each looked up once, not searched for
        arranged = [(page, fold) for page, fold in arranged if id(page) in still]
    pages: list[Page] = []
    alike: dict[
        tuple[Any, ...], Any
    ] = {}  # what the backs pages of the file share (`plan.mirrored`)
    # a file with no printed backs at all (every set single-sided) prints on one side:
    # blank reverses only keep a file's pages with backs in step
    blanks = not options.gutterfold and any(has_backs(page) for page, _ in arranged)
    for page, fold in arranged:
        page.bleed = least_bleed(page)
        pages.extend(
            add_backs(
                [page],
                fold,
                options.duplex,
                offset,
                blanks=blanks,
                alike=alike,
                words=catalog.tool_words,
            )
        )
    _notes(pages, catalog.tool_words)
    return pages, findings


def _notes(pages: list[Page], words: ToolWords) -> None:
    """Each page's note in the footer: which page a backs page or a blank reverse goes
    behind, and how the sheet turns over (`words`: the file's language)."""
    for n, page in enumerate(pages, start=1):
        if page.role == "backs":
            page.note = words(
                "backs of page {n}: print on its reverse, {flip}", n=n - 1, flip=page.note
            )
        elif page.role == "blank":
            page.note = words("blank reverse of page {n}, which is single-sided", n=n - 1)
        elif n < len(pages) and pages[n].role == "blank":
            page.note = words("single-sided: page {n} is its blank reverse", n=n + 1)


def _groups(
    catalog: Catalog,
    components: Iterable[Any],
    face_of: FaceOf,
    sheets: list[SheetFile],
    paper: str,
    options: BuildOptions,
    findings: list[Issue],
) -> list[_Group]:
    """Every copy of every component, grouped by how it is arranged, in catalog order;
    packed pieces of one sheet form one group (they share pages). The reverses of a
    double-sided set (and of reference cards) are each card's own, but of one design, the
    set's: they share cuts as a deck's backs do (`Item.back_design`)."""
    groups: dict[tuple[Any, ...], _Group] = {}
    for comp in components:
        front = face_of(comp, "front", options.bleed)
        if front is None:
            findings.append(
                Issue(
                    comp.file,
                    comp.line,
                    comp.id,
                    "has no front face; it is not on the print-and-play sheets",
                    "warning",
                )
            )
            continue
        back = face_of(comp, "back", options.bleed)
        sheet = choose(sheets, game=catalog.id, kind=comp.kind, size=comp.size, paper=paper)
        assert sheet is not None, "cardstock.validate checks that a sheet takes every piece"
        arrange = arrangement(sheet, front.shape)
        folded = options.gutterfold and back is not None
        key: tuple[Any, ...] = (sheet.file, arrange, folded)
        if arrange != "pack":
            key += (front.shape, round(front.width, 2), round(front.height, 2))
        group = groups.setdefault(key, _Group(sheet, arrange, folded, []))
        design = f"reverse of set {comp.set}" if own_back(catalog, comp) else None
        group.items.extend(Item(front, back, comp.id, design) for _ in range(comp.count))
    return list(groups.values())


def _arrange(
    group: _Group, paper: str, options: BuildOptions, findings: list[Issue]
) -> tuple[list[Page], Mirror | None]:
    """The group's fronts pages (each placement carries its back), and the fold, if any."""
    sheet, s = group.sheet, group.sheet.sheet
    style = style_of(sheet)
    first = group.items[0].front
    bleed = front_bleed(first) if options.bleed else 0.0
    if group.arrange == "grid":
        layout = plan_grid(first.width, first.height, bleed, s, paper, group.folded)
        if layout is None:
            findings.extend(_too_big(group.items, sheet, paper))
            return [], None
        if not layout.kept:
            findings.append(
                Issue(
                    sheet.file,
                    None,
                    "marks.min_bleed",
                    f"no grid of {fmt_mm(first.width)} x {fmt_mm(first.height)} pieces on "
                    f"{PAPER_LABELS.get(paper, paper)} keeps "
                    f"{fmt_mm(min(bleed, s.marks.min_bleed))} of bleed and a crop mark on every "
                    "side; the fullest grid is used and its footer prints the bleed it has "
                    "(a smaller printer margin or a gutter may help)",
                    "warning",
                )
            )
        cut_lines = s.marks.cut_lines if options.bleed else "always"
        return grid_pages(
            group.items, layout, s, bleed=bleed, cut_lines=cut_lines, style=style
        ), layout.fold
    if group.arrange == "honeycomb":
        fr, slots = plan_honeycomb(first.width, first.height, s, paper, group.folded, bleed)
        if fr is None:
            findings.extend(_too_big(group.items, sheet, paper))
            return [], None
        return honeycomb_pages(group.items, fr, slots, bleed=bleed, style=style), fr.fold
    orientation = "portrait" if s.orientation == "auto" else s.orientation
    edge = "bottom" if s.footer.edge == "auto" else s.footer.edge
    fr = frame(s, paper, orientation, "x" if group.folded else None, edge)
    like: dict[
        tuple[Any, ...], list[Item]
    ] = {}  # pieces of one shape and size, for rows and lattices
    for item in group.items:
        f = item.front
        like.setdefault((f.shape, round(f.width, 2), round(f.height, 2)), []).append(item)
    fronts, too_big = pack_pages(
        list(like.values()), fr, bleed=bleed, gap=s.pack.gap, rotate=s.pack.rotate, style=style
    )
    findings.extend(_too_big(too_big, sheet, paper))
    return fronts, fr.fold


def _marked(pages: list[Page], sheet: SheetFile) -> list[Page]:
    """The sheet's choices that apply to any arrangement: registration marks, outlines."""
    marks = sheet.sheet.marks
    for page in pages:
        if marks.registration:
            page.registration = (marks.registration_size, marks.registration_inset)
        if not marks.outlines and page.role == "pieces":
            page.outlines, page.cuts = [], []
    return pages


def front_bleed(face: Any) -> float:
    return float(getattr(face, "bleed", 0.0) or 0.0)


def _too_big(items: list[Item], sheet: SheetFile, paper: str) -> list[Issue]:
    """One warning per component left off the sheets because it does not fit the paper."""
    first: dict[str, Item] = {}
    for item in items:
        first.setdefault(item.component, item)
    out = []
    for item in first.values():
        f = item.front
        out.append(
            Issue(
                sheet.file,
                None,
                item.component,
                f"a {fmt_mm(f.width)} x {fmt_mm(f.height)} piece does not fit on "
                f"{PAPER_LABELS.get(paper, paper)} inside the margins; it is not on the sheets",
                "warning",
            )
        )
    return out
