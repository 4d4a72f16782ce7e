"""The systemd unit says what the README promises, starts on any Pi, and is sandboxed."""

import configparser
import fnmatch
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "companion.service"

# /proc/devices names of what the service drives, on a Pi 3, 4 or 5 (Bookworm kernels)
HARDWARE_DEVICE_GROUPS = {
    "OLED": ["i2c"],
    "buttons": ["gpiochip", "bcm2835-gpiomem", "rpi-gpiomem"],
    "camera": ["video4linux", "media", "dma_heap", "vchiq"],
    "serial link": ["ttyAMA", "ttyS", "ttyUSB", "ttyACM"],
}


def unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None, delimiters=("=",))
    parser.optionxform = str
    parser.read(UNIT)
    return parser


def directives(name: str) -> list[str]:
    """Every value of a directive that may repeat (configparser keeps only the last)."""
    return re.findall(rf"^{name}=(.*)$", UNIT.read_text(), re.M)


def test_unit_runs_the_installed_companion_with_restart_and_a_writable_directory():
    service = unit()["Service"]
    assert service["ExecStart"] == "/opt/dungeon-companion/.venv/bin/companion run"
    assert (
        "PREFIX=${COMPANION_PREFIX:-/opt/dungeon-companion}"
        in (ROOT / "systemd" / "install-pi.sh").read_text()
    )
    assert service["Restart"] == "on-failure"
    assert service["WorkingDirectory"] == "/var/lib/dungeon-companion"
    assert service["StateDirectory"] == "dungeon-companion"
    assert "Environment=LG_WD=/var/lib/dungeon-companion" in UNIT.read_text().splitlines()
    assert service["KillSignal"] == "SIGTERM"
    assert service["ProtectSystem"] == "strict" and service["NoNewPrivileges"] == "yes"


def test_a_missing_group_or_a_deprecated_unit_cannot_fail_the_start():
    assert directives("SupplementaryGroups") == []  # the install script adds the groups that exist
    assert unit()["Service"]["User"] == "companion"
    assert "udev-settle" not in UNIT.read_text()
    assert unit()["Unit"]["After"] == "local-fs.target"


def test_the_main_loop_is_watched():
    service = unit()["Service"]
    assert service["Type"] == "notify" and service["NotifyAccess"] == "main"
    assert 10 <= int(service["WatchdogSec"]) <= 120


def test_sandbox_system_calls_proc_and_network():
    service = unit()["Service"]
    assert directives("SystemCallFilter")[0] == "@system-service"
    assert service["SystemCallErrorNumber"] == "EPERM"
    assert service["ProtectProc"] == "invisible"
    families = service["RestrictAddressFamilies"].split()
    assert "AF_UNIX" in families and "AF_PACKET" not in families


def test_the_network_is_the_phones_at_the_table_and_nothing_beyond():
    """The phones' page ([web], on by default) needs IP; only local ranges are allowed."""
    service = unit()["Service"]
    assert {"AF_INET", "AF_INET6"} <= set(service["RestrictAddressFamilies"].split())
    assert service.get("PrivateNetwork", "no") != "yes"
    assert service["IPAddressDeny"] == "any"
    allowed = " ".join(directives("IPAddressAllow")).split()
    assert "any" not in allowed and "0.0.0.0/0" not in allowed and "::/0" not in allowed
    for local in ("localhost", "link-local", "multicast", "192.168.0.0/16", "10.0.0.0/8"):
        assert local in allowed, local
    web = tomllib.loads((ROOT / "config" / "device.toml").read_text())["web"]
    assert web["enabled"] and web["port"] >= 1024  # no capability needed to listen


def test_only_the_hardware_devices_are_allowed():
    assert unit()["Service"]["DevicePolicy"] == "closed"
    allowed = [v.split() for v in directives("DeviceAllow")]
    assert all(access == "rw" and pattern.startswith("char-") for pattern, access in allowed), allowed
    patterns = [pattern.removeprefix("char-") for pattern, _ in allowed]
    for need, groups in HARDWARE_DEVICE_GROUPS.items():
        for group in groups:
            assert any(fnmatch.fnmatchcase(group, p) for p in patterns), (
                f"{need}: /dev group {group} not allowed"
            )
    for other in ("mem", "kmsg", "drm", "input", "hidraw", "usb_device", "misc", "fb", "spidev"):
        assert not any(fnmatch.fnmatchcase(other, p) for p in patterns), f"{other} should stay closed"


def test_systemd_accepts_the_unit():
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed here")
    out = subprocess.run([analyze, "verify", str(UNIT)], capture_output=True, text=True)
    problems = [
        line
        for line in (out.stdout + out.stderr).splitlines()
        if line.strip() and "is not executable: No such file" not in line
    ]
    assert problems == []


def test_exposure_is_at_most_2():
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed here")
    out = subprocess.run(
        [analyze, "security", "--offline=true", "--no-pager", str(UNIT)], capture_output=True, text=True
    )
    level = re.search(r"Overall exposure level for companion\.service: ([0-9.]+)", out.stdout + out.stderr)
    assert level is not None, out.stdout + out.stderr
    assert float(level.group(1)) <= 2.0
