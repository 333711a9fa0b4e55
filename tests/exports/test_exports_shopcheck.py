"""A project's `layouts/print-shops.toml` is input like any other (`exports.shopcheck`): a
size's name that is no plain file name, an image out of bounds (pixels, dpi) or a PDF/X
profile outside `layouts/` is refused at its line by the validation pass, exit 2, and
nothing is written, in the project or outside it; and a name no reader checked still
cannot become a path (`core.names.child`)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT, job_of, load_games
from helpers_bounds import files_below

from cardstock.cli import main
from cardstock.core.names import NotPlain
from cardstock.core.stage import BuildOptions
from cardstock.exports import presets
from cardstock.exports.presets import build_print_shop, load_presets

SHIPPED = (ROOT / "layouts" / "print-shops.toml").read_text(encoding="utf-8")
POKER = '{ name = "poker", trim = "2.5in x 3.5in", pixels = [822, 1122], dpi = 300'
BOX = 'depth = "0.55in", pixels = [2100, 1800], dpi = 300'


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """The mini game in a project of its own, in a folder of the test's folder (so what
    the build might write beside the project is seen)."""
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    (root / "layouts").mkdir()
    return root


def refused(root: Path, capsys, old: str, new: str, services: str = "mpc,printerstudio") -> str:
    """The build's messages for the shipped presets with the first `old` made `new`, after
    checking that it exits 2, says no internal error and writes nothing anywhere in the
    test's folder (no output/ either)."""
    text = SHIPPED.replace(old, new, 1)
    assert text != SHIPPED
    (root / "layouts" / "print-shops.toml").write_text(text, encoding="utf-8")
    before = files_below(root.parent)
    capsys.readouterr()
    code = main(["--root", str(root), "--for", services, "--only", "print-shop", "--jobs", "1"])
    said = capsys.readouterr()
    assert "internal error" not in said.out + said.err
    assert code == 2, said.err
    assert files_below(root.parent) == before
    assert not (root / "output").exists()
    return said.err


def line_of(root: Path, text: str) -> int:
    rows = (root / "layouts" / "print-shops.toml").read_text(encoding="utf-8").splitlines()
    return next(i for i, row in enumerate(rows, 1) if text in row)


@pytest.mark.parametrize(
    "name, why",
    [
        ("../../../../../../escaped-printshop", "a name may not hold '/'"),
        ("ABSOLUTE", "a name may not hold '/'"),
        ("..", "'..' names a folder, not an entry of one"),
        ("up\\\\..\\\\..", "a name may not hold '/' or '\\'"),
        ("-rf", "a name may not start with '-'"),
        ("poker\\u001b[2J", "control character"),
    ],
)
def test_a_size_named_as_no_folder_can_be_is_refused_at_its_line_and_nothing_is_written(
    project, capsys, name, why
):
    name = name.replace("ABSOLUTE", str(project.parent / "abs-printshop"))
    err = refused(project, capsys, POKER, POKER.replace('"poker"', f'"{name}"'))
    line = line_of(project, "2.5in x 3.5in")
    assert f"layouts/print-shops.toml:{line}: services.mpc.sizes[0].name: " in err, err
    assert why in err
    assert not (project.parent / "escaped-printshop").exists()
    assert not (project.parent / "abs-printshop").exists()


def test_each_size_of_a_service_is_named_once(project, capsys):
    bridge = '{ name = "bridge", trim = "2.25in x 3.5in"'
    err = refused(project, capsys, bridge, bridge.replace('"bridge"', '"Poker"'))
    line = line_of(project, '"Poker"')
    assert (
        f"layouts/print-shops.toml:{line}: services.mpc.sizes[1].name: "
        "the name of sizes[0] already" in err
    ), err


@pytest.mark.parametrize(
    "image, field, message",
    [
        ("pixels = [200000, 300000], dpi = 300", "pixels", "at most 50 megapixels"),
        ("pixels = [822, 1122], dpi = 100000", "dpi", "from 10 to 1200 dots per inch"),
        ("pixels = [822, 1122], dpi = 0", "dpi", "greater than 0"),
        ("pixels = [822, 1122], dpi = 5", "dpi", "from 10 to 1200 dots per inch"),
        ("pixels = [-822, 0], dpi = 300", "pixels", "at least 1 pixel a side"),
        ("pixels = [0, 1122], dpi = 300", "pixels", "at least 1 pixel a side"),
        ("pixels = [700, 1122], dpi = 300", "pixels", "smaller than the trim (750 x 1050 px)"),
    ],
)
def test_a_sizes_image_out_of_bounds_is_refused_at_its_line(project, capsys, image, field, message):
    err = refused(project, capsys, "pixels = [822, 1122], dpi = 300", image, "mpc")
    line = line_of(project, image)
    assert f"layouts/print-shops.toml:{line}: services.mpc.sizes[0].{field}" in err, err
    assert message in err


@pytest.mark.parametrize(
    "image, field, message",
    [
        ("pixels = [200000, 300000], dpi = 300", "pixels", "at most 50 megapixels"),
        ("pixels = [-2100, 1800], dpi = 300", "pixels", "at least 1 pixel a side"),
        ("pixels = [2100, 1800], dpi = 100000", "dpi", "from 10 to 1200 dots per inch"),
    ],
)
def test_a_tuck_boxs_image_out_of_bounds_is_refused_at_its_line(
    project, capsys, image, field, message
):
    new = BOX.replace("pixels = [2100, 1800], dpi = 300", image)
    err = refused(project, capsys, BOX, new, "tgc")
    line = line_of(project, new)
    assert f"layouts/print-shops.toml:{line}: services.tgc.tuckboxes[0].{field}: " in err, err
    assert message in err


@pytest.mark.parametrize(
    "profile, message",
    [
        ("../../../../../../etc/hostname", "'..' names a folder"),
        ("/etc/hostname", "not an absolute one"),
        ("profiles//cgats-tr005.icc", "an empty name"),
    ],
)
def test_a_pdfx_profile_is_a_file_below_layouts(project, capsys, profile, message):
    shipped = 'profile = "profiles/cgats-tr005.icc"'
    err = refused(project, capsys, shipped, f'profile = "{profile}"', "drivethru")
    line = line_of(project, profile)
    assert f"layouts/print-shops.toml:{line}: services.drivethru.pdfx.profile: " in err, err
    assert message in err


def test_the_shipped_presets_pass_the_checks():
    services, problems = load_presets(ROOT)
    assert services and problems == []


def test_a_size_name_no_reader_checked_still_goes_through_the_one_door(project, monkeypatch):
    """Should a name slip past the validation, the stage refuses to join it to a path
    (`NotPlain`) rather than write outside its folder."""
    services, problems = load_presets(project)
    assert not problems
    mpc = services["mpc"]
    bad = mpc.model_copy(
        update={
            "sizes": [size.model_copy(update={"name": "../../../../escaped"}) for size in mpc.sizes]
        }
    )
    monkeypatch.setattr(presets, "load_presets", lambda root: ({"mpc": bad}, []))
    (cat,), issues = load_games(project, ["mini"])
    assert not issues.errors
    before = files_below(project.parent)
    out = project / "output"
    with pytest.raises(NotPlain):
        build_print_shop(job_of(cat, BuildOptions(out=out, services=("mpc",))))
    assert files_below(project.parent) == before
