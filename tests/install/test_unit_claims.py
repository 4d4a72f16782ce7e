"""What the README says of the unit is what the unit does: its measured exposure, the ranges the
page answers, the open-file limit above the page's connection cap."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.web.server import WebServer
from companion.web.settings import KEYS

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "companion.service"
README = (ROOT / "README.md").read_text(encoding="utf-8")


def directive(name: str) -> list[str]:
    return re.findall(rf"^{name}=(.*)$", UNIT.read_text(), re.MULTILINE)


def test_the_open_file_limit_is_far_above_the_pages_connection_cap():
    most_pages = KEYS["max_pages"][2]
    cap = WebServer(None, max_pages=most_pages).max_connections
    assert int(directive("LimitNOFILE")[0]) >= cap + 500, "room for the journal, camera, link and display"
    assert "at most 1024 open files (`LimitNOFILE`)" in README and directive("LimitNOFILE") == ["1024"]


def test_carrier_grade_nat_and_tailscale_reach_the_page_and_the_readme_says_how_to_widen_it():
    allowed = " ".join(directive("IPAddressAllow")).split()
    assert "100.64.0.0/10" in allowed and "fc00::/7" in allowed
    assert "100.64/10 for carrier-grade NAT and Tailscale" in README
    assert "`sudo systemctl edit companion` and `[Service]` `IPAddressAllow=" in README


def test_the_readme_gives_the_exposure_systemd_measures():
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed here: the README's figure is not checked")
    version = subprocess.run(
        [analyze, "--version"], capture_output=True, text=True, check=True
    ).stdout.split()[1]
    out = subprocess.run(
        [analyze, "security", "--offline=true", "--no-pager", str(UNIT)],
        capture_output=True,
        text=True,
        check=False,
    )
    level = re.search(
        r"Overall exposure level for companion\.service: ([0-9.]+) (\w+)", out.stdout + out.stderr
    )
    assert level is not None, out.stdout + out.stderr
    said = re.search(r"Measured with systemd (\d+) .*?exposure ([0-9.]+) \"(\w+)\"", README, re.DOTALL)
    assert said is not None and "no network" not in README.split("Measured with systemd")[0][-400:]
    assert (said[1], said[2], said[3]) == (version, level[1], level[2])
