"""`--changed-since FILE` reads a saved build the project holds: a manifest (or the
fingerprints it lists) nested past any depth a reader goes is bad input said at the option
(exit 2), and nothing is written."""

from __future__ import annotations

import hashlib
import json

import pytest

from cardstock.cli import main

DEEP = "[" * 200_000 + "]" * 200_000


@pytest.fixture
def starter(tmp_path):
    root = tmp_path / "p"
    assert main(["init", str(root)]) == 0
    (root / "saved").mkdir()
    return root


def since(root, ref: str) -> int:
    return main(["--root", str(root), "build", "--changed-since", ref, "--only", "pnp"])


def test_a_saved_manifest_nested_too_deeply_is_bad_input_at_the_option(starter, capsys):
    (starter / "saved" / "manifest.json").write_text(DEEP)
    capsys.readouterr()
    assert since(starter, "saved/manifest.json") == 2
    err = capsys.readouterr().err
    assert err.startswith("command line: --changed-since: saved/manifest.json: ")
    assert "nest more than 64 deep" in err and "internal error" not in err
    assert not (starter / "output").exists()


def test_fingerprints_nested_too_deeply_beside_a_saved_manifest_are_bad_input(starter, capsys):
    printed = starter / "saved" / "p" / "p-printed.json"
    printed.parent.mkdir()
    printed.write_text(DEEP)
    entry = {
        "path": "p/p-printed.json",
        "kind": "printed",
        "sha256": hashlib.sha256(printed.read_bytes()).hexdigest(),
    }
    (starter / "saved" / "manifest.json").write_text(json.dumps({"artifacts": [entry]}))
    capsys.readouterr()
    assert since(starter, "saved/manifest.json") == 2
    err = capsys.readouterr().err
    assert err.startswith("command line: --changed-since: saved/manifest.json: ")
    assert "p/p-printed.json beside" in err and "nest more than 64 deep" in err
    assert not (starter / "output").exists()
