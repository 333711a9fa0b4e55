"""The package keeps its shape: few memos, one cache that holds data (never pickles), no
stand-ins for library machinery, and a build that leaves only handed-out files in the output
folder.

Read from the source with `ast` (decorators, imports, names), so a comment or a docstring
naming a thing does not count."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "cardstock"
MEMO_DECORATORS = {"lru_cache", "cache", "cached_property"}
# the sixteenth: each language's collator (core/collation.py), a table read once; the
# seventeenth: a markup text's blocks (core/markup.py `_parsed`), which the rulebook's PDF,
# web page, EPUB and the quick reference's fit each ask of the same chunks; the eighteenth:
# a template's words as a player reads them (core/template_words.py `read_text`), which the
# book lint and the rule facts both ask of every template; the nineteenth: a text's folded
# words (rules/reading/phrases.py `_folded`), which each fact of terms asks of every name of the
# catalog, and a `--watch` process at every rebuild (a face's frame and a round piece's
# circle go in the outlines' memo, render/pdf.py `_outline`, not one of their own); the
# twentieth: a regular expression compiled once a process (core/patterns.py `compiled`), for
# the names and phrases the rules checks look for in every text, more than `re` keeps; the
# twenty-first: the shared symbol library's names and aliases while its file is unchanged
# (rules/checks/icon_names.py `_library`), which the mutation test asks each of the
# hundreds of times it checks a game
MAX_MEMOS = 21


_TREES: dict[Path, ast.Module] = {}


def _trees() -> dict[Path, ast.Module]:
    """Every module of the package, parsed once for all the tests of this file."""
    if not _TREES:
        _TREES.update(
            {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(PACKAGE.rglob("*.py"))}
        )
    return _TREES


def _decorator_name(node: ast.expr) -> str:
    target = node.func if isinstance(node, ast.Call) else node
    if isinstance(target, ast.Attribute):
        return target.attr
    return target.id if isinstance(target, ast.Name) else ""


def test_the_package_holds_at_most_twenty_one_memo_decorators():
    found = [
        f"{path.relative_to(ROOT)}:{fn.lineno} {fn.name}"
        for path, tree in _trees().items()
        for fn in ast.walk(tree)
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
        for deco in fn.decorator_list
        if _decorator_name(deco) in MEMO_DECORATORS
    ]
    assert 0 < len(found) <= MAX_MEMOS, "\n".join(found)


def test_nothing_is_pickled():
    imported = {
        (path.relative_to(ROOT).as_posix(), alias.name.split(".")[0])
        for path, tree in _trees().items()
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in (
            node.names if isinstance(node, ast.Import) else [ast.alias(node.module or "")]
        )
    }
    assert not [(f, m) for f, m in imported if m in {"pickle", "shelve", "dill", "cloudpickle"}]


def test_the_removed_stand_ins_stay_removed():
    present = {p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py")}
    assert not present & {
        "records.py",
        "plugins.py",
        "fonts/kept.py",
        "pipeline.py",
        "gate.py",
        "facestore.py",
    }
    source = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py"))
    assert "PYDANTIC_DISABLE_PLUGINS" not in source
    assert (
        "inotify_init" not in source and "inotify_add_watch" not in source
    )  # --watch uses watchfiles


def test_one_module_opens_the_persistent_cache():
    users = [
        path.relative_to(ROOT).as_posix()
        for path, tree in _trees().items()
        if any(
            isinstance(n, (ast.Import, ast.ImportFrom))
            and "sqlite3"
            in ([a.name for a in n.names] if isinstance(n, ast.Import) else [n.module or ""])
            for n in ast.walk(tree)
        )
    ]
    assert users == ["cardstock/core/cache.py"]


def test_a_build_leaves_only_handed_out_files_in_the_output_folder(tmp_path, cli):
    out = tmp_path / "out"
    result = cli("--root", str(ROOT), "--out", str(out), "--only", "pnp", "alter-ego")
    assert result.code == 0, result.err
    hidden = [
        p for p in out.rglob("*") if any(part.startswith(".") for part in p.relative_to(out).parts)
    ]
    assert hidden == []
    assert {p.suffix for p in out.rglob("*") if p.is_file()} <= {".pdf", ".json", ".html"}
