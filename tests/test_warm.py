"""The warm build server (`cardstock serve`): a command sent to it builds the same bytes,
prints the same messages and exits with the same code as one run in its own process; the
`cardstock` command falls back to its own process when no server (or a stale one) is there.

Every test starts a real server process on a socket in its own folder and talks to it
with the real `cardstock` client, as a user's shell would."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import FIXTURES, ROOT

CLIENT = "import sys; from cardstock.warm import main; sys.exit(main())"


def _env(server_dir: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "CARDSTOCK_NO_SERVER"}
    env["CARDSTOCK_SERVER_DIR"] = str(server_dir)
    env.update(extra)
    return env


class Server:
    def __init__(self, folder: Path, env: dict[str, str]):
        self.folder = folder
        self.env = env
        self.log = folder.parent / "server.log"
        self.proc = subprocess.Popen([sys.executable, "-c", CLIENT, "serve", "--idle", "5"], env=env, cwd=folder.parent,
                                     stdout=subprocess.DEVNULL, stderr=self.log.open("w"))
        deadline = time.monotonic() + 60
        while "ready" not in self.text():
            assert self.proc.poll() is None, f"the server exited: {self.text()}"
            assert time.monotonic() < deadline, "the server did not start in 60 s"
            time.sleep(0.05)

    def text(self) -> str:
        return self.log.read_text(encoding="utf-8") if self.log.exists() else ""

    def socket(self) -> Path:
        (sock,) = self.folder.glob("*.sock")
        return sock

    def workers(self) -> int:
        return self.text().count(" started: ")

    def wait_for(self, text: str, seconds: float = 15) -> None:
        deadline = time.monotonic() + seconds
        while text not in self.text():
            assert time.monotonic() < deadline, f"{text!r} not in the server's log: {self.text()}"
            time.sleep(0.05)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(timeout=30)


@pytest.fixture
def server(tmp_path):
    folder = tmp_path / "srv"
    s = Server(folder, _env(folder))
    yield s
    s.stop()


def cardstock(env: dict[str, str], *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", CLIENT, *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=300)


@pytest.fixture
def project(tmp_path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    return root


def test_a_served_build_writes_the_same_bytes_as_a_build_in_its_own_process(server, project):
    served = cardstock(server.env, "--root", str(project), "--out", str(project / "served"), "--paper", "letter", "--only", "pnp,svg")
    assert served.returncode == 0, served.stderr
    assert server.workers() == 1
    assert "built 2 of 2 parts" in served.stdout
    here = cardstock(dict(server.env, CARDSTOCK_NO_SERVER="1"), "--root", str(project), "--out", str(project / "here"), "--paper", "letter", "--only", "pnp,svg")
    assert here.returncode == 0, here.stderr
    assert server.workers() == 1  # the second build did not go to the server
    files = sorted(p.relative_to(project / "here") for p in (project / "here").rglob("*") if p.is_file())
    assert any(str(f).endswith(".pdf") for f in files) and any(str(f).endswith(".svg") for f in files)
    for f in files:
        assert (project / "served" / f).read_bytes() == (project / "here" / f).read_bytes(), f


def test_the_worker_runs_in_the_clients_folder_with_its_environment(server, project):
    done = cardstock(dict(server.env, CI="1"), "--out", "from-cwd", "--paper", "letter", "--only", "pnp", cwd=project)
    assert done.returncode == 0, done.stderr
    assert server.workers() == 1
    assert (project / "from-cwd" / "mini" / "mini-pnp-letter.pdf").is_file()


def test_bad_input_through_the_server_is_a_located_error_and_exit_2(server, project):
    table = project / "catalog" / "mini" / "cards.csv"
    lines = table.read_text(encoding="utf-8").splitlines()
    header = lines[0].split(",")
    row = lines[1].split(",")
    row[header.index("count")] = "many"
    lines[1] = ",".join(row)
    table.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = cardstock(server.env, "--root", str(project), "--paper", "letter", "--only", "pnp")
    assert done.returncode == 2
    assert server.workers() == 1
    assert "cards.csv" in done.stderr and "count" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (project / "output" / "mini").exists()
    server.wait_for("ended: exit 2, peak ")  # the server logs how each worker ended


def test_option_errors_and_version_keep_their_exit_codes(server, project):
    version = cardstock(server.env, "--version")
    assert version.returncode == 0 and version.stdout.startswith("cardstock ")
    wrong = cardstock(server.env, "--root", str(project), "build", "--paper", "legal")
    assert wrong.returncode == 2 and "invalid choice" in wrong.stderr
    assert server.workers() == 2


def test_without_a_server_the_command_runs_in_its_own_process(tmp_path, project):
    env = _env(tmp_path / "nobody-serves")
    done = cardstock(env, "--root", str(project), "--paper", "letter", "--only", "pnp")
    assert done.returncode == 0, done.stderr
    assert (project / "output" / "mini" / "mini-pnp-letter.pdf").is_file()


def test_a_socket_left_by_a_dead_server_is_ignored(server, project):
    sock = server.socket()
    server.proc.send_signal(signal.SIGKILL)
    server.proc.wait(timeout=30)
    assert sock.exists()  # a killed server cannot clean up
    done = cardstock(server.env, "--root", str(project), "--paper", "letter", "--only", "pnp")
    assert done.returncode == 0, done.stderr
    assert (project / "output" / "mini" / "mini-pnp-letter.pdf").is_file()


def test_serve_stop_stops_the_server_and_removes_its_socket(server):
    sock = server.socket()
    done = cardstock(server.env, "serve", "--stop")
    assert done.returncode == 0 and "stopped" in done.stderr
    assert server.proc.wait(timeout=30) == 0
    assert not sock.exists()


def test_a_second_server_does_not_replace_a_running_one(server):
    again = subprocess.run([sys.executable, "-c", CLIENT, "serve"], env=server.env, capture_output=True, text=True, timeout=120)
    assert again.returncode == 0 and "already running" in again.stderr
    assert server.proc.poll() is None


def test_a_client_of_another_version_is_declined(server):
    request = json.dumps({"protocol": 1, "version": "0.0.0-other", "argv": ["list"]}).encode()
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    conn.connect(str(server.socket()))
    with open(os.devnull, "rb") as null:
        socket.send_fds(conn, [struct.pack("!I", len(request)), request], [null.fileno()] * 3)
    conn.settimeout(30)
    answer = json.loads(conn.makefile("rb").readline())
    conn.close()
    assert "another version" in answer["declined"]
    assert server.workers() == 0


def test_a_changed_install_makes_the_server_step_aside(tmp_path, project):
    """A server started from one copy of the package; once a file of that copy changes,
    the next command is built in its own process and the server exits."""
    copy = tmp_path / "site"
    shutil.copytree(ROOT / "cardstock", copy / "cardstock", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "layouts", copy / "layouts")  # the shipped layouts, as in a checkout
    folder = tmp_path / "srv"
    server = Server(folder, _env(folder, PYTHONPATH=str(copy)))
    try:
        # (run from tmp_path: `python -c` puts the working folder first on sys.path)
        first = cardstock(server.env, "--root", str(project), "--paper", "letter", "--only", "pnp", cwd=tmp_path)
        assert first.returncode == 0, first.stderr
        assert server.workers() == 1
        units = copy / "cardstock" / "units.py"
        units.write_text(units.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
        second = cardstock(server.env, "--root", str(project), "--paper", "letter", "--only", "pnp", "--out", str(project / "again"), cwd=tmp_path)
        assert second.returncode == 0, second.stderr
        assert "changed since the build server started" in second.stderr
        assert (project / "again" / "mini" / "mini-pnp-letter.pdf").is_file()
        assert server.workers() == 1
        assert server.proc.wait(timeout=30) == 0
    finally:
        server.stop()


def test_ctrl_c_on_the_client_interrupts_the_worker(server, tmp_path):
    """The worker runs in the server's session, out of reach of the terminal's Ctrl-C: the
    client passes the signal on, and the worker stops as a command of its own would."""
    shutil.copytree(ROOT / "catalog" / "vortex", tmp_path / "p" / "catalog" / "vortex")
    shutil.copytree(ROOT / "layouts", tmp_path / "p" / "layouts")
    client = subprocess.Popen([sys.executable, "-c", CLIENT, "--root", str(tmp_path / "p"), "check", "--runs", "10000000"],
                              env=server.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while server.workers() == 0:
        assert time.monotonic() < deadline and client.poll() is None
        time.sleep(0.05)
    time.sleep(0.5)
    client.send_signal(signal.SIGINT)
    _out, err = client.communicate(timeout=60)
    assert client.returncode == 130
    assert "interrupted" in err
    assert "Traceback" not in err


def test_an_idle_server_stops_by_itself(tmp_path):
    folder = tmp_path / "srv"
    idle = subprocess.run([sys.executable, "-c", CLIENT, "serve", "--idle", "0.02"], env=_env(folder),
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert idle.returncode == 0
    assert "ready" in idle.stderr and "idle for 0.02 min, stopping" in idle.stderr
    assert list(folder.glob("*.sock")) == []
