"""A file is written through a temporary file beside it, then renamed into place. A process
killed between the two leaves the temporary file behind; the next write of the same file
removes it (below a held output folder, taking the folder's lock sweeps them all,
`test_output_links.py`). A temporary file is locked for as long as its write runs, so one
a running write still holds is never taken for a leftover."""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
from pathlib import Path

from helpers_languages import GAME, french_demo

from cardstock.cli import main
from cardstock.core.output import write_atomic

# a write killed in the rename window: `os.replace` is where the process dies
KILLED = """
import os, signal, sys
from pathlib import Path
from cardstock.core import output
os.replace = lambda *a, **k: os.kill(os.getpid(), signal.SIGKILL)
output.write_atomic(Path(sys.argv[1]), b"the new text")
"""


def _leftovers(folder: Path, name: str) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(f".{name}."))


def test_a_write_killed_before_its_rename_leaves_a_file_the_next_write_removes(tmp_path):
    target = tmp_path / "signed.toml"
    target.write_bytes(b"the old text")
    killed = subprocess.run([sys.executable, "-c", KILLED, str(target)], timeout=120)
    assert killed.returncode == -signal.SIGKILL
    left = _leftovers(tmp_path, "signed.toml")
    assert len(left) == 1 and left[0].endswith(".tmp")
    assert target.read_bytes() == b"the old text"  # the file itself is whole
    write_atomic(target, b"the new text")
    assert _leftovers(tmp_path, "signed.toml") == []
    assert target.read_bytes() == b"the new text"


def test_a_temporary_file_a_running_write_holds_is_left_alone(tmp_path):
    target = tmp_path / "notes.po"
    running = tmp_path / ".notes.po.0123456789ab.tmp"
    running.write_bytes(b"half of a write still going on")
    held = os.open(running, os.O_RDONLY)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)  # as the running write holds it
        write_atomic(target, b"one")
        assert running.exists()
    finally:
        os.close(held)
    write_atomic(target, b"two")  # its write is gone: a leftover now
    assert not running.exists() and target.read_bytes() == b"two"


def test_only_the_leftovers_of_the_file_written_are_removed_and_no_link_is_followed(tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_bytes(b"not cardstock's")
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / ".other.po.0123456789ab.tmp").write_bytes(b"another file's leftover")
    (folder / ".a.po.aaaaaaaaaaaa.tmp").symlink_to(outside)
    (folder / ".a.po.bbbbbbbbbbbb.tmp").write_bytes(b"a's leftover")
    (folder / ".a.po.notarandomname.tmp").write_bytes(b"not a name cardstock makes")
    write_atomic(folder / "a.po", b"a")
    assert sorted(p.name for p in folder.iterdir()) == [
        ".a.po.aaaaaaaaaaaa.tmp",
        ".a.po.notarandomname.tmp",
        ".other.po.0123456789ab.tmp",
        "a.po",
    ]
    assert outside.read_bytes() == b"not cardstock's"


def test_translate_update_removes_what_a_killed_update_left(tmp_path):
    root = french_demo(tmp_path / "proj")
    assert main(["--root", str(root), "translate", "update", GAME, "--lang", "fr"]) == 0
    folder = root / "catalog" / GAME / "translations"
    (folder / ".fr.po.0123456789ab.tmp").write_bytes(b"what a killed update left")
    assert main(["--root", str(root), "translate", "update", GAME, "--lang", "fr"]) == 0
    assert _leftovers(folder, "fr.po") == []
