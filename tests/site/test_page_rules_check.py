"""The downloads page as a player reads it: the rules check folded under each game shows
its sections as headings, each check with its verdict, and the setup figures as a table."""

from __future__ import annotations

from html.parser import HTMLParser


class Figures(HTMLParser):
    """The rules-check block: its headings, its verdicts and its setup table's cells."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, str]] = []
        self.heads: list[str] = []
        self.verdicts: list[str] = []
        self.header: list[str] = []
        self.rows: list[list[str]] = []

    def handle_starttag(self, tag, attrs):
        self.stack.append((tag, dict(attrs).get("class") or ""))
        if tag == "tr" and any(c == "setup" for t, c in self.stack if t == "table"):
            self.rows.append([])

    def handle_endtag(self, tag):
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data):
        text = data.strip()
        if not text or not self.stack:
            return
        tag, cls = self.stack[-1]
        if tag == "li" and cls == "head":
            self.heads.append(text)
        elif tag == "span" and cls.startswith("verdict"):
            self.verdicts.append(text)
        elif tag == "th" and self.rows:
            self.header.append(text)
        elif tag == "td" and self.rows:
            self.rows[-1].append(text)


def test_the_rules_check_on_the_page_has_headings_verdicts_and_a_setup_table(cli, shipped):
    import shutil

    from conftest import ROOT

    game = shipped("atmosfear")
    shutil.copytree(ROOT / "layouts", game.root / "layouts")
    out = game.root / "out"
    r = cli("--root", str(game.root), "build", "atmosfear", "--only", "page", "--out", str(out))
    assert r.code == 0, r.err
    page = Figures()
    page.feed((out / "index.html").read_text(encoding="utf-8"))
    assert "Setup" in page.heads and "Declared counts" in page.heads
    assert page.verdicts and set(page.verdicts) == {"ok"}
    # one header row, then one row per player count (Atmosfear plays 2 to 6)
    assert page.header[:2] == ["players", "complete"]
    body = [row for row in page.rows if row]
    assert [row[0] for row in body] == ["2", "3", "4", "5", "6"]
    assert all(len(row) == len(page.header) for row in body)
