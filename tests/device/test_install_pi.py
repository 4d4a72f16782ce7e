"""systemd/install-pi.sh without a Pi: its copy, user and service steps run for real against a
temporary prefix, a throwaway git checkout and stand-ins for systemctl and the user tools."""

import os
import re
import shutil
import stat
import subprocess
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "systemd" / "install-pi.sh"
CONSTRAINTS = ROOT / "systemd" / "constraints-pi.txt"
FROM_APT = {"lgpio"}  # the Raspberry Pi archive provides (and pins) it

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="the install steps run as root (chown to root)")


def git(cwd, *args):
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "safe.directory=*", *args],
        cwd=cwd,
        check=True,
        capture_output=True,
    )


def checkout(tmp_path, owner=1000) -> Path:
    """A git checkout owned by an ordinary user, with the junk a used checkout has."""
    src = tmp_path / "checkout"
    (src / "systemd").mkdir(parents=True)
    (src / "companion").mkdir()
    shutil.copy(SCRIPT, src / "systemd" / "install-pi.sh")
    shutil.copy(ROOT / "systemd" / "companion.service", src / "systemd" / "companion.service")
    (src / "companion" / "game.py").write_text("VERSION = 1\n")
    (src / "companion" / "old.py").write_text("gone in the next commit\n")
    git(src, "init", "-q")
    git(src, "add", ".")
    git(src, "commit", "-q", "-m", "one")
    for junk in (
        ".venv/bin/python",
        "journal.sqlite",
        "journal.sqlite-wal",
        "frames/0001.png",
        "companion/__pycache__/game.cpython-311.pyc",
    ):
        (src / junk).parent.mkdir(parents=True, exist_ok=True)
        (src / junk).write_text("junk")
    for p in [src, *src.rglob("*")]:
        os.lchown(p, owner, owner)
    for folder in src.parents:  # its owner reaches it, as pi reaches /home/pi
        if folder.stat().st_uid == os.geteuid() and folder != Path("/"):
            folder.chmod(folder.stat().st_mode | 0o011)
    return src


def run(src, steps, tmp_path, path_dir=None, **env):
    full_env = {
        **os.environ,
        "COMPANION_PREFIX": str(tmp_path / "opt" / "dungeon-companion"),
        "COMPANION_UNIT_DIR": str(tmp_path / "units"),
        "COMPANION_INSTALL_STEPS": steps,
        **env,
    }
    if path_dir is not None:
        full_env["PATH"] = f"{path_dir}:{full_env['PATH']}"
    return subprocess.run(
        ["bash", str(src / "systemd" / "install-pi.sh")],
        capture_output=True,
        text=True,
        env=full_env,
        stdin=subprocess.DEVNULL,
    )


def fake_commands(tmp_path, script_by_name: dict[str, str]) -> Path:
    """Stand-ins on PATH that append their arguments to calls.log."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    for name, body in script_by_name.items():
        f = bin_dir / name
        f.write_text(f'#!/bin/sh\necho "{name} $*" >> "{tmp_path}/calls.log"\n{body}\n')
        f.chmod(0o755)
    return bin_dir


def calls(tmp_path) -> list[str]:
    log = tmp_path / "calls.log"
    return log.read_text().splitlines() if log.exists() else []


def test_the_script_parses_and_passes_shellcheck():
    assert subprocess.run(["bash", "-n", str(SCRIPT)], capture_output=True).returncode == 0
    shellcheck = shutil.which("shellcheck")
    if shellcheck is None:
        pytest.skip("shellcheck is not installed here (apt-get install shellcheck)")
    out = subprocess.run([shellcheck, str(SCRIPT)], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout


@needs_root
def test_copy_installs_only_committed_files_owned_by_root_and_an_upgrade_replaces_them(tmp_path):
    src = checkout(tmp_path)
    (src / "companion" / "game.py").write_text("VERSION = 'edited, not committed'\n")
    r = run(src, "copy", tmp_path)
    assert r.returncode == 0, r.stderr
    assert "local changes" in r.stderr
    prefix = tmp_path / "opt" / "dungeon-companion"
    files = sorted(str(p.relative_to(prefix)) for p in prefix.rglob("*") if p.is_file())
    assert files == [
        "companion/game.py",
        "companion/old.py",
        "systemd/companion.service",
        "systemd/install-pi.sh",
    ]
    assert (prefix / "companion" / "game.py").read_text() == "VERSION = 1\n"  # the commit, not the edit
    for p in [prefix, *prefix.rglob("*")]:
        st = p.lstat()
        assert (st.st_uid, st.st_gid) == (0, 0), p
        assert not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH), p
    assert os.access(prefix / "systemd" / "install-pi.sh", os.X_OK)

    # an upgrade: a venv made meanwhile is kept, a file deleted upstream goes
    (prefix / ".venv" / "bin").mkdir(parents=True)
    (prefix / ".venv" / "bin" / "python").write_text("the venv")
    git(src, "rm", "-q", "companion/old.py")
    (src / "companion" / "game.py").write_text("VERSION = 2\n")
    git(src, "commit", "-q", "-am", "two")
    r = run(src, "copy", tmp_path)
    assert r.returncode == 0, r.stderr
    assert (prefix / "companion" / "game.py").read_text() == "VERSION = 2\n"
    assert not (prefix / "companion" / "old.py").exists()
    assert (prefix / ".venv" / "bin" / "python").read_text() == "the venv"
    assert sorted(p.name for p in prefix.parent.iterdir()) == ["dungeon-companion"]  # no .new/.old left


@needs_root
def test_copy_refuses_a_directory_that_is_not_a_git_checkout(tmp_path):
    src = tmp_path / "unpacked"
    (src / "systemd").mkdir(parents=True)
    shutil.copy(SCRIPT, src / "systemd" / "install-pi.sh")
    r = run(src, "copy", tmp_path)
    assert r.returncode == 2
    assert "is not a git checkout" in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "opt").exists()


@needs_root
def test_first_install_enables_and_starts_an_upgrade_restarts(tmp_path):
    src = checkout(tmp_path)
    assert run(src, "copy", tmp_path).returncode == 0
    prefix = tmp_path / "opt" / "dungeon-companion"
    (prefix / ".venv" / "bin").mkdir(parents=True)
    doctor = prefix / ".venv" / "bin" / "companion"
    doctor.write_text("#!/bin/sh\nexit 0\n")
    doctor.chmod(0o755)
    bin_dir = fake_commands(tmp_path, {"systemctl": "exit 0"})
    r = run(src, "service", tmp_path, bin_dir)
    assert r.returncode == 0, r.stderr
    assert calls(tmp_path) == ["systemctl daemon-reload", "systemctl enable --now companion"]
    assert (tmp_path / "units" / "companion.service").read_text() == (
        ROOT / "systemd" / "companion.service"
    ).read_text()
    (tmp_path / "calls.log").unlink()
    r = run(src, "service", tmp_path, bin_dir)
    assert r.returncode == 0, r.stderr
    assert calls(tmp_path) == [
        "systemctl daemon-reload",
        "systemctl enable companion",
        "systemctl restart companion",
    ]


@needs_root
def test_the_user_joins_only_the_hardware_groups_that_exist(tmp_path):
    src = checkout(tmp_path)
    bin_dir = fake_commands(
        tmp_path,
        {
            "id": '[ "$1" = -u ] && echo 0 || exit 1',  # root; no such user yet
            "useradd": "exit 0",
            "usermod": "exit 0",
            "getent": 'case "$2" in gpio|video) exit 0 ;; *) exit 2 ;; esac',
        },
    )
    r = run(src, "user", tmp_path, bin_dir)
    assert r.returncode == 0, r.stderr
    made = [c for c in calls(tmp_path) if c.startswith(("useradd", "usermod"))]
    assert made == [
        "useradd --system --home-dir /var/lib/dungeon-companion --shell /usr/sbin/nologin companion",
        "usermod -aG gpio companion",
        "usermod -aG video companion",
    ]
    assert "no group i2c on this system: skipped" in r.stderr and "no group dialout" in r.stderr


@needs_root
def test_an_unknown_step_is_refused(tmp_path):
    r = run(checkout(tmp_path), "copy sevice", tmp_path)
    assert r.returncode == 2 and "unknown step 'sevice'" in r.stderr


def test_constraints_pin_every_runtime_dependency_at_the_tested_version():
    from packaging.requirements import Requirement

    def name(req: str) -> str:
        return re.sub(r"[-_.]+", "-", Requirement(req).name).lower()

    pins = dict(re.findall(r"^([A-Za-z0-9_.\-]+)==(\S+)$", CONSTRAINTS.read_text(), re.M))
    norm = {re.sub(r"[-_.]+", "-", k).lower(): v for k, v in pins.items()}
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = set()
    for req in project["dependencies"] + project["optional-dependencies"]["pi"]:
        wanted.add(name(req))
    for dist in sorted(wanted - FROM_APT):  # and what they pull in on the Pi
        for req in metadata.requires(dist) or []:
            marker = Requirement(req).marker
            if marker is None or marker.evaluate({"extra": "", "python_version": "3.11"}):
                wanted.add(name(req))
    missing = sorted(wanted - FROM_APT - set(norm))
    assert not missing, f"not pinned in {CONSTRAINTS.name}: {missing}"
    for dist in wanted - FROM_APT - {"setuptools"}:
        assert norm[dist] == metadata.version(dist), (
            f"{dist}: pinned {norm[dist]}, tested {metadata.version(dist)}"
        )
    assert int(norm["setuptools"].split(".")[0]) >= 68  # the build backend's floor
