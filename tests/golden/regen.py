"""Rebuild the fixture game and rewrite its golden snapshot in tests/golden/mini/.

    .venv/bin/python tests/golden/regen.py

Look at the build before committing what this writes: it keeps the build it compared in
a temporary folder and prints the pdftoppm command that turns its sheets into pictures.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from golden.snapshot import GOLDEN, build, snapshot  # noqa: E402


def main() -> int:
    root = Path(tempfile.mkdtemp(prefix="cardstock-golden-"))
    files = snapshot(build(root))
    if GOLDEN.exists():
        shutil.rmtree(GOLDEN)
    for name, text in files.items():
        path = GOLDEN / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    print(f"wrote {len(files)} files to {GOLDEN}")
    print(f"look at the sheets: pdftoppm -png -r 60 {root}/output/mini/mini-pnp-letter.pdf /tmp/mini")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
