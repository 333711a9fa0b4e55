"""A command loads the code of what it is asked for, and no other: `import cardstock.cli`
loads none of the pipeline, and a build of the print-and-play sheets alone loads no SVG,
PNG, Tabletop Simulator, changelog or proof code (the stage table imports each stage's
module when the stage runs, `cardstock.stages`); importing a module builds none of its
Pydantic models (each is built when first used).

Each case runs in a new Python process and reads that process's `sys.modules`: a test of
which modules are loaded, never of how long loading takes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

# bench/ holds a profile.py, which would hide the standard library's `profile` from later
# imports: it stays on the path only while bench/run.py is imported.
sys.path.insert(0, str(ROOT / "bench"))
try:
    import run as bench  # type: ignore[import-not-found]  # bench/run.py: its plain deck's game, layout and sheet files
finally:
    sys.path.remove(str(ROOT / "bench"))

# What the command line may not load before it knows the command: the pipeline and the
# libraries only the pipeline needs.
NOT_AT_START = (
    "cardstock.build",
    "cardstock.stages",
    "cardstock.validate",
    "cardstock.catalog.load",
    "cardstock.layout.faces",
    "pydantic",
    "reportlab",
    "jinja2",
    "PIL",
    "svgwrite",
    "cardstock.cli.translate",  # the translators' command, imported when it runs
)

# What a build of the print-and-play sheets alone may not load: the other stages' code.
NOT_FOR_PNP = (
    "cardstock.render.stage",
    "cardstock.render.svg",
    "cardstock.render.png",
    "cardstock.exports.tts",
    "cardstock.exports.ttsmesh",
    "cardstock.exports.ttpg",
    "cardstock.exports.cards",
    "cardstock.exports.presets",
    "cardstock.site.changelog",
    "cardstock.site.stats",
    "cardstock.site.charts",
    "cardstock.impose.proof",
    "cardstock.impose.cut",
    "cardstock.impose.tuckbox",
    "cardstock.books.epub",
    "cardstock.books.xhtml",
    "svgwrite",
    "matplotlib",
    "pypdfium2",
)

# What a build of a game without a rules.toml may not load: the rules' models, the setup
# simulator and the source text's coverage, which only a rules.toml asks for.
NOT_WITHOUT_RULES = (
    "cardstock.rules.model",
    "cardstock.rules.checks.constraints",
    "cardstock.rules.setup.steps",
    "cardstock.rules.setup.results",
    "cardstock.rules.setup.simulator",
    "cardstock.rules.setup.fixed",
    "cardstock.rules.provenance.coverage",
    "cardstock.rules.sources",
    "cardstock.rules.facts.kinds",
    "cardstock.rules.checks.examples",
    "cardstock.rules.mutation",
    "cardstock.rules.checks.deck_limits",
    "cardstock.rules.filters",
    "cardstock.rules.reading.phrases",  # how a rule fact reads words, for a game with facts
)

# What a build in the source language (one that names no language) may not load: Babel and
# its locale data, which write numbers and plurals in another language; nor, when nothing
# it makes lists names in order, the collation table (pyuca) and the languages' collation
# rules (`core.collation`).
NOT_IN_THE_SOURCE_LANGUAGE = ("babel", "pyuca", "cardstock.core.collation")

# What a build whose faces draw no symbol may not load: the symbol library file's models
# (the library cardstock ships is read when a face first draws a symbol).
NOT_WITHOUT_SYMBOLS = ("cardstock.layout.art.symbolfile",)

# What a build of a game that names no SVG file (no SVG art, icon files or outline file)
# may not load: the SVG reader and the XML parser.
NOT_WITHOUT_SVG = (
    "cardstock.layout.art.svgart",
    "cardstock.layout.art.svgparse",
    "cardstock.layout.art.svgtext",
    "xml.etree",
)

# What a build whose faces draw no QR code may not load: the QR encoder, and the network
# and XML modules its writers import (the shipped card layout's `code` box draws one only
# where a game asks for it).
NOT_WITHOUT_A_QR = ("segno", "urllib.request", "http", "ssl", "xml")

# What a build of a project that keeps no playtesters' notes (no `playtest/feedback/`) may
# not load: the notes' reader and what the downloads page shows of them.
NOT_WITHOUT_NOTES = ("cardstock.catalog.feedback", "cardstock.site.notes")

# What a build in the source language alone may not load: the translations' code (`.po`
# files, each text's translation), which a build that makes another language reads.
NOT_WITHOUT_TRANSLATIONS = (
    "cardstock.catalog.translations",
    "cardstock.cli.translate",
    "cardstock.layout.labels",  # the words a game's layouts print, read to translate them
)

# What a build whose card texts hold no markup may not load: markdown-it (plain text, a
# card's lines apart by line breaks included, reads as itself: `core.markup.spans`).
NOT_WITHOUT_MARKUP = ("markdown_it",)

# What a build that reprints nothing (no `--changed-since`) may not load: the printed
# cards' fingerprints compared with git's history.
NOT_WITHOUT_A_REPRINT = ("cardstock.layout.fingerprints", "cardstock.core.revision")

# What a build of a game without a rulebook may not load: the rulebook's content helpers.
NOT_WITHOUT_A_RULEBOOK = (
    "cardstock.books.content",
    "cardstock.books.rulebook",
    "cardstock.core.template_words",  # the words of the rulebook's templates
)

# What a build whose texts are all left to right may not load: a line's visual order and
# the glyph shaping of a right-to-left run in a PDF.
NOT_WITHOUT_RIGHT_TO_LEFT = ("cardstock.render.shaping", "cardstock.layout.text.visual_order")

# What a build and a plain `check` may not load: the mutation test's room (`check --mutate`
# alone loads it); the rules' model keeps `[mutate]` as written, the card-text check reads
# the hidden columns through `rules.rule_words`.
NOT_IN_A_BUILD = ("cardstock.rules.mutation",)

# What a plain `check` may not load: the tagging of a drawn book (pikepdf, QPDF), which
# a rulebook laid out for its findings alone never reaches (`books.document.build`).
NOT_IN_A_CHECK = ("pikepdf", "cardstock.books.tagging")

# What a build whose layouts draw rectangles, ellipses and text alone may not load: the
# other box types' drawing code (the registry imports a type's module when a layout first
# names the type, `cardstock.layout.boxtypes`).
NOT_WITHOUT_THOSE_BOX_TYPES = tuple(
    f"cardstock.layout.boxtypes.{name}"
    for name in ("line", "outline", "icon", "icons", "pips", "art", "pattern", "qr")
)
DRAWN_BOX_TYPES = {f"cardstock.layout.boxtypes.{name}" for name in ("rect", "ellipse", "text")}

# Prints the modules the process holds after running the code given, as JSON.
PROBE = """
import json, sys
{code}
print(json.dumps(sorted(sys.modules)))
"""


def quiet_build(args: list[str]) -> str:
    """The code of a build with `args`, run in-process with its report not printed; it
    fails unless the build succeeds."""
    return (
        "import contextlib, io\n"
        "from cardstock.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main({args!r}) == 0\n"
    )


def modules_after(code: str, tmp: Path) -> set[str]:
    """The modules a new interpreter holds after running `code` (its cache in `tmp`)."""
    env = {**os.environ, "CARDSTOCK_CACHE": str(tmp / "cache")}
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(code=code)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp,
        check=True,
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def loaded(names: tuple[str, ...], modules: set[str]) -> list[str]:
    """Which of `names` (a module, or a package with its submodules) are in `modules`."""
    return sorted(m for m in modules for n in names if m == n or m.startswith(n + "."))


# Prints the qualified names of cardstock's pydantic models whose validator is built, after
# importing every module of the package: a model is built when first used (each config has
# `defer_build=True`), so a field's default is made by a factory, not an instance the
# module makes as it loads (which would build that model, and Pydantic's plugin search
# with it, in every command that imports the module).
BUILT_AT_IMPORT = """
import importlib, json, pkgutil, cardstock
from pydantic import BaseModel
for found in pkgutil.walk_packages(cardstock.__path__, "cardstock."):
    if not found.name.endswith("__main__"):
        importlib.import_module(found.name)
def below(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from below(sub)
models = [c for c in below(BaseModel) if c.__module__.startswith("cardstock.")]
print(json.dumps([len(models), sorted(
    f"{c.__module__}.{c.__qualname__}" for c in models if c.__pydantic_complete__
)]))
"""


def test_importing_the_package_builds_no_model(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", BUILT_AT_IMPORT],
        capture_output=True,
        text=True,
        env={**os.environ, "CARDSTOCK_CACHE": str(tmp_path / "cache")},
        cwd=tmp_path,
        check=True,
    )
    models, built = json.loads(done.stdout.splitlines()[-1])
    assert models > 50  # the package's models were found (game, layouts, sheets, rules)
    assert built == []


def test_importing_the_command_line_loads_no_pipeline(tmp_path: Path) -> None:
    modules = modules_after("import cardstock.cli", tmp_path)
    assert "cardstock.cli" in modules
    assert loaded(NOT_AT_START, modules) == []


def test_a_sheets_only_build_loads_no_other_stage_nor_the_mutation_test(tmp_path: Path) -> None:
    # alter-ego has a rulebook, so its rules check lays the book out (typesetting, not the
    # web page or the EPUB); one process (--jobs 1) so every module shows in this one.
    args = [
        "--root",
        str(ROOT),
        "build",
        "alter-ego",
        "--only",
        "pnp",
        "--paper",
        "letter",
        "--jobs",
        "1",
        "--out",
        str(tmp_path / "out"),
    ]
    modules = modules_after(quiet_build(args), tmp_path)
    assert (tmp_path / "out" / "alter-ego" / "alter-ego-pnp-letter.pdf").is_file()
    assert {"cardstock.impose.pnp", "cardstock.books.rulebook"} <= modules
    assert loaded(NOT_FOR_PNP, modules) == []
    assert "cardstock.rules.model" in modules  # alter-ego's rules were read
    assert loaded(NOT_IN_A_BUILD, modules) == []


def test_a_list_loads_no_rules_code(tmp_path: Path) -> None:
    # every shipped game has a rules.toml: a list reads none of them
    code = (
        "import contextlib, io\n"
        "from cardstock.cli import main\n"
        "listed = io.StringIO()\n"
        "with contextlib.redirect_stdout(listed):\n"
        f"    assert main(['--root', {str(ROOT)!r}, 'list']) == 0\n"
        "assert 'atmosfear' in listed.getvalue()\n"
    )
    modules = modules_after(code, tmp_path)
    assert "cardstock.catalog.load" in modules
    assert loaded(("cardstock.rules",), modules) == []


def test_a_check_without_mutate_loads_no_mutation_test(tmp_path: Path) -> None:
    # alter-ego's rules.toml has a `[mutate]` table: the check reads the file, every check
    # runs (a short setup simulation), and nothing of the mutation test is loaded
    code = (
        "import contextlib, io\n"
        "from cardstock.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main(['--root', {str(ROOT)!r}, 'check', 'alter-ego', '--runs', '5'])\n"
    )
    modules = modules_after(code, tmp_path)
    assert {"cardstock.rules.model", "cardstock.rules.report"} <= modules
    assert "cardstock.rules.facts.kinds" in modules  # its facts were checked
    assert loaded(NOT_IN_A_BUILD, modules) == []
    assert "cardstock.books.document" in modules  # its rulebook laid out for the lint
    assert loaded(NOT_IN_A_CHECK, modules) == []


def test_a_check_with_mutate_loads_the_mutation_test(tmp_path: Path) -> None:
    # the probe above can fail: `--mutate` loads the room (a game with no edits to make)
    code = (
        "import contextlib, io\n"
        "from cardstock.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main(['--root', {str(ROOT)!r}, 'check', 'no-such-game', '--mutate'])\n"
    )
    modules = modules_after(code, tmp_path)
    assert loaded(NOT_IN_A_BUILD, modules) != []


def test_writing_printed_json_does_not_load_gits_history(tmp_path: Path) -> None:
    # a default build writes every game's printed.json; only `--changed-since` reads git
    modules = modules_after("import cardstock.layout.fingerprints", tmp_path)
    assert "cardstock.layout.fingerprints" in modules
    assert loaded(("cardstock.core.revision",), modules) == []


def plain_deck(root: Path) -> Path:
    """The bench's plain deck (its game, layout and sheet files) with three cards of its
    own, each text two lines, written at `root`: a game without a rules.toml or a rulebook."""
    for folder, name, text in (
        ("catalog/plain", "game.toml", bench.PLAIN_GAME),
        ("layouts/plain", "faces.toml", bench.PLAIN_FACES),
        ("layouts/sheets", "cards.toml", bench.PLAIN_SHEET),
        ("layouts/sheets", "printers.toml", bench.PLAIN_PRINTERS),
    ):
        (root / folder).mkdir(parents=True, exist_ok=True)
        (root / folder / name).write_text(text, encoding="utf-8")
    rows = [f'Card {i},1,{i},{i % 5},"a line of text for card {i}\nand a second"' for i in range(3)]
    table = "\n".join(["name,count,number,faction,text", *rows]) + "\n"
    (root / "catalog" / "plain" / "cards.csv").write_text(table, encoding="utf-8")
    return root


def test_a_plain_sheets_only_build_loads_no_rules_models_babel_symbols_svg_or_translations(
    tmp_path: Path,
) -> None:
    root = plain_deck(tmp_path / "project")
    args = ["--root", str(root), "build", "--only", "pnp", "--paper", "letter", "--jobs", "1"]
    modules = modules_after(quiet_build(args), tmp_path)
    assert (root / "output" / "plain" / "plain-pnp-letter.pdf").is_file()
    assert {"cardstock.impose.pnp", "cardstock.rules.report"} <= modules
    assert loaded(NOT_WITHOUT_RULES, modules) == []
    assert loaded(NOT_IN_THE_SOURCE_LANGUAGE, modules) == []
    assert loaded(NOT_WITHOUT_SYMBOLS, modules) == []
    assert loaded(NOT_WITHOUT_SVG, modules) == []
    assert loaded(NOT_WITHOUT_A_QR, modules) == []
    assert loaded(NOT_WITHOUT_A_RULEBOOK, modules) == []
    assert loaded(NOT_WITHOUT_TRANSLATIONS, modules) == []
    assert loaded(NOT_WITHOUT_A_REPRINT, modules) == []
    assert loaded(NOT_WITHOUT_MARKUP, modules) == []
    assert loaded(NOT_WITHOUT_NOTES, modules) == []
    assert loaded(NOT_WITHOUT_RIGHT_TO_LEFT, modules) == []
    assert DRAWN_BOX_TYPES <= modules
    assert loaded(NOT_WITHOUT_THOSE_BOX_TYPES, modules) == []


# Imports the pipeline as a sheets-only build first does (`cli.building._pipeline`) and
# prints whether a collection ran during the import, whether the collector is on after it,
# whether what the import made was frozen, and whether the sheets' module was imported
# then (its check of a build's inputs: a frozen object is not among the collector's).
PIPELINE_IMPORT = """
import gc, json
from pathlib import Path
from cardstock.core.stage import BuildOptions
from cardstock.cli.building import _pipeline
seen = []
gc.callbacks.append(lambda phase, info: seen.append(phase))
build = _pipeline(BuildOptions(out=Path("out"), only=frozenset({"pnp"})))
gc.callbacks.clear()
from cardstock.impose.pnp import check_inputs
frozen = gc.get_freeze_count() > 0
sheets_frozen = not any(o is check_inputs for o in gc.get_objects())
print(json.dumps([build.__module__, seen, gc.isenabled(), frozen, sheets_frozen]))
"""


def test_the_pipeline_and_its_stages_checks_are_imported_with_the_collector_paused_then_frozen(
    tmp_path: Path,
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", PIPELINE_IMPORT],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=True,
    )
    assert json.loads(done.stdout.splitlines()[-1]) == ["cardstock.build", [], True, True, True]


# The modules of the models a build makes (the game file, its fields, the layout files, the
# sheets and printer profiles, the symbol library): their annotations are objects, so
# Pydantic makes each model without compiling and evaluating a text a field.
BUILD_MODEL_MODULES = (
    "cardstock.catalog.schema",
    "cardstock.catalog.fields",
    "cardstock.layout.language.schema",
    "cardstock.impose.sheets",
    "cardstock.layout.art.symbolfile",
)


def test_the_models_a_build_makes_have_no_annotations_written_as_text() -> None:
    import importlib

    from pydantic import BaseModel

    models = [
        value
        for name in BUILD_MODEL_MODULES
        for value in vars(importlib.import_module(name)).values()
        if isinstance(value, type) and issubclass(value, BaseModel) and value.__module__ == name
    ]
    assert len(models) >= 20  # the game's, the layout files', the sheets' and the symbols'
    written_as_text = [
        f"{model.__qualname__}.{field}"
        for model in models
        for field, annotation in vars(model).get("__annotations__", {}).items()
        if isinstance(annotation, str)
    ]
    assert written_as_text == []


# A Pydantic plugin installed beside cardstock (an entry point of the `pydantic` group):
# it writes the name of each model whose validator Pydantic makes.
PLUGIN = """
import os

class Probe:
    def new_schema_validator(self, schema, schema_type, path, kind, config, settings):
        with open(os.environ["PROBE_SEEN"], "a", encoding="utf-8") as seen:
            seen.write(path.name + "\\n")
        return None, None, None

plugin = Probe()
"""


def test_a_build_leaves_the_users_pydantic_plugins_on(tmp_path: Path) -> None:
    # cardstock validates a project's files with its own models and does not switch off
    # what the user installed to watch Pydantic (a plugin is the user's code, not the
    # project's); the plugin search it pays for is Pydantic's, made at the first model
    installed = tmp_path / "installed"
    (installed / "probe_plugin-1.0.dist-info").mkdir(parents=True)
    (installed / "probe_plugin.py").write_text(PLUGIN, encoding="utf-8")
    info = installed / "probe_plugin-1.0.dist-info"
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: probe-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[pydantic]\nprobe = probe_plugin:plugin\n")
    root = plain_deck(tmp_path / "project")
    args = ["--root", str(root), "build", "--only", "pnp", "--paper", "letter", "--jobs", "1"]
    seen = tmp_path / "seen.txt"
    env = {
        **os.environ,
        "CARDSTOCK_CACHE": str(tmp_path / "cache"),
        "PYTHONPATH": str(installed),
        "PROBE_SEEN": str(seen),
    }
    env.pop("PYDANTIC_DISABLE_PLUGINS", None)
    subprocess.run([sys.executable, "-c", quiet_build(args)], env=env, cwd=tmp_path, check=True)
    assert seen.is_file()  # the plugin was loaded and saw a model made
    assert {"Game", "LayoutFile", "Sheet"} <= set(seen.read_text(encoding="utf-8").split())
