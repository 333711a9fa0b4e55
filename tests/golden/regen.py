"""Rebuild the fixture game and rewrite its golden snapshot in tests/golden/mini/.

    .venv/bin/python tests/golden/regen.py

A PNG snapshot that is still within the tolerance of the stored one is kept as it was, so
that a library release that shades a few pixels differently does not rewrite it. Look at
the build before committing what this writes: it keeps the build in a temporary folder and
prints the pdftoppm commands that turn its PDFs into pictures.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from golden.snapshot import GAME, GOLDEN, build, same, snapshot, stored  # noqa: E402


def main() -> int:
    root = Path(tempfile.mkdtemp(prefix="cardstock-golden-"))
    out = build(root)
    files = snapshot(out)
    old = stored() if GOLDEN.exists() else {}
    kept = {n for n, t in files.items() if n in old and old[n] != t and same(n, old[n], t)}
    files.update({n: old[n] for n in kept})
    changed = sorted(n for n, t in files.items() if old.get(n) != t)
    gone = sorted(set(old) - set(files))
    if GOLDEN.exists():
        shutil.rmtree(GOLDEN)
    for name, text in files.items():
        path = GOLDEN / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    print(
        f"wrote {len(files)} files to {GOLDEN}: {len(changed)} new or changed, {len(gone)} "
        "removed, "
        f"{len(kept)} PNG snapshots kept (within the tolerance)"
    )
    for name in changed:
        print(f"  changed: {name}")
    for name in gone:
        print(f"  removed: {name}")
    pictures = Path(tempfile.gettempdir()) / "cardstock-golden-look"
    print(f"look at the build in {out} before committing, e.g.:")
    for pdf in (
        f"{GAME}/{GAME}-rulebook.pdf",
        f"{GAME}/{GAME}-rulebook-booklet-letter.pdf",
        f"{GAME}/{GAME}-quickref-letter.pdf",
        f"{GAME}/{GAME}-pnp-letter.pdf",
        f"{GAME}/cards/{GAME}-cards.pdf",
        f"{GAME}/print-shop/drivethru/deck.pdf",
    ):
        print(f"  pdftoppm -png -r 60 {out / pdf} {pictures}/{Path(pdf).stem}")
    print(
        f"  and the PNGs under {out / GAME / 'cards'}, {out / GAME / 'tts'}, "
        f"{out / GAME / 'print-shop'}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
