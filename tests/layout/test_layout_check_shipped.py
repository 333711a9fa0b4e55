"""The layout check reads a project's own layout files in every build, and the defaults
cardstock ships only here: they are the same in every build."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES, validate

from cardstock.core.project import shipped_layouts
from cardstock.layout.checks import layouts as layout_check
from cardstock.layout.checks.layouts import shipped_value_problems


def test_the_shipped_default_layouts_write_no_bad_value_or_template() -> None:
    assert shipped_value_problems() == []


def _files_read(monkeypatch: pytest.MonkeyPatch, root: Path) -> list[str]:
    """The layout files whose values the layout check of the mini game reads."""
    read: list[str] = []
    real = layout_check._file_values

    def recording(path: Path, shown: str, *args: Any) -> Any:
        read.append(shown)
        return real(path, shown, *args)

    monkeypatch.setattr(layout_check, "_file_values", recording)
    validate(root, ["mini"])
    return read


def test_a_project_on_the_shipped_defaults_does_not_read_them_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / "mini")
    assert _files_read(monkeypatch, tmp_path) == []


def test_a_projects_own_defaults_are_read_and_a_bad_template_in_them_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / "mini")
    own = tmp_path / "layouts" / "default.toml"
    own.parent.mkdir(parents=True)
    text = (shipped_layouts() / "default.toml").read_text(encoding="utf-8")
    assert '= "{{ accent }}"' in text
    own.write_text(text.replace('= "{{ accent }}"', '= "{{ (accent }}"', 1), encoding="utf-8")
    assert _files_read(monkeypatch, tmp_path) == ["layouts/default.toml"]
    _, issues = validate(tmp_path, ["mini"])
    assert any(
        i.file == "layouts/default.toml" and "template syntax error" in i.message for i in issues
    ), [i.render() for i in issues]
