"""The systemd unit says what the README promises."""
import configparser
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "companion.service"


def unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None, delimiters=("=",))
    parser.optionxform = str
    parser.read(UNIT)
    return parser


def test_unit_runs_the_installed_companion_with_restart_and_a_writable_directory():
    service = unit()["Service"]
    assert service["ExecStart"] == "/opt/dungeon-companion/.venv/bin/companion run"
    assert "PREFIX=/opt/dungeon-companion" in (ROOT / "systemd" / "install-pi.sh").read_text()
    assert service["Restart"] == "on-failure"
    assert service["WorkingDirectory"] == "/var/lib/dungeon-companion"
    assert service["StateDirectory"] == "dungeon-companion"
    assert "Environment=LG_WD=/var/lib/dungeon-companion" in UNIT.read_text().splitlines()
    assert set(service["SupplementaryGroups"].split()) == {"gpio", "i2c", "video", "dialout"}
    assert service["KillSignal"] == "SIGTERM"
    assert service["ProtectSystem"] == "strict" and service["NoNewPrivileges"] == "yes"


def test_systemd_accepts_the_unit():
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed here")
    out = subprocess.run([analyze, "verify", str(UNIT)], capture_output=True, text=True)
    problems = [line for line in (out.stdout + out.stderr).splitlines()
                if line.strip() and "is not executable: No such file" not in line]
    assert problems == []
