"""The output folder's manifest may come with the project (a cloned project can ship its
`output/`): one that cannot be read — not JSON, nested past any depth a reader goes, or
listing entries of other shapes than a build writes — is as if there were none, and the
build writes it anew."""

from __future__ import annotations

import json

import pytest

from cardstock.cli import main


@pytest.fixture
def starter(tmp_path):
    root = tmp_path / "p"
    assert main(["init", str(root)]) == 0
    return root


def build(root) -> int:
    return main(["--root", str(root), "build", "--only", "svg", "--jobs", "1"])


def written_anew(root) -> None:
    entries = json.loads((root / "output" / "manifest.json").read_text())["artifacts"]
    assert entries and all(isinstance(e["path"], str) and e["sha256"] for e in entries)
    assert any(e["kind"] == "svg" for e in entries)


@pytest.mark.parametrize(
    "text",
    [
        '{"artifacts": ' + "[" * 200_000 + "]" * 200_000 + "}",
        "[" * 200_000 + "]" * 200_000,
    ],
    ids=["artifacts-nested-200000-deep", "nested-200000-deep"],
)
def test_a_manifest_nested_too_deeply_to_read_is_written_anew(starter, capsys, text):
    (starter / "output").mkdir()
    (starter / "output" / "manifest.json").write_text(text)
    assert build(starter) == 0
    assert "internal error" not in capsys.readouterr().err
    written_anew(starter)


@pytest.mark.parametrize(
    "artifacts",
    [5, [1], [{}], [{"path": ["a"]}], [{"path": "a.svg", "game": 5, "kind": "svg"}]],
    ids=["a-number", "a-list-of-numbers", "an-empty-entry", "a-path-not-text", "fields-missing"],
)
def test_a_manifest_whose_entries_are_not_a_builds_is_written_anew(starter, capsys, artifacts):
    (starter / "output").mkdir()
    (starter / "output" / "manifest.json").write_text(json.dumps({"artifacts": artifacts}))
    assert main(["--root", str(starter), "build", "--jobs", "1"]) == 0
    assert "internal error" not in capsys.readouterr().err
    written_anew(starter)
