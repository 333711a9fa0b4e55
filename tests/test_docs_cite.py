"""What the docs cite exists: every file path, every module name, every command and option
of the command line, and every kind of the cache. A doc that names something the code no
longer has fails here, not in a reader's hands."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from conftest import ROOT

from cardstock.core.cache import KINDS

DOCS = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]

# Files a doc names as the designer's own, in a worked example: the example games of the
# walk-throughs (`heroes`, `moon-race`, a game `g`), the box type docs/extending.md shows
# how to add, and the sheet file of a sample message. Every other path must exist.
EXAMPLES = {"heroes", "moon-race", "g", "diamond.py", "x.toml"}
# Tokens that look like module names but are another program's words: git's settings.
NOT_OURS = {"core.fsmonitor", "core.hooksPath"}
# Options a doc cites that belong to another program (git's, for a revision); an option
# inside a command of another program (`plain.py --csv`) is that program's, not checked.
OTHER_OPTIONS = {"--end-of-options"}
OURS = re.compile(r"(?:cardstock|build\.py|python -m cardstock)\b|--")

TICKED = re.compile(r"`([^`\n]+)`")
FILE_EXT = re.compile(r"\.(py|md|toml|json|csv|tsv|pdf|svg|png|html|j2|txt|xlsx|yaml|yml|icc)$")
PATH_ROOTS = ("cardstock/", "layouts/", "tests/", "bench/", "docs/", "catalog/", ".ci/")
DOTTED = re.compile(r"[a-z_]+(\.[A-Za-z_][A-Za-z0-9_]*)+")
TOP_LEVEL = {p.stem for p in (ROOT / "cardstock").glob("*.py")} | {
    p.name for p in (ROOT / "cardstock").iterdir() if (p / "__init__.py").is_file()
}


def cited() -> list[tuple[str, int, str]]:
    """(doc, line, token) for every backticked token of every doc and the README."""
    found = []
    for doc in DOCS:
        for n, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            for token in TICKED.findall(line):
                found.append((doc.name, n, token.strip()))
    return found


def _is_example(token: str) -> bool:
    return any(c in token for c in "<>*{}$") or bool(set(re.split(r"[/:\[]", token)) & EXAMPLES)


def _resolve(dotted: str) -> str | None:
    """None when `dotted` names a module of the package, or a name (a function, a class, a
    constant, a field) inside one; else what is missing."""
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module("cardstock." + ".".join(parts[:i]))
        except ImportError:
            continue
        for name in parts[i:]:
            fields = getattr(obj, "model_fields", None) or getattr(obj, "__dataclass_fields__", {})
            if hasattr(obj, name):
                obj = getattr(obj, name)
            elif name in fields:
                return None
            else:
                return f"{obj!r} has no {name!r}"
        return None
    return "no such module"


def test_every_path_a_doc_cites_exists():
    missing = []
    for doc, n, token in cited():
        if token.startswith(PATH_ROOTS) and not _is_example(token):
            path = re.split(r"[:\[ ]", token)[0].rstrip("/")
            if not (ROOT / path).exists():
                missing.append(f"{doc}:{n}: {token}")
    assert not missing, "\n".join(missing)


def _as_dotted(token: str) -> str:
    """A module written as a path, with or without a name after it, as a dotted name:
    `render/pdf.py: pdf_settings` and `render/pdf.PdfFaces` → `render.pdf.…`."""
    token = token.removeprefix("cardstock/").removeprefix("cardstock.").removesuffix("()")
    if "/" not in token or token.split("/")[0] not in TOP_LEVEL:
        return token
    path, name = token, ""
    if ".py" in token:
        path, _, name = token.partition(".py")
        name = name.lstrip(": ")
    elif "." in token:
        path, _, name = token.partition(".")
    return ".".join([*path.split("/"), *([name] if name else [])])


def test_every_module_and_name_a_doc_cites_exists():
    missing = []
    for doc, n, token in cited():
        if _is_example(token):
            continue
        name = _as_dotted(token)
        if not DOTTED.fullmatch(name) or FILE_EXT.search(name) or name in NOT_OURS:
            continue
        if name.split(".")[0] in TOP_LEVEL:
            problem = _resolve(name)
            if problem:
                missing.append(f"{doc}:{n}: {token}: {problem}")
    assert not missing, "\n".join(missing)


@cache
def _help(*command: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "cardstock", *command, "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    return done.stdout


def _commands() -> set[str]:
    usage = re.search(r"\{([a-z,-]+)\}", _help())
    assert usage, _help()
    return set(usage.group(1).split(","))


def _options() -> set[str]:
    text = _help() + "".join(_help(c) for c in sorted(_commands()))
    return set(re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", text))


def test_every_command_a_doc_cites_exists():
    commands = _commands()
    wrong = []
    for doc, n, token in cited():
        said = re.match(r"(?:cardstock|build\.py) ([a-z][a-z-]*)", token)
        if said and said.group(1) not in commands:
            wrong.append(f"{doc}:{n}: {token}")
    assert not wrong, "\n".join(wrong)


def test_every_option_a_doc_cites_exists():
    options = _options()
    wrong = []
    for doc, n, token in cited():
        if not OURS.match(token):
            continue
        for option in re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", token):
            if option not in options and option not in OTHER_OPTIONS:
                wrong.append(f"{doc}:{n}: {option}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("doc", ["architecture.md"])
def test_the_cache_kinds_table_is_the_caches_own(doc: str):
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    table = text.split("<!-- cache-kinds -->\n", 1)[1].split("<!-- /cache-kinds -->", 1)[0]
    rows = re.findall(r"^\| `([^`]+)` \| (.+) \|$", table, re.M)
    assert dict(rows) == KINDS


def test_the_checks_themselves_find_a_missing_path_a_name_and_an_option(tmp_path: Path):
    """The patterns above catch what they are for (a doc with three wrong citations)."""
    assert _resolve("build.no_such_function") is not None
    assert _resolve("core.cache.KINDS") is None
    assert _as_dotted("render/pdf.py: pdf_settings") == "render.pdf.pdf_settings"
    assert _as_dotted("render/pdf.PdfFaces") == "render.pdf.PdfFaces"
    assert "--no-such-option" not in _options()
    assert "--only" in _options()
    assert not (ROOT / "cardstock/no_such_module.py").exists()


def test_docs_outputs_md_names_what_every_stage_writes():
    from cardstock.stages import STAGES

    text = (ROOT / "docs" / "outputs.md").read_text(encoding="utf-8")
    missing = []
    for stage in STAGES:
        path = re.split(r"[:, ]", stage.writes, maxsplit=1)[0]
        folder = path.rsplit("/", 1)[0] + "/" if path.count("/") > 1 else None
        if f"`output/{path}`" not in text and (folder is None or f"`output/{folder}`" not in text):
            missing.append(f"{stage.name}: {path}")
    assert not missing, "\n".join(missing)
