"""The downloads page's templates are compiled once a process, until a file changes: a build
renders the page twice (checked before anything is written, written at the end)."""

from cardstock.site.page import PAGE_TEMPLATE, render_page


def _site(root, page: str, part: str) -> None:
    site = root / "layouts" / "site"
    site.mkdir(parents=True, exist_ok=True)
    (site / PAGE_TEMPLATE).write_text(page, encoding="utf-8")
    (site / "part.html.j2").write_text(part, encoding="utf-8")


def _compiles(monkeypatch) -> list[str]:
    from cardstock.core.templating import BoundedSandbox

    made: list[str] = []
    compile_ = BoundedSandbox.compile

    def counted(self, source, name=None, filename=None, raw=False, defer_init=False):
        made.append(str(name))
        return compile_(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(BoundedSandbox, "compile", counted)
    return made


def test_the_page_rendered_again_from_the_same_files_is_not_compiled_again(tmp_path, monkeypatch):
    _site(tmp_path, '{{ title }} {% include "part.html.j2" %}', "[{{ title }}]")
    made = _compiles(monkeypatch)
    assert render_page(tmp_path, {"title": "One"}) == "One [One]"
    assert render_page(tmp_path, {"title": "Two"}) == "Two [Two]"
    assert sorted(made) == [PAGE_TEMPLATE, "part.html.j2"]


def test_an_edited_page_template_or_part_is_read_and_compiled_anew(tmp_path, monkeypatch):
    _site(tmp_path, '{{ title }} {% include "part.html.j2" %}', "[{{ title }}]")
    made = _compiles(monkeypatch)
    assert render_page(tmp_path, {"title": "One"}) == "One [One]"
    (tmp_path / "layouts" / "site" / "part.html.j2").write_text("({{ title }})", encoding="utf-8")
    assert render_page(tmp_path, {"title": "One"}) == "One (One)"
    (tmp_path / "layouts" / "site" / PAGE_TEMPLATE).write_text("<{{ title }}>", encoding="utf-8")
    assert render_page(tmp_path, {"title": "One"}) == "<One>"
    assert made == [PAGE_TEMPLATE, "part.html.j2", "part.html.j2", PAGE_TEMPLATE]
