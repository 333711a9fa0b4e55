"""Running a build the way a hostile project would be built: in its own process, under a
memory limit and a processor-time limit, so a test sees whether cardstock stays inside its
bounds. No test times the build: a build that runs away is killed by its processor-time
limit (`CPU_SECONDS`, RLIMIT_CPU) and the helper fails saying so; a wall-clock wait
(`WAIT_SECONDS`) is only a safety net for a build blocked without using the processor."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

MEMORY_MB = 500  # address space the build may use (RLIMIT_AS)
CPU_SECONDS = 10  # processor time the build may use (RLIMIT_CPU): past it, it is killed
WAIT_SECONDS = 120  # a build still running after this much wall time is blocked: a hang


@dataclass
class Bounded:
    code: int
    err: str
    peak_mb: float  # its largest resident size


# The build runs under a small launcher process, which starts it and reads its resources
# with wait4: a process's peak resident size survives exec, so a build forked straight from
# a large test process would report the test process's size as its own. The build's
# processor time is limited in the kernel (RLIMIT_CPU): SIGXCPU at the soft limit, SIGKILL
# at the hard one, should SIGXCPU be caught or ignored.
LAUNCHER = """
import json, os, resource, subprocess, sys, time
args, err_path, memory_mb, cpu_seconds, wait_seconds = json.loads(sys.argv[1])
def limit():
    resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))
    _, most = resource.getrlimit(resource.RLIMIT_CPU)
    hard = cpu_seconds + 5 if most == resource.RLIM_INFINITY else min(most, cpu_seconds + 5)
    resource.setrlimit(resource.RLIMIT_CPU, (min(cpu_seconds, hard), hard))
with open(err_path, "wb") as err:
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=err, preexec_fn=limit)
    started = time.monotonic()
    hung = False
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() - started > wait_seconds:
            proc.kill()
            _, status, usage = os.wait4(proc.pid, 0)
            hung = True
            break
        time.sleep(0.05)
code = os.waitstatus_to_exitcode(status)
print(json.dumps([code, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, hung]))
"""


def bounded_build(root: Path, *args: str, cache: Path | None = None) -> Bounded:
    """`cardstock --root root build --jobs 1 *args`, bounded as `bounded_command` runs it."""
    return bounded_command(root, "build", "--jobs", "1", *args, cache=cache)


def bounded_command(root: Path, *args: str, cache: Path | None = None) -> Bounded:
    """`cardstock --root root *args` in a process limited to `MEMORY_MB` of address space
    and `CPU_SECONDS` of processor time. Fails the test when the command reaches its
    processor-time limit (a runaway), or is still running after `WAIT_SECONDS` of wall
    time without reaching it (a hang: blocked on something)."""
    env = dict(os.environ, CARDSTOCK_CACHE=str(cache or root.parent / "cache"))
    err_path = root.parent / "build-stderr.txt"
    command = [sys.executable, "-m", "cardstock", "--root", str(root), *args]
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            LAUNCHER,
            json.dumps([command, str(err_path), MEMORY_MB, CPU_SECONDS, WAIT_SECONDS]),
        ],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    code, cpu, peak, hung = json.loads(out)
    err = err_path.read_text(encoding="utf-8", errors="replace")
    if hung:
        pytest.fail(
            f"cardstock {args[0]} hung: still running after {WAIT_SECONDS} s of wall time, "
            f"having used {cpu:.1f} s of processor time (of its {CPU_SECONDS} s limit)\n{err}"
        )
    if code == -signal.SIGXCPU or (code == -signal.SIGKILL and cpu >= CPU_SECONDS):
        pytest.fail(
            f"cardstock {args[0]} reached its processor-time limit of {CPU_SECONDS} s "
            f"(RLIMIT_CPU) and was killed ({signal.Signals(-code).name})\n{err}"
        )
    return Bounded(code, err, peak)


def files_below(folder: Path) -> dict[str, bytes]:
    """Every file below `folder`, by its path from there, with its bytes: taken before and
    after a refused build, to hold it to having written nothing anywhere."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def first_error(err: str) -> str:
    return next((line for line in err.splitlines() if line and not line.startswith("  ")), "")


# ------------------------------------------------------ small files that would hang or exhaust


def nested_use_svg(levels: int = 8, fanout: int = 10) -> bytes:
    """An SVG of about 1.6 KB whose `<use>` elements draw fanout**levels circles."""
    defs = ['<circle id="l0" r="1"/>']
    for level in range(1, levels + 1):
        uses = "".join(f'<use href="#l{level - 1}"/>' for _ in range(fanout))
        defs.append(f'<g id="l{level}">{uses}</g>')
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs>{"".join(defs)}</defs>'
        f'<use href="#l{levels}"/></svg>'
    ).encode()


def many_elements_svg(count: int = 1_000_000) -> bytes:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        + '<rect width="1" height="1"/>' * count
        + "</svg>"
    ).encode()


def many_css_rules_svg(count: int = 200_000) -> bytes:
    rules = "".join(f".c{i % 50}{{fill:#{i % 256:02x}0000}}" for i in range(count))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><style>{rules}</style>'
        + '<rect class="c1 c2 c3" width="5" height="5"/>' * 100
        + "</svg>"
    ).encode()


def inflating_xlsx(path: Path, unzipped: int = 3 << 30) -> None:
    """A workbook of a few megabytes whose sheet inflates to `unzipped` bytes (blank space
    inside a row: valid XML all the way)."""
    import zipfile

    parts = {
        "[Content_Types].xml": '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" '
        'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        '<Override PartName="/xl/worksheets/sheet1.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
        "_rels/.rels": '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" '
        'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
        'Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": '<?xml version="1.0"?><workbook '
        'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        '<sheets><sheet name="Cards" sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" '
        'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" '
        'Target="worksheets/sheet1.xml"/></Relationships>',
    }
    head = (
        b'<?xml version="1.0"?><worksheet '
        b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row '
        b'r="1"><c r="A1" t="inlineStr"><is><t>id</t></is></c>'
    )
    tail = b"</row></sheetData></worksheet>"
    # the fastest deflate: the bomb is made in a few seconds and still weighs a few megabytes
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        for name, text in parts.items():
            z.writestr(name, text)
        with z.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as sheet:
            sheet.write(head)
            block = b" " * (1 << 24)
            left = unzipped
            while left > 0:
                sheet.write(block[: min(left, len(block))])
                left -= len(block)
            sheet.write(tail)


def many_cells_xlsx(path: Path, rows: int = 200_000, columns: int = 10) -> None:
    import openpyxl

    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet("Cards")
    sheet.append(["id", "name", "count", *[f"x{i}" for i in range(columns - 3)]])
    for i in range(rows):
        sheet.append([f"c{i}", "C", 1, *([1] * (columns - 3))])
    book.save(path)


def yaml_alias_bomb(levels: int = 9) -> str:
    """A YAML table whose aliases expand to 10**levels values."""
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    defs = "\n".join("    " + line for line in lines)
    return f"- id: bomb\n  name: Bomb\n  count: 1\n  defs:\n{defs}\n  text: *a{levels - 1}\n"


def dotted_toml_keys(count: int = 100_000) -> str:
    return "".join(f"extra.k{i} = {i}\n" for i in range(count))


def deep_toml(depth: int = 100_000) -> str:
    return "extra = " + "[" * depth + "]" * depth + "\n"
