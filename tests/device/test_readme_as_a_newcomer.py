"""The README as a newcomer meets it on a fresh clone: every file an example command names is
in the repository (unless the line says the files are your own), every picture it links is
there, and the device's pictures are frames of the panel."""

import re
import shlex
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
FILES = re.compile(r"\.(jpg|jpeg|png|game|toml|txt)$")


def example_commands() -> list[str]:
    return [line.strip() for line in README.splitlines() if line.strip().startswith("python3 dev.py ")]


def test_every_file_an_example_names_is_in_the_repository():
    named = 0
    for line in example_commands():
        command, _, comment = line.partition("#")
        if "your own" in comment:
            continue
        for arg in shlex.split(command):
            if FILES.search(arg) and not arg.startswith("-"):
                assert (ROOT / arg).is_file(), (
                    f"README: {line!r} names {arg}, which a fresh clone does not have"
                )
                named += 1
    assert named >= 3  # the replay's game file and the dice photo, at least


def test_every_picture_and_link_in_the_readme_is_there():
    targets = re.findall(r"\]\(((?:docs|config|systemd)/[^)#]+)\)", README)
    assert any(t.startswith("docs/device/") for t in targets) and "docs/web/dodgeball-p2-hand.png" in targets
    for target in targets:
        assert (ROOT / target).exists(), target


def test_the_device_pictures_are_frames_of_the_panel_for_each_game():
    from companion.engine.registry import games

    for game in games():
        im = Image.open(ROOT / "docs" / "device" / f"{game.id}.png")
        assert im.size == (256, 128) and im.mode in ("1", "L", "P")
        assert f"docs/device/{game.id}.png" in README


def test_the_shipped_photo_carries_its_licence():
    licence = (ROOT / "docs" / "examples" / "dice-photo.LICENSE").read_text()
    assert "BSD 3-Clause" in licence and "nell-byler/dice_detection" in licence
