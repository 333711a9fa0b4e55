"""The warm build server: `cardstock serve` keeps cardstock loaded and forks one worker per
command; the `cardstock` command hands a running server its command.

A cold `cardstock` run spends most of a small build starting up: Python, Pydantic, Jinja2,
ReportLab, cardstock's own modules and four TrueType fonts. `cardstock serve` pays that once.
Each command the `cardstock` command sends it (arguments, working directory, environment,
umask and its stdin/stdout/stderr, passed as file descriptors over a Unix socket) runs in a
fresh fork of the warm server, so it starts with everything imported and nothing left over
from an earlier build: the worker reads the catalog, checks and draws exactly as a cold run
does, writes to the same terminal and its exit code becomes the command's.

The command runs in its own process instead (always correct, only slower) when no server
is running, when CARDSTOCK_NO_SERVER is set, for `serve` and `--watch` (a long-lived process
already), and when the server is stale: the server compares its package's files with the
ones it started from before every command, and a changed install makes it step aside and
exit. One server serves one installation (the socket's name is derived from the package
folder and the Python that runs it); the socket lives in a folder only its user can open.

The client side of this module imports nothing heavy, so a served command starts in the
time Python itself takes.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import socket
import struct
import sys
import time
from typing import Any, Optional, Sequence

PROTOCOL = 1
PACKAGE = os.path.dirname(os.path.abspath(__file__))
EXIT_INTERNAL = 3
_HEADER = struct.Struct("!I")
_MAX_REQUEST = 8 << 20


# ------------------------------------------------------------------ where the server listens

def server_dir() -> str:
    """The folder holding the sockets: $CARDSTOCK_SERVER_DIR, else cardstock-<uid> in
    $XDG_RUNTIME_DIR (or the temporary folder)."""
    given = os.environ.get("CARDSTOCK_SERVER_DIR")
    if given:
        return given
    base = os.environ.get("XDG_RUNTIME_DIR") or os.environ.get("TMPDIR") or "/tmp"
    return os.path.join(base, f"cardstock-{os.getuid()}")


def socket_path() -> str:
    """This installation's socket: one server per package folder and Python."""
    ident = hashlib.sha256(f"{PACKAGE}\0{sys.executable}".encode()).hexdigest()[:16]
    return os.path.join(server_dir(), f"{ident}.sock")


def code_stamp() -> tuple:
    """Every file of the package (code, fonts, shipped layouts) with its size and mtime: the
    server serves only while this is what it started with."""
    from pathlib import Path

    from .project import files_in

    out = []
    for path in sorted(files_in(Path(PACKAGE))):
        try:
            st = path.stat()
        except OSError:
            continue
        out.append((str(path), st.st_size, st.st_mtime_ns))
    return tuple(out)


def _version() -> str:
    from . import __version__

    return __version__


# ------------------------------------------------------------------ the client


SUPPORTED = hasattr(os, "fork") and hasattr(socket, "AF_UNIX") and hasattr(socket, "send_fds")


def runs_here(argv: Sequence[str]) -> bool:
    """Commands that never go to a server: `serve` itself, `--watch` (a long-lived process
    already), any command when CARDSTOCK_NO_SERVER is set or where the platform has no
    fork and descriptor passing (Windows)."""
    return not SUPPORTED or bool(os.environ.get("CARDSTOCK_NO_SERVER")) or "serve" in argv or "--watch" in argv


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The `cardstock` command: through a running server when there is one, else here."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not runs_here(argv):
        code = send(argv)
        if code is not None:
            return code
    from .cli import main as run_here

    return run_here(argv)


def _open_fd(fd: int) -> int:
    """`fd` when it is open, else a descriptor on the null device to send in its place."""
    try:
        os.fstat(fd)
        return fd
    except OSError:
        return os.open(os.devnull, os.O_RDWR)


def send(argv: list[str]) -> Optional[int]:
    """Run `argv` in the server's worker and return its exit code; None when no server took
    the command (none running, or a stale one), so it should run here."""
    path = socket_path()
    if not os.path.exists(path):
        return None
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        conn.connect(path)
    except OSError:  # a socket left behind by a server that is gone
        conn.close()
        return None
    umask = os.umask(0o22)
    os.umask(umask)
    request = json.dumps({
        "protocol": PROTOCOL,
        "version": _version(),
        "argv": argv,
        "cwd": os.getcwd(),
        "env": dict(os.environ),
        "umask": umask,
        "encodings": [getattr(s, "encoding", None) or "utf-8" for s in (sys.stdin, sys.stdout, sys.stderr)],
    }).encode()
    fds = [_open_fd(fd) for fd in (0, 1, 2)]
    try:
        socket.send_fds(conn, [_HEADER.pack(len(request)), request], fds)
    except OSError:
        conn.close()
        return None
    return _await(conn)


def _await(conn: socket.socket) -> Optional[int]:
    """Read the server's replies: the worker's pid (Ctrl-C and termination are passed on to
    it), then its exit code."""
    replies = conn.makefile("rb")
    worker: list[int] = []

    def forward(signum, _frame) -> None:
        if worker:
            try:
                os.kill(worker[0], signum)
            except ProcessLookupError:
                pass

    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, forward)
    try:
        while True:
            try:
                line = replies.readline()
            except KeyboardInterrupt:
                forward(signal.SIGINT, None)
                if not worker:
                    return 130
                continue
            if not line:
                if not worker:  # the server closed before starting a worker: nothing ran
                    return None
                print("cardstock: the build server's worker ended without an exit code", file=sys.stderr)
                return EXIT_INTERNAL
            reply = json.loads(line)
            if "pid" in reply:
                worker.append(int(reply["pid"]))
            elif "exit" in reply:
                return int(reply["exit"])
            elif "declined" in reply:
                print(f"cardstock: {reply['declined']}; building in this process", file=sys.stderr)
                return None
    finally:
        replies.close()
        conn.close()


# ------------------------------------------------------------------ the server


def warm_up() -> None:
    """Import every module a command may use and register the fonts, so workers start
    with them. Data (catalogs, layouts, faces) is not loaded: each worker reads its own."""
    import importlib
    import pkgutil

    import cardstock

    for info in pkgutil.walk_packages(cardstock.__path__, "cardstock."):
        if not info.name.startswith("cardstock.shipped"):
            importlib.import_module(info.name)
    for name in ("reportlab.platypus", "reportlab.pdfgen.canvas", "svgwrite", "jinja2.sandbox", "concurrent.futures.process"):
        importlib.import_module(name)
    from . import fonts

    fonts.register_all()
    from pydantic import BaseModel

    for model in _subclasses(BaseModel):
        if model.__module__.startswith("cardstock.") and not model.__pydantic_complete__:
            try:
                model.model_rebuild()
            except Exception:  # a model that cannot be built yet is built by the worker
                pass


def _subclasses(cls: type) -> list[type]:
    out, todo = [], [cls]
    while todo:
        for sub in todo.pop().__subclasses__():
            out.append(sub)
            todo.append(sub)
    return out


def _private_dir(folder: str) -> Optional[str]:
    """Create the socket folder (mode 700); an error message when it is not ours alone."""
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        st = os.stat(folder)
    except OSError as exc:
        return f"cannot create {folder}: {exc.strerror}"
    if st.st_uid != os.getuid() or st.st_mode & 0o077:
        return f"{folder} must belong to you and be closed to others (mode 700)"
    return None


def _alive(path: str) -> bool:
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.connect(path)
        return True
    except OSError:
        return False
    finally:
        probe.close()


def serve(idle_minutes: float = 60.0, log=None) -> int:
    """Serve commands until stopped (Ctrl-C, SIGTERM, `cardstock serve --stop`) or idle for
    `idle_minutes`, or until the installed package changes."""
    log = log or sys.stderr
    if not SUPPORTED:
        print("cardstock serve: needs a Unix system (fork and descriptor passing)", file=log)
        return 2
    path = socket_path()
    problem = _private_dir(os.path.dirname(path))
    if problem:
        print(f"cardstock serve: {problem}", file=log)
        return 2
    if _alive(path):
        print(f"cardstock serve: a server is already running on {path}", file=log)
        return 0
    started = time.perf_counter()
    warm_up()
    stamp = code_stamp()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    temporary = f"{path}.{os.getpid()}"
    listener.bind(temporary)
    os.rename(temporary, path)  # replaces a socket left by a server that is gone
    listener.listen(16)
    listener.settimeout(1.0)
    mine = os.stat(path).st_ino
    stopping: list[str] = []

    def stop(signum, _frame) -> None:
        stopping.append(signal.Signals(signum).name)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    _say(log, f"cardstock serve: ready in {time.perf_counter() - started:.2f}s on {path}; Ctrl-C stops")
    last = time.monotonic()
    try:
        while not stopping:
            _reap(log)
            if time.monotonic() - last > idle_minutes * 60:
                _say(log, f"cardstock serve: idle for {idle_minutes:g} min, stopping")
                break
            try:
                conn, _ = listener.accept()
            except (socket.timeout, InterruptedError):
                continue
            last = time.monotonic()
            verdict = _take(conn, listener, stamp, log)
            if verdict == "stop":
                break
    finally:
        listener.close()
        try:
            if os.stat(path).st_ino == mine:
                os.unlink(path)
        except OSError:
            pass
        _reap(log)
    return 0


def _say(log, text: str) -> None:
    """One line to the server's log; a log nobody reads any more (a closed terminal) does
    not stop the server."""
    try:
        print(text, file=log, flush=True)
    except (OSError, ValueError):
        pass


def _reap(log) -> None:
    """Collect ended workers, logging each one's exit code and peak memory."""
    while True:
        try:
            pid, status, usage = os.wait4(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        _say(log, f"cardstock serve: worker {pid} ended: exit {os.waitstatus_to_exitcode(status)}, "
              f"peak {usage.ru_maxrss / 1024:.1f} MB")


def _receive(conn: socket.socket) -> tuple[Optional[dict], list[int]]:
    """One request: a length, the JSON text and the client's three descriptors."""
    conn.settimeout(10.0)
    data, fds, _flags, _addr = socket.recv_fds(conn, 65536, 3)
    while len(data) < _HEADER.size or len(data) < _HEADER.size + _HEADER.unpack_from(data)[0]:
        if len(data) > _MAX_REQUEST + _HEADER.size:
            return None, fds
        more = conn.recv(65536)
        if not more:
            return None, fds
        data += more
    size = _HEADER.unpack_from(data)[0]
    try:
        request = json.loads(data[_HEADER.size:_HEADER.size + size])
    except ValueError:
        return None, fds
    return (request if isinstance(request, dict) else None), fds


def _reply(conn: socket.socket, **message: Any) -> None:
    try:
        conn.sendall(json.dumps(message).encode() + b"\n")
    except OSError:
        pass


def _take(conn: socket.socket, listener: socket.socket, stamp: tuple, log) -> str:
    """Check one request and fork its worker; "stop" when the server must step aside."""
    fds: list[int] = []
    try:
        try:
            request, fds = _receive(conn)
        except OSError:
            return "go on"
        if request is not None and request.get("stop"):
            _reply(conn, stopping=True)
            _say(log, "cardstock serve: asked to stop")
            return "stop"
        if request is None or len(fds) != 3:
            _reply(conn, declined="the build server could not read the command")
            return "go on"
        if request.get("protocol") != PROTOCOL or request.get("version") != _version():
            _reply(conn, declined=f"the build server runs cardstock {_version()}, another version")
            return "go on"
        if code_stamp() != stamp:
            _reply(conn, declined="cardstock changed since the build server started; it stopped")
            _say(log, "cardstock serve: the installed package changed, stopping")
            return "stop"
        pid = os.fork()
        if pid == 0:
            _worker(conn, listener, request, fds)  # never returns
        _say(log, f"cardstock serve: worker {pid} started: {' '.join(request.get('argv', []))}")
        return "go on"
    finally:
        for fd in fds:
            os.close(fd)
        conn.close()


def _worker(conn: socket.socket, listener: socket.socket, request: dict, fds: list[int]) -> None:
    """In the forked worker: become the client's process (descriptors, folder, environment,
    umask), run the command, send its exit code, exit."""
    code = EXIT_INTERNAL
    try:
        listener.close()
        for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGCHLD):
            signal.signal(signum, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        os.umask(int(request["umask"]))
        _streams(request.get("encodings") or ["utf-8"] * 3)
        argv = [str(a) for a in request["argv"]]
        sys.argv = ["cardstock", *argv]
        _reply(conn, pid=os.getpid())
        code = _run(argv)
    except BaseException as exc:  # the worker could not become the client's process
        try:
            print(f"cardstock: the build server could not run the command: {exc}", file=sys.stderr)
        except Exception:
            pass
        code = EXIT_INTERNAL
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                pass
        _reply(conn, exit=code)
        os._exit(code)


def _streams(encodings: list[str]) -> None:
    """Python's standard streams on the client's descriptors (line-buffered on a terminal,
    as Python would have made them)."""
    modes = ("r", "w", "w")
    made = []
    for fd, mode, encoding in zip((0, 1, 2), modes, encodings):
        tty = os.isatty(fd)
        made.append(open(fd, mode, buffering=1 if (tty or fd == 2) else -1, encoding=encoding,
                         errors="backslashreplace" if fd == 2 else "strict", closefd=False))
    sys.stdin, sys.stdout, sys.stderr = made


def _run(argv: list[str]) -> int:
    from .cli import main as run_here

    try:
        return int(run_here(argv) or 0)
    except SystemExit as exc:  # argparse: --help, --version, bad options
        if exc.code is None:
            return 0
        if isinstance(exc.code, int):
            return exc.code
        print(exc.code, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted; nothing half-written was kept", file=sys.stderr)
        return 130


def stop_server(log=None) -> int:
    """`cardstock serve --stop`: ask this installation's server to stop."""
    log = log or sys.stderr
    path = socket_path()
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        conn.connect(path)
    except OSError:
        print("cardstock serve: no server is running", file=log)
        return 0
    request = json.dumps({"protocol": PROTOCOL, "version": _version(), "stop": True}).encode()
    conn.sendall(_HEADER.pack(len(request)) + request)
    conn.settimeout(10.0)
    try:
        answer = conn.recv(4096)
    except OSError:
        answer = b""
    finally:
        conn.close()
    if b"stopping" in answer:
        print("cardstock serve: stopped", file=log)
        return 0
    print("cardstock serve: the server did not answer", file=log)
    return 1
