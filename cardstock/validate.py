"""The validation stage: every input of the games asked, checked before any stage runs.

`validate(root, games, options)` loads the catalogs (game files, tables, rules) and then
checks everything else a build reads — the layouts a game sees (keys, box types, literal
values, fonts, template syntax), the symbol library, the sheets and printer profiles, the
rule and page templates (syntax and the names they use), the art files the catalog names,
the build options, and bounds on counts and sizes — into one list of issues. Every problem
is listed once: a layout mistake every card hits is one issue that says how many cards it
hits. The stages that follow assume what is checked here and do not check it again.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional

from jinja2 import TemplateError, nodes
from jinja2.parser import Parser

from .core.issues import Issue, Issues
from .catalog.load import Catalog, load_games
from .core.project import shared_layout
from .core.templating import environment, known, template_message
from .core.units import UnitError, parse_length, parse_size

if TYPE_CHECKING:
    from .layout.spec import LayoutSet
    from .core.stage import BuildOptions

# Bounds that keep a typo from turning into hours of work or gigabytes of memory.
MAX_COPIES = 10_000  # copies of one component (the bench prints 10,000 of one card)
MAX_COMPONENTS = 100_000  # physical components in one game
MAX_SIDE = parse_length("1000mm")  # the longer side of one piece

# Layout keys whose values are lengths; the edges may also be percentages of the frame.
EDGE_KEYS = frozenset({"left", "right", "width", "top", "bottom", "height"})
LENGTH_KEYS = EDGE_KEYS | {"stroke_width", "radius", "padding", "size", "min_size"}
LAYOUT_LENGTH_KEYS = frozenset({"corner_radius", "tab", "base"})
COLOR_KEYS = frozenset({"fill", "stroke", "color", "rule"})
COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")


def _is_template(value: Any) -> bool:
    return isinstance(value, str) and ("{{" in value or "{%" in value)


def validate(root: Path, games: Optional[list[str]] = None, options: Optional["BuildOptions"] = None) -> tuple[list[Catalog], Issues]:
    """Every input of `games` (all by default) checked; the catalogs and every problem.

    With `options` (a build), the sheets, printer profiles and the options themselves are
    checked too; without (a rules check), only what the rules check reads."""
    catalogs, loaded = load_games(root, games)
    found: list[Issue] = list(loaded)
    if catalogs:
        found += _shared(root, options)
    for catalog in catalogs:
        found += _game(catalog, options)
    issues = Issues()
    issues.extend(unique(found))
    return catalogs, issues


def unique(issues: Iterable[Issue]) -> list[Issue]:
    """Issues without repeats, in the order first found."""
    return list(dict.fromkeys(issues))


class _Tally:
    """Problems that depend on a component, counted: (issue) -> the components it hit."""

    def __init__(self, hits: dict[Issue, list[str]]) -> None:
        self.hits = hits

    def add(self, issue: Issue, who: str) -> None:
        self.hits.setdefault(issue, []).append(who)

    def issues(self) -> list[Issue]:
        out = []
        for issue, who in self.hits.items():
            if len(who) > 1:
                more = f"{len(who)} components, first {who[0]!r}"
            else:
                more = f"component {who[0]!r}"
            out.append(Issue(issue.file, issue.line, issue.field, f"{issue.message} (needed by {more})", issue.level))
        return out


# ---------------------------------------------------------------- shared inputs

def _shared(root: Path, options: Optional["BuildOptions"]) -> list[Issue]:
    """The inputs every game shares: symbols, the page template, sheets and printers."""
    from .layout.symbols import library

    from .fonts import FACES

    from .fonts import use_project_fonts

    found: list[Issue] = list(library(root).issues)
    found += use_project_fonts(root)  # a project's own fonts join the built-in ones first
    found += _site_template(root)
    for face in FACES.values():  # the shipped fonts every face measures its text with
        if not face.path.is_file():
            found.append(Issue(f"cardstock:fonts/{face.file}", None, "", f"the font file of {face.name!r} is missing; reinstall cardstock"))
    if options is not None:
        from .impose.sheets import back_offset, load_sheets

        found += _output_folder(options.out)

        found += list(load_sheets(root)[1])
        found += [p for p in back_offset(root, options)[1] if p.level == "error"]
    return found


def _output_folder(out: Path) -> list[Issue]:
    """The output folder is a folder, or can be made: nothing in its path is a file."""
    for folder in (out, *out.parents):
        if folder.exists():
            if not folder.is_dir():
                return [Issue("command line", None, "--out", f"cannot write into {out}: {folder} is a file, not a folder")]
            return []
    return []


def _site_template(root: Path) -> list[Issue]:
    from .site.page import page_context

    folder, shown = shared_layout(root, "site")
    path = folder / "index.html.j2"
    if not path.is_file():
        return [Issue(f"{shown}/index.html.j2", None, "", "the downloads page template is missing")]
    return check_template(path, f"{shown}/index.html.j2", lambda: set(page_context([], [], {})), "page")


# The results of `check_template` by a key of what decides them (the code, which fixes
# every context's names, and the template's place, field and text), while a build's
# validation runs (`cardstock.validcache` keeps them between builds): a template whose text
# did not change is not parsed again. None: no memo, every template is checked.
TEMPLATE_MEMO: Optional[dict[str, list[Issue]]] = None
TEMPLATES_USED: set[str] = set()


class TemplateStats:
    """Templates checked by this process, not recalled from a project's validation cache
    (for tests to count; Jinja parses a text only when `templating.known` has no entry)."""

    def __init__(self) -> None:
        self.parsed = 0


TEMPLATE_STATS = TemplateStats()


def template_memo_key(shown: str, field: str, text: str) -> str:
    import hashlib

    from .pipeline import code_key

    return hashlib.sha256("\n\x00".join([code_key(), shown, field, text]).encode()).hexdigest()


def check_template(path: Path, shown: str, names: "set[str] | Callable[[], set[str]]", field: str) -> list[Issue]:
    """A template file's syntax, and the names it reads that its context does not have
    (`names`, or a function giving them when the template must be checked)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return [Issue(shown, None, field, f"cannot read the template: {_reason(exc)}")]
    if TEMPLATE_MEMO is None:
        return _check_template(text, shown, names if isinstance(names, set) else names(), field)
    key = template_memo_key(shown, field, text)
    TEMPLATES_USED.add(key)
    found = TEMPLATE_MEMO.get(key)
    if found is None:
        found = TEMPLATE_MEMO[key] = _check_template(text, shown, names if isinstance(names, set) else names(), field)
    return list(found)


def _check_template(text: str, shown: str, names: set[str], field: str) -> list[Issue]:
    """The problems of one template text: worked out by Jinja's parser once per text and
    set of names, then kept in cardstock's cache folder (`templating.known`), so a cold
    build does not parse the shipped page template (or any template text seen before)."""
    TEMPLATE_STATS.parsed += 1
    env = environment()
    given = "\0".join(sorted(names))
    found = known(f"template-problems\0{given}", env, text, lambda: _template_problems(env, text, names), ("cardstock.validate",))
    return [Issue(shown, line, field, message) for line, message in found]


def _template_problems(env: Any, text: str, names: set[str]) -> list[tuple[Optional[int], str]]:
    """(line, message) of each problem of a template text: its syntax, the names it reads
    that neither `names` nor the environment's globals give."""
    try:
        ast = env.parse(text)
    except TemplateError as exc:
        return [(getattr(exc, "lineno", None), str(template_message(exc)))]
    except RecursionError:
        return [(None, "the template nests too deeply to be read")]
    out: list[tuple[Optional[int], str]] = []
    unknown = sorted(_names_read(ast) - names - set(env.globals))
    for name in unknown:
        line = next((n.lineno for n in ast.find_all(nodes.Name) if n.name == name), None)
        out.append((line, f"the template names {name!r}, which it is not given; it has: {', '.join(sorted(names))}"))
    return out


# names every template may read without being given them
TEMPLATE_OWN = frozenset({"loop", "caller", "varargs", "kwargs", "self", "super"})


def _names_read(ast: nodes.Template) -> set[str]:
    """The names a template reads that it does not set itself (a loop variable, a
    `{% set %}`, a macro argument). Simpler than Jinja's own analysis, which generates
    the template's code, and enough to catch a misspelt name."""
    read: set[str] = set()
    own: set[str] = set(TEMPLATE_OWN)
    for n in ast.find_all(nodes.Name):
        (read if n.ctx == "load" else own).add(n.name)
    for m in ast.find_all(nodes.Macro):
        own.add(m.name)
    return read - own


# ---------------------------------------------------------------- one game

def _game(catalog: Catalog, options: Optional["BuildOptions"]) -> list[Issue]:
    from .layout.faces import back_layout_name, front_layout_name, static_issues
    from .layout.spec import layouts_for

    found: list[Issue] = list(static_issues(catalog))
    ls = layouts_for(catalog.root, catalog.id)
    found += _layout_values(catalog, ls)
    found += _bounds(catalog)
    found += _art_files(catalog)
    found += _catalog_text(catalog, ls)
    found += _rule_templates(catalog)
    if ls.issues:
        return found  # the layouts named below may be in the part that did not load
    tally = _Tally({})
    where = ls.files[0] if ls.files else "layouts/default.toml"
    for comp in catalog.components:
        name = front_layout_name(catalog, comp, ls)
        if not ls.has(name):
            tally.add(Issue(where, None, "", f"there is no layout {name!r}"), comp.id)
        if comp.back is not None and comp.back in catalog.game.backs and comp.kind != "reference":
            back = back_layout_name(catalog, comp, ls)
            if not ls.has(back):
                tally.add(Issue(where, None, "", f"there is no layout {back!r} for the back {comp.back!r}"), comp.id)
    if options is not None:
        found += _sheets_take(catalog, options, tally)
        if options.services:  # --for: every deck in a size each print shop asked for prints
            from .exports.presets import load_presets, size_problems

            presets, _ = load_presets(catalog.root)  # problems in the presets file: the command line's
            found += size_problems(catalog, options.services, presets)
    return found + tally.issues()


def _bounds(catalog: Catalog) -> list[Issue]:
    out = []
    total = 0
    for comp in catalog.components:
        total += comp.count
        if comp.count > MAX_COPIES:
            out.append(Issue(comp.file, comp.line, "count", f"{comp.count:,} copies is more than cardstock prints of one component ({MAX_COPIES:,})"))
        try:
            w, h = parse_size(comp.size)
        except UnitError:
            continue  # reported where the size is read
        if max(w, h) > MAX_SIDE:
            out.append(Issue(comp.file, comp.line, "size", f"{comp.size!r} is larger than any piece cardstock prints (at most 1000mm a side)"))
    if total > MAX_COMPONENTS:
        out.append(Issue(catalog.display(catalog.folder / "game.toml"), None, "", f"the game has {total:,} components; cardstock prints at most {MAX_COMPONENTS:,} per game"))
    return out


def _art_files(catalog: Catalog) -> list[Issue]:
    """Every art file the catalog names: readable, and of the type its name says."""
    from .catalog.fields import REFERENCE_TYPES

    seen: dict[Path, Optional[str]] = {}
    out = []

    def problem(value: str) -> Optional[str]:
        from .catalog.load import resolved

        path, _ = resolved(catalog.folder / value)
        if path is None:
            return None  # reported by the loader
        if path not in seen:
            seen[path] = art_problem(path)
        return seen[path]

    for key, back in catalog.game.backs.items():
        if back.art:
            p = problem(back.art)
            if p:
                out.append(Issue(catalog.display(catalog.folder / "game.toml"), None, f"backs.{key}.art", p))
    for comp in catalog.components:
        for name, spec in catalog.field_specs(comp.set).items():
            value = comp.fields.get(name)
            if REFERENCE_TYPES.get(spec.type) == "art" and isinstance(value, str) and value:
                p = problem(value)
                if p:
                    out.append(Issue(comp.file, comp.line, name, p))
    return out


def _catalog_text(catalog: Catalog, ls: "LayoutSet") -> list[Issue]:
    """Text fields written as templates ("{{ strength * 2 }}"), rendered as their faces
    will render them: a template that cannot be rendered is a problem of the catalog."""
    from .layout.context import component_context, make_env

    env = make_env()
    out: list[Issue] = []
    for comp in catalog.components:
        specs = catalog.field_specs(comp.set)
        if any(s.type == "text" and _is_template(comp.fields.get(k)) for k, s in specs.items()):
            _, problems = component_context(catalog, comp, ls.theme, env, "front")
            out += [p for p in problems if p.level == "error"]
    return out


def art_problem(path: Path) -> Optional[str]:
    """Why an art file cannot be drawn (None when it can): unreadable, not the PNG, JPEG or
    SVG file its name says, too many pixels, or an SVG with values that are not numbers.
    The same check the loader makes at the row (`cardstock.catalog.art`)."""
    from .catalog.art import art_problem as problem_of

    try:
        return problem_of(path)
    except OSError as exc:
        return f"the art file cannot be read: {_reason(exc)}"


def _rule_templates(catalog: Catalog) -> list[Issue]:
    """The game's rulebook and quick-reference templates: syntax and the names they use."""
    from .catalog.ruletext import TEMPLATE_SUFFIX, layouts_dir

    folder = layouts_dir(catalog)
    paths = sorted(folder.rglob(f"*{TEMPLATE_SUFFIX}")) if folder.is_dir() else []
    if not paths:
        return []

    def quickref_names() -> set[str]:
        from .catalog.context import template_context

        return set(template_context(catalog))

    def rulebook_names() -> set[str]:
        from .books.recall import rulebook_context  # no typesetting imported

        return set(rulebook_context(catalog))

    out = []
    for path in paths:
        if path.parent.name == "quickref":
            field, names = f"quickref.{path.name.removesuffix(TEMPLATE_SUFFIX)}", quickref_names
        else:
            field, names = "rulebook", rulebook_names
        out += check_template(path, catalog.display(path), names, field)
    return out


def _sheets_take(catalog: Catalog, options: "BuildOptions", tally: _Tally) -> list[Issue]:
    """Every piece the build prints has a sheet that takes it on every paper asked."""
    from .impose.pnp import papers_for
    from .impose.sheets import choose, load_sheets

    sheets, problems = load_sheets(catalog.root)
    if problems.errors or (options.only is not None and not options.only & {"pnp", "quickref"}):
        return []
    for paper in papers_for(catalog, options):
        for comp in catalog.components:
            if options.only is not None and "pnp" not in options.only and comp.kind != "reference":
                continue
            if choose(sheets, game=catalog.id, kind=comp.kind, size=comp.size, paper=paper) is None:
                tally.add(Issue("layouts/sheets", None, comp.kind,
                                f"no sheet takes {comp.kind} pieces of size {comp.size!r} on {paper}; add one to layouts/sheets/ (see docs/sheets.md)"), comp.id)
    return []


# ---------------------------------------------------------------- layout values

def _layout_values(catalog: Catalog, ls: "LayoutSet") -> list[Issue]:
    """The values the game's layout files write literally (lengths, colours, fonts) and
    the syntax of the templates they write: a mistake here would be made on every face.
    Each file is read on its own, so a problem is placed at the line that writes it."""
    from .fonts import FACES
    from .core.shippedcache import remembered

    out: list[Issue] = []
    files = [shared_layout(catalog.root, "default.toml"), (catalog.root / "layouts" / catalog.id / "faces.toml", f"layouts/{catalog.id}/faces.toml")]
    for path, shown in files:
        if shown not in ls.files:
            continue  # missing, or its own problems are already listed
        st = path.stat()
        theme, fonts = tuple(sorted(ls.theme.items())), tuple(sorted(FACES))
        memo = (str(path), st.st_mtime_ns, st.st_size, theme, fonts)
        if memo not in _VALUES:  # the shared defaults, read for every game
            if len(_VALUES) > 64:
                _VALUES.clear()
            # the problems of the defaults cardstock ships depend on the theme and the fonts
            # besides the file: kept with them in the user cache (cardstock.core.shippedcache)
            _VALUES[memo] = remembered("layout-values", path, shown, lambda: _file_values(path, shown, ls.theme),
                                       ("cardstock.validate", "cardstock.core.templating", "cardstock.core.units", "jinja2"),
                                       repr((theme, fonts)))
        out += _VALUES[memo]
    return out


def _file_values(path: Path, shown: str, theme: dict[str, str]) -> list[Issue]:
    """The problems of the values one layout file writes literally (see `_layout_values`)."""
    from .fonts import FACES
    from .core.tomlpos import line_for, read_toml

    env = environment()
    out: list[Issue] = []
    read, _ = read_toml(path, shown)
    if read is not None:
        data, lines = read

        def check(loc: tuple[Any, ...], values: Any, keys: Optional[frozenset[str]] = None) -> None:
            for key, value in (values or {}).items():
                if keys is not None and key not in keys:
                    continue
                problem = _value_problem(key, value, theme, FACES, env)
                if problem:
                    out.append(Issue(shown, line_for(lines, (*loc, key)), ".".join((*loc, key)), problem))

        for key, value in (data.get("theme") or {}).items():
            if not COLOR.match(str(value)):
                out.append(Issue(shown, line_for(lines, ("theme", key)), f"theme.{key}", f"expected a colour like '#a83232', got {value!r}"))
        for name, style in (data.get("styles") or {}).items():
            check(("styles", name), style)
        for name, layout in (data.get("layouts") or {}).items():
            for key in sorted(LAYOUT_LENGTH_KEYS & set(layout)):
                problem = None if _is_template(layout[key]) else _length_problem(layout[key], None)
                if problem:
                    out.append(Issue(shown, line_for(lines, ("layouts", name, key)), f"layouts.{name}.{key}", problem))
            for bname, box in (layout.get("boxes") or {}).items():
                check(("layouts", name, "boxes", bname), box)
    return out


_VALUES: dict[tuple[Any, ...], list[Issue]] = {}


def _value_problem(key: str, value: Any, theme: dict[str, str], fonts: Any, env: Any) -> Optional[str]:
    if key == "when" and isinstance(value, str):
        return _syntax(env, "e", value)
    if _is_template(value):
        return _syntax(env, "t", value)
    if key == "font" and value not in fonts:
        return f"unknown font {value!r}; the fonts are: {', '.join(fonts)}"
    if key in LENGTH_KEYS:
        return _length_problem(value, 1.0 if key in EDGE_KEYS else None)
    if key == "inset" and str(value).strip() not in ("bleed", "safe"):
        return _length_problem(value, None)
    if key == "dash":
        return next((p for p in (_length_problem(part, None) for part in str(value).split()) if p), None)
    if key in COLOR_KEYS:
        text = str(value).strip()
        if text in ("", "none", "None") or text in theme or COLOR.match(text):
            return None
        return f"expected a colour '#rrggbb', a theme colour ({', '.join(sorted(theme))}) or 'none', got {text!r}"
    return None


_SYNTAX: dict[tuple[str, str], Optional[str]] = {}


def _syntax(env: Any, kind: str, text: str) -> Optional[str]:
    """A template's ("t") or an expression's ("e") syntax error, None when it reads;
    remembered per text (the layouts of every game repeat the shared ones), and kept in
    cardstock's cache folder (`templating.known`), so a later process does not parse the
    same text again."""
    key = (kind, text)
    if key not in _SYNTAX:
        if len(_SYNTAX) > 4096:
            _SYNTAX.clear()
        _SYNTAX[key] = known(f"syntax-{kind}", env, text, lambda: _parse_problem(env, kind, text), ("cardstock.validate",))
    return _SYNTAX[key]


def _parse_problem(env: Any, kind: str, text: str) -> Optional[str]:
    try:
        if kind == "t":
            env.parse(text)
        else:
            parser = Parser(env, text, state="variable")
            parser.parse_expression()
            if not parser.stream.eos:
                parser.fail(f"unexpected {parser.stream.current.value!r} after the expression")
        return None
    except TemplateError as exc:
        return template_message(exc)


def _length_problem(value: Any, extent: Optional[float]) -> Optional[str]:
    from .layout.boxes import length_value

    if isinstance(value, str) and value.strip() in ("", "none"):
        return None
    try:
        length_value(str(value), extent)
    except UnitError as exc:
        return str(exc) + (" or a percentage such as '50%'" if extent is not None else "")
    return None


def _reason(exc: BaseException) -> str:
    """An OS error's reason without the path (messages name the file themselves)."""
    return getattr(exc, "strerror", None) or str(exc)


__all__ = ["validate", "unique", "check_template", "art_problem", "MAX_COPIES", "MAX_COMPONENTS", "MAX_SIDE"]
