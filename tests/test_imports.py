"""The package's import graph: its folders are the pipeline's rooms, and no room imports a
room after it (counting imports inside functions); no module reaches itself again through
imports, nor when the imports only type checking reads are counted too; the stages depend
on the small stage contract (`cardstock.core.stage`), never on the build that runs them or
the table that lists them.

The graph is read from the source with `ast`, so an import inside a function counts as
much as one at the top of a file. Imports under `if TYPE_CHECKING:` never run and are left
out, except from the graph of type-only imports."""

from __future__ import annotations

import ast
import functools
from collections.abc import Collection, Iterator
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "cardstock"
LEFT_OUT: set[str] = set()

# The rooms in the order the pipeline reads: shared basics, then each stage of a build,
# then what runs them. A room may import itself and the rooms before it only. The
# package's own `__init__` comes after core: started by `python -m`, it confines the
# import path with core's `importpath` before anything else is imported.
ROOMS = [
    "core",
    "cardstock",
    "fonts",
    "catalog",
    "rules",
    "layout",
    "render",
    "impose",
    "books",
    "exports",
    "site",
    "stages",
    "validate",
    "plan",
    "worklist",
    "build",
    "mutate",
    "init",
    "docs",
    "cli",
    "__main__",
]


def module_names(package: Path) -> dict[str, Path]:
    """Dotted module name → source file, for every .py file under `package`."""
    names: dict[str, Path] = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that can run, however deeply nested."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                yield from _imports(ast.Module(body=[child], type_ignores=[]))
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        yield from _imports(node)


def _targets(
    module: str, is_package: bool, node: ast.Import | ast.ImportFrom, known: set[str]
) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if node.level:
        base = module if is_package else module.rpartition(".")[0]
        for _ in range(node.level - 1):
            base = base.rpartition(".")[0]
        base = f"{base}.{node.module}" if node.module else base
    else:
        base = node.module or ""
    # `from pkg import name` imports the submodule pkg.name when there is one
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]


@functools.cache
def _parsed(text: str, filename: str) -> ast.Module:
    """A source's tree, parsed once for all the tests of this file (keyed by the text)."""
    return ast.parse(text, filename)


def parse(path: Path) -> ast.Module:
    return _parsed(path.read_text(encoding="utf-8"), str(path))


def import_graph(package: Path, left_out: Collection[str] = frozenset()) -> dict[str, set[str]]:
    """module → the package's modules it imports (anywhere in its source)."""
    files = module_names(package)
    known = set(files)
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        if name in left_out:
            continue
        tree = parse(path)
        graph[name] = {
            t
            for node in _imports(tree)
            for t in _targets(name, path.name == "__init__.py", node, known)
            if t in known and t != name and t not in left_out
        }
    return graph


@functools.cache
def package_graph() -> dict[str, set[str]]:
    """cardstock's own import graph (less `LEFT_OUT`), read once for the tests of this file;
    they only read it."""
    return import_graph(PACKAGE, LEFT_OUT)


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle as [a, b, …, a], or None."""
    state: dict[str, int] = {}  # 1 on the current path, 2 finished
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def test_the_package_has_no_import_circle():
    graph = package_graph()
    assert len(graph) > 40 and "cardstock.layout.faces" in graph
    cycle = find_cycle(graph)
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


# No import circle either when the imports only type checking reads are counted. They never
# run, but they still tie modules together: a module that names another in its annotations
# depends on it, and a circle of such names is a tangle to read and to change (issue #40).
# Here every import counts, wherever it is written, across the whole package. (In this file,
# not one of its own, so a run parses the package once for both graphs.)


def _every_import(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement of a source, type-only ones included."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node


def typed_import_graph(package: Path) -> dict[str, set[str]]:
    """module → the package's modules it imports, for running or for type checking."""
    files = module_names(package)
    known = set(files)
    return {
        name: {
            target
            for node in _every_import(parse(path))
            for target in _targets(name, path.name == "__init__.py", node, known)
            if target in known and target != name
        }
        for name, path in files.items()
    }


def test_type_only_imports_make_no_circle_either():
    graph = typed_import_graph(PACKAGE)
    # the graph sees the type-only imports: the box types name the painter's services so
    assert "cardstock.layout.boxtypes.services" in graph["cardstock.layout.boxtypes.kind"]
    # the whole package, not only cardstock.layout
    cycle = find_cycle(graph)
    assert cycle is None, "import circle (type-only imports counted): " + " -> ".join(cycle or [])


def room(module: str) -> str:
    """The room a module lives in: its folder under cardstock/, or its own name."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def test_every_room_of_the_package_has_its_place_in_the_order():
    graph = package_graph()
    assert {room(m) for m in graph} <= set(ROOMS), sorted({room(m) for m in graph} - set(ROOMS))


def test_no_room_imports_a_room_after_it():
    graph = package_graph()
    backwards = sorted(
        f"{m} -> {t}"
        for m, targets in graph.items()
        for t in targets
        if ROOMS.index(room(t)) > ROOMS.index(room(m))
    )
    assert backwards == []


# The rules room is rooms of its own, in the order they may import each other: the setup
# simulation, then what the facts read, then the facts, then the checks a rules file
# declares and their report's parts, then the stats, then provenance and coverage. Its
# top holds the room's entrance (the report, `check --since`, the rules file's model and
# reader), which may import every one of them, and the parts every room's rules are built
# of (filters, sources, verdicts, player_texts, rule_words), which import none of them.
# The mutation test (`mutation`) comes last: run by `check --mutate` beside the check, it
# reads every room as the report does.
RULES_ROOMS = ["setup", "reading", "facts", "checks", "stats", "provenance", "mutation"]
RULES_ENTRY = {
    "cardstock.rules",
    "cardstock.rules.report",
    "cardstock.rules.model",
    "cardstock.rules.reader",
    "cardstock.rules.since",  # `check --since REV` reads a revision's rules.toml itself
}


def rules_room(module: str) -> str | None:
    """The room of the rules room a module lives in (a room's own package counted in it);
    "" for the room's top; None outside the rules room."""
    parts = module.split(".")
    if parts[:2] != ["cardstock", "rules"]:
        return None
    if len(parts) > 3 or (len(parts) == 3 and parts[2] in RULES_ROOMS):
        return parts[2]
    return ""


def wrong_rules_imports(graph: dict[str, set[str]]) -> list[str]:
    """Each import of the rules room that runs against its order."""
    wrong = []
    for m, targets in graph.items():
        here = rules_room(m)
        if here is None or m in RULES_ENTRY:
            continue
        for t in targets:
            there = rules_room(t)
            if there is None:
                continue
            if t in RULES_ENTRY:
                wrong.append(f"{m} -> {t} (the room's entry)")
            elif here == "" and there != "":
                wrong.append(f"{m} -> {t} (a basic imports a room)")
            elif here and there and RULES_ROOMS.index(there) > RULES_ROOMS.index(here):
                wrong.append(f"{m} -> {t} (a later room)")
    return sorted(wrong)


def test_every_room_of_the_rules_room_has_its_place_in_its_order():
    rooms = {p.parent.name for p in (PACKAGE / "rules").glob("*/__init__.py")}
    assert rooms == set(RULES_ROOMS), sorted(rooms ^ set(RULES_ROOMS))


def test_no_room_of_the_rules_room_imports_one_after_it_or_the_rooms_entry():
    assert wrong_rules_imports(package_graph()) == []


def test_an_import_against_the_rules_rooms_order_is_found():
    graph = {
        "cardstock.rules.setup.steps": {"cardstock.rules.facts.kinds", "cardstock.rules.filters"},
        "cardstock.rules.filters": {"cardstock.rules.checks", "cardstock.catalog.schema"},
        "cardstock.rules.facts.base": {"cardstock.rules.report", "cardstock.rules.setup.steps"},
        "cardstock.rules.model": {"cardstock.rules.stats.odds"},
        # the mutation test comes last: it reads every room, and no room reads it
        "cardstock.rules.mutation.edits": {"cardstock.rules.player_texts"},
        "cardstock.rules.provenance.texts": {"cardstock.rules.mutation.designer"},
    }
    assert wrong_rules_imports(graph) == [
        "cardstock.rules.facts.base -> cardstock.rules.report (the room's entry)",
        "cardstock.rules.filters -> cardstock.rules.checks (a basic imports a room)",
        "cardstock.rules.provenance.texts -> cardstock.rules.mutation.designer (a later room)",
        "cardstock.rules.setup.steps -> cardstock.rules.facts.kinds (a later room)",
    ]


# The layout room is rooms of its own too, in the order they may import each other: the
# art a face draws, the text in a box, the box types, the layout language, print safety as
# drawn, the painting chain, then the checks of layouts and faces. Its top holds the basics
# every room draws with (the drawing ops, the templates' context, a resolved layout), which
# import no room, and the faces (`faces`, the one place a face is made; `step`, which lays
# each out once) with what reads them whole (`fingerprints`, `labels`), which stand after
# the painting chain and before the checks. Imports only type checking reads are left out,
# as everywhere in this file.
LAYOUT_ROOMS = [
    "art",
    "text",
    "drawings",
    "boxtypes",
    "language",
    "safety",
    "painting",
    "editions",
    "checks",
]
LAYOUT_BASICS = {
    "cardstock.layout",
    "cardstock.layout.ops",
    "cardstock.layout.context",
    "cardstock.layout.resolved",
}
LAYOUT_FACES = {
    "cardstock.layout.faces",
    "cardstock.layout.step",
    "cardstock.layout.fingerprints",
    "cardstock.layout.labels",
    "cardstock.layout.template",
}
LAYOUT_FACES_AFTER = "editions"


def layout_place(module: str) -> float | None:
    """Where a module of the layout room stands in its order (the basics first, at 0; the
    faces between the editions and the checks); None outside the layout room, or for
    a module of its top that is neither a basic nor one of the faces."""
    parts = module.split(".")
    if parts[:2] != ["cardstock", "layout"]:
        return None
    if len(parts) > 2 and parts[2] in LAYOUT_ROOMS:
        return 1 + LAYOUT_ROOMS.index(parts[2])
    if module in LAYOUT_BASICS:
        return 0
    if module in LAYOUT_FACES:
        return 1.5 + LAYOUT_ROOMS.index(LAYOUT_FACES_AFTER)
    return None


def wrong_layout_imports(graph: dict[str, set[str]]) -> list[str]:
    """Each import of the layout room that runs against its order."""
    wrong = []
    for m, targets in graph.items():
        here = layout_place(m)
        if here is None:
            continue
        for t in targets:
            there = layout_place(t)
            if there is not None and there > here:
                wrong.append(f"{m} -> {t}")
    return sorted(wrong)


def test_every_room_of_the_layout_room_has_its_place_in_its_order():
    rooms = {p.parent.name for p in (PACKAGE / "layout").glob("*/__init__.py")}
    assert rooms == set(LAYOUT_ROOMS), sorted(rooms ^ set(LAYOUT_ROOMS))


def test_every_module_of_the_layout_rooms_top_is_a_basic_or_one_of_the_faces():
    top = {m for m in package_graph() if m.count(".") <= 2 and m.startswith("cardstock.layout")}
    top = {m for m in top if m.split(".")[-1] not in LAYOUT_ROOMS}
    assert top == LAYOUT_BASICS | LAYOUT_FACES, sorted(top ^ (LAYOUT_BASICS | LAYOUT_FACES))


def test_no_room_of_the_layout_room_imports_one_after_it():
    assert wrong_layout_imports(package_graph()) == []


def _layout_part(module: str) -> str:
    """A layout room's name, or "basics" or "faces" for a module of its top."""
    if module in LAYOUT_BASICS:
        return "basics"
    return "faces" if module in LAYOUT_FACES else module.split(".")[2]


def test_the_layout_rooms_make_no_circle_among_themselves():
    parts: dict[str, set[str]] = {}
    for m, targets in package_graph().items():
        if layout_place(m) is None:
            continue
        here = _layout_part(m)
        there = {_layout_part(t) for t in targets if layout_place(t) is not None}
        parts.setdefault(here, set()).update(there - {here})
    assert set(parts) == set(LAYOUT_ROOMS) | {"basics", "faces"}
    assert find_cycle(parts) is None


def test_an_import_against_the_layout_rooms_order_is_found():
    graph = {
        "cardstock.layout.art.shapes": {"cardstock.layout.ops", "cardstock.layout.text.words"},
        "cardstock.layout.ops": {"cardstock.layout.art.symbols"},
        "cardstock.layout.painting.painter": {"cardstock.layout.faces", "cardstock.fonts"},
        "cardstock.layout.faces": {"cardstock.layout.painting.memo", "cardstock.layout.labels"},
        "cardstock.layout.step": {"cardstock.layout.faces"},
        "cardstock.layout.language.load": {"cardstock.layout.safety.measures"},
    }
    assert wrong_layout_imports(graph) == [
        "cardstock.layout.art.shapes -> cardstock.layout.text.words",
        "cardstock.layout.language.load -> cardstock.layout.safety.measures",
        "cardstock.layout.ops -> cardstock.layout.art.symbols",
        "cardstock.layout.painting.painter -> cardstock.layout.faces",
    ]


def test_stages_import_the_contract_not_the_build_or_the_table():
    graph = package_graph()
    from cardstock.stages import STAGES

    stage_modules = {
        fn.__module__ for s in STAGES for fn in (s.run_game, s.run_build) if fn is not None
    }
    assert stage_modules >= {
        "cardstock.impose.pnp",
        "cardstock.books.stage",
        "cardstock.render.stage",
    }
    for module in stage_modules:
        assert "cardstock.core.stage" in graph[module], module
        assert not graph[module] & {"cardstock.build", "cardstock.stages", "cardstock.validate"}, (
            module
        )


# Imports inside functions only where they defer a heavy library one stage or command needs.
HEAVY = {
    "reportlab",
    "PIL",
    "pypdfium2",
    "pypdf",
    "svgwrite",
    "openpyxl",
    "yaml",
    "markdown_it",
    "watchfiles",
    "ctypes",
    "fcntl",
    "concurrent",
    "multiprocessing",  # process pools: started only when work is spread
    "fontTools",  # fonts with PostScript outlines, glyph outlines of text in icons
    "pyphen",  # hyphenation patterns, read only for a caption's word too wide for its line
    "matplotlib",  # the `stats` stage's charts (site/charts.py), imported when one is drawn
    "babel",  # .po files, read only when a game's translations are
    "pyuca",  # the collation table, read only when names are put in order
    "segno",  # the QR encoder (urllib, http and email with it), when a `qr` box is drawn
}


def test_imports_inside_functions_only_defer_heavy_libraries():
    found = []
    for name, path in module_names(PACKAGE).items():
        tree = parse(path)
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.Import):
                    tops = {a.name.split(".")[0] for a in node.names}
                elif isinstance(node, ast.ImportFrom):
                    tops = {"." if node.level else (node.module or "").split(".")[0]}
                else:
                    continue
                if not tops <= HEAVY:
                    found.append(f"{name}.{fn.name}: {ast.unparse(node)}")
    # the stages' own entries defer the modules that import a heavy library at their top,
    # and the command line imports the rooms a command runs when it runs (so it starts
    # light: a build with nothing changed imports no pipeline at all)
    allowed = {
        "cardstock.books.check.lint",
        "cardstock.books.stage.build_rulebook",
        "cardstock.books.document.booklets_of",
        # the tagging of a drawn book (pikepdf), which a book laid out for its findings alone
        # (a check's) never needs: `build` and its `done`, which tags what was drawn
        "cardstock.books.document.build",
        "cardstock.books.document.done",
        "cardstock.books.rulebook._readers",
        # the rules checker's models, setup simulator and source coverage, imported where
        # a rules.toml is read or checked: a game without one loads none of them
        "cardstock.rules.reader.load_rules",
        "cardstock.rules.report._rule_checks",
        "cardstock.rules.report._from_outcome",
        "cardstock.rules.checks.backs.counted",
        "cardstock.rules.report._source_checks",
        "cardstock.rules.keyed._source",
        "cardstock.rules.report._simulated",
        "cardstock.rules.report._setup_checks",
        # the texts' provenance and the translations' numbers, for a game with a rules.toml
        "cardstock.rules.report._texts_checks",
        "cardstock.rules.report.warm_checks",  # the same, before a build's workers fork
        "cardstock.rules.report.render",
        "cardstock.rules.report.public",
        "cardstock.rules.checks.prose_contradictions.rule_words",
        "cardstock.rules.checks.prose_contradictions.spoken",
        # the symbol library file's models, made when a library file is read
        "cardstock.layout.art.symbols._read_library",
        # SVG reading (art, a game's icon files, an outline drawn in a file), imported
        # where such a file is read: a game that names none never loads it
        "cardstock.layout.boxtypes.art.draw",
        "cardstock.layout.checks.layouts._svg_art",
        "cardstock.layout.checks.layouts.problem",
        "cardstock.layout.art.ownicons.svg_symbol",
        "cardstock.layout.art.shapes._svg_file_path",
        # the rulebook's template helpers, for a game with a rulebook template
        "cardstock.books.check.templates",
        "cardstock.books.check.rulebook_names",
        # the translations' code (.po files), for a build that makes another language
        "cardstock.catalog.variants.translation_of",
        "cardstock.catalog.variants.in_language",
        # drawn layouts' reading (SVG with it), for a game with a layout drawn in an SVG
        "cardstock.layout.language.load.load_layouts",
        "cardstock.layout.faces.__init__",
        # the tuck box, board and cut sheet modules (ReportLab at their top), for the
        # check's `footers`, which fits their footers without drawing
        "cardstock.impose.footer_check.lint",
        # git's history of the printed cards, for a reprint (`--changed-since`) only
        "cardstock.impose.pnp._build",
        "cardstock.layout.fingerprints.at_revision",
        # the rules' filters, loaded with the rules' models when a game has a rules.toml
        "cardstock.rules.setup.step_words._filters",
        "cardstock.rules.setup.step_words.handled",
        # the languages' collation rules, with pyuca, where names are put in order
        "cardstock.core.localized.collated",
        # code a plain deck's build never calls, imported where first used: right-to-left
        # shaping and a line's visual order, the rulebook templates' words
        "cardstock.render.pdf._run",
        "cardstock.books.check._typed_lines",
        "cardstock.layout.text.fit._emit_line",
        # the layouts' words, read for a build that makes another language
        "cardstock.validate._layout_words",
        # the playtesters' notes, for a project that keeps them (`core.project.keeps_notes`)
        "cardstock.validate._notes",
        "cardstock.site.publish._notes",
    }
    # and the stage table's loaders import each stage's module when the stage runs
    # (a build loads the code of the stages it asks for only), the box type registry's
    # each type's module when a layout first names the type
    assert [
        f
        for f in found
        if f.split(":")[0] not in allowed
        and not f.startswith(("cardstock.cli.", "cardstock.stages.", "cardstock.layout.boxtypes._"))
    ] == []


def test_no_module_is_imported_by_a_name_written_in_a_string():
    """Registries hold the functions and records they name, and every import is a
    statement this file's graph reads: nothing is loaded through `importlib` or
    `__import__` from a module name (or a "module:function") kept as text."""
    found = []
    for name, path in module_names(PACKAGE).items():
        for node in ast.walk(parse(path)):
            if isinstance(node, ast.Name) and node.id in ("__import__", "import_module"):
                found.append(f"{name}: {node.id}")
            elif isinstance(node, ast.Attribute) and node.attr in ("import_module", "__import__"):
                found.append(f"{name}: {ast.unparse(node)}")
            elif (
                isinstance(node, ast.ImportFrom)
                and node.module == "importlib"
                and any(a.name == "import_module" for a in node.names)
            ):
                found.append(f"{name}: {ast.unparse(node)}")
    assert found == []


def test_an_import_inside_a_function_defers_what_the_module_does_not_import_at_its_top():
    """Importing a library inside a function again, when the module imports it at its top,
    defers nothing: it only hides what the module needs."""
    found = []
    for name, path in module_names(PACKAGE).items():
        tree = parse(path)
        top = {
            a.name.split(".")[0] for n in tree.body if isinstance(n, ast.Import) for a in n.names
        }
        top |= {
            (n.module or "").split(".")[0]
            for n in tree.body
            if isinstance(n, ast.ImportFrom) and not n.level
        }
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(fn):
                    if (
                        isinstance(node, ast.Import)
                        and {a.name.split(".")[0] for a in node.names} & top
                    ):
                        found.append(f"{name}.{fn.name}: {ast.unparse(node)}")
                    elif (
                        isinstance(node, ast.ImportFrom)
                        and not node.level
                        and (node.module or "").split(".")[0] in top
                    ):
                        found.append(f"{name}.{fn.name}: {ast.unparse(node)}")
    assert found == []


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root / "pkg"


def test_an_import_inside_a_function_closes_a_circle(tmp_path):
    pkg = _write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from .sub import b\n",
            "pkg/sub/__init__.py": "",
            "pkg/sub/b.py": "import pkg.c\n",
            "pkg/c.py": "def late():\n    from . import a\n    return a\n",
        },
    )
    assert import_graph(pkg)["pkg.a"] == {"pkg.sub.b"}
    assert find_cycle(import_graph(pkg)) == ["pkg.a", "pkg.sub.b", "pkg.c", "pkg.a"]


def test_imports_for_type_checkers_only_are_not_a_circle(tmp_path):
    pkg = _write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from . import b\n",
            "pkg/b.py": (
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import X\n"
            ),
        },
    )
    assert find_cycle(import_graph(pkg)) is None
