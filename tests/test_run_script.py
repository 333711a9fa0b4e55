"""`tests/run` installs the system packages the suite needs with apt-get; when another
install holds the package lock (unattended upgrades, a second run) it waits for the lock
instead of failing at once. Its install step is run here against a stand-in `apt-get`
that records how it was called and, like apt-get with the lock held, fails at once
unless told to wait."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from conftest import ROOT

# the stand-in: each call's arguments a line of the log; without a lock timeout, the
# error apt-get gives when another process holds the lock
APT_GET = """#!/bin/sh
echo "$*" >> "$APT_LOG"
case "$*" in
  *DPkg::Lock::Timeout=*) exit 0 ;;
esac
echo "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 1 (apt)" >&2
exit 100
"""


def _install_step() -> str:
    """The lines of tests/run that install what is missing (`if [ ${#need[@]} … fi`)."""
    lines = (ROOT / "tests" / "run").read_text(encoding="utf-8").splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith("if [ ${#need[@]}"))
    end = next(n for n in range(start, len(lines)) if lines[n] == "fi")
    return "\n".join(lines[start : end + 1])


def test_the_package_install_waits_for_the_lock_another_install_holds(tmp_path: Path):
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    for name, text in (("apt-get", APT_GET), ("sudo", '#!/bin/sh\nexec "$@"\n')):
        (bin_ / name).write_text(text)
        (bin_ / name).chmod(0o755)
    log = tmp_path / "apt.log"
    script = f"set -euo pipefail\nneed=(qpdf)\n{_install_step()}\n"
    env = {**os.environ, "PATH": f"{bin_}:{os.environ['PATH']}", "APT_LOG": str(log)}
    done = subprocess.run(
        ["bash", "-c", script], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    calls = log.read_text().splitlines()
    assert [c.split()[-1] for c in calls if " update" in c] == ["-qq"]
    assert any("install" in c and "qpdf" in c for c in calls)
    assert all("DPkg::Lock::Timeout=" in c for c in calls)
