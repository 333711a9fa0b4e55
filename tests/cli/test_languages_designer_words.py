"""What a designer reads of a language edition is in that language too: a print shop's
`order.txt` and the proof sheets say cardstock's own words (`cardstock/locale/`) in the
edition's language, as its sheets' footers do; fit-report.csv and the build's messages
stay the designer's data."""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from pathlib import Path

from conftest import job_of, load_games
from helpers_languages import GAME, french_demo
from pypdf import PdfReader

from cardstock.cli import main
from cardstock.core.stage import BuildOptions
from cardstock.core.toolwords import messages, tool_words
from cardstock.exports.presets import ORDER_WORDS, build_print_shop
from cardstock.impose.proof import LABELS, PROBLEMS, WORDS

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
LONG = " ".join(["Then draw a card, pass it to the left and say its name aloud."] * 30)


def test_every_word_of_an_order_and_a_proof_is_a_message_french_translates() -> None:
    known = {form for m in messages() for form in m}
    fr = tool_words("fr")
    assert [w for w in (*ORDER_WORDS, *WORDS) if w not in known] == []
    singular = [w for w in (*ORDER_WORDS, *WORDS) if w in {m[0] for m in messages()}]
    assert [w for w in singular if fr.english(w)] == []


def test_a_french_editions_order_is_in_french(tmp_path: Path) -> None:
    (catalog,), issues = load_games(FIXTURES, ["mini"])
    assert not issues.errors
    french = replace(catalog, tool_words=tool_words("fr"), lang="fr")
    out = tmp_path / "out"
    build_print_shop(job_of(french, BuildOptions(out=out, services=("mpc",))))
    (order,) = (out / french.id / "print-shop" / "mpc").glob("*/order.txt")
    text = order.read_text(encoding="utf-8")
    assert "Produit : cartes poker, 63,5 x 88,9mm" in text  # its numbers as French writes them
    assert "Commandez un paquet de" in text and "Order a deck" not in text
    assert "Dos : " in text and "Rectos : front/" in text and "Backs:" not in text


def test_a_french_editions_proof_sheets_are_in_french(tmp_path: Path) -> None:
    root = french_demo(tmp_path / "proj")
    path = root / "catalog" / GAME / "cards.csv"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    header = next(csv.reader([lines[0]]))
    for n, line in enumerate(lines):
        row = next(csv.reader([line])) if line.strip() and not line.startswith("#") else []
        if row and row[0] == "Dawn":
            row[header.index("text")] = LONG
            buffer = io.StringIO()
            csv.writer(buffer, lineterminator="\n").writerow(row)
            lines[n] = buffer.getvalue()
    path.write_text("".join(lines), encoding="utf-8")
    assert main(["--root", str(root), "proof", GAME, "--lang", "fr"]) == 0
    pdf = PdfReader(root / "output" / f"{GAME}-fr" / "proof" / f"{GAME}-fr-proof.pdf")
    text = pdf.pages[0].extract_text()
    fr = tool_words("fr")
    assert "épreuve — page 1 sur 1" in text and "proof" not in text.split("\n")[0]
    assert fr.count(*PROBLEMS, 1) in text and "1 problem)" not in text
    assert any(fr(label) in text for label in LABELS)
    assert not any(f"{label}" in text.replace(fr(label), "") for label in LABELS)
    report = (root / "output" / f"{GAME}-fr" / "proof" / "fit-report.csv").read_text()
    assert "minimum size" in report or "overflow" in report  # the designer's data: as it is
